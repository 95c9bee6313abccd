"""A change the engine made, told as no change; a clock told as full when it is not; harm the engine did not deal.

"You fail, but you keep your heat where it was" after the engine marked heat; "you still have all five arrows" after
a volley spent one; "the project clock fills completely" when it stands at 7 of 8; "they shoot you in the back and
you fall" when the engine dealt no harm (a miss's price is the player's next roll, not the story's to pick). The
other checks read claims of a change in numbers; these read claims that nothing changed, or harm told as story.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import meter_words
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical, negated

_SAME = r"(?:where (?:it|they) (?:was|were)|unchanged|untouched|steady|the same|as (?:it|they) (?:was|were)|intact)"
_KEPT = (
    r"\b(?:keep|keeps|kept|still have|still has|hold on to|holds on to)\s+(?:all\s+(?:of\s+)?)?(?:your\s+|the\s+crew's\s+|the\s+|"
    r"(?:\w+\s+)?)?(?:\w+\s+)?(?P<m>{meters})\b(?P<same>\s+{same})?"
)
_STAYS = r"\b(?:your\s+|the\s+crew's\s+|the\s+)?(?P<m>{meters})\s+(?:stays|stay|remains|remain|holds|hold|is|are)\s+{same}"
_NO_LOSS = r"\b(?:lose|loses|lost|spend|spends|spent|use|uses|used)\s+no\s+(?P<m>{meters})\b"
_FULL = re.compile(
    r"\b(?:the\s+)?(?:\w+\s+){0,2}?clock\s+(?:fills|filled|is filled|is full|is complete|completes|completed)"
    r"(?:\s+(?:completely|entirely|up|all the way))?\b|\bfill(?:s|ed)?\s+(?:the\s+)?(?:\w+\s+){0,2}?clock\s+"
    r"(?:completely|entirely|all the way)\b"
)


_HARM = re.compile(
    r"\b(?:shoots?|shot|stabs?|stabbed|slash(?:es|ed)?|wounds?|wounded|injures?|injured|impales?|impaled|skewers?|"
    r"skewered)\s+you\b(?!\s+(?:as|that|with a look))"
    r"|\byou\s+(?:are|were|get|got)\s+(?:badly\s+|gravely\s+)?(?:shot|stabbed|wounded|injured|hurt|impaled)\b"
    r"|\byou\s+(?:fall|collapse|crumple)\s+(?:to the ground|unconscious|senseless|to the floor|to your knees)\b"
    r"|\byou\s+(?:bleed|black out|lose consciousness)\b"
    r"|\byou\s+(?:get|got|are|were)\s+hit\b|\byou\s+(?:take|took)\s+(?:a|the)\s+(?:hit|blow|wound)\b"
)
#: What the engine changes when it deals harm, per system (any of them changed: the story may tell the wound).
_HARM_TARGETS = frozenset({"health", "hp", "harm", "stress", "integrity", "companion_health", "blood", "spirit"})


def check_unchanged(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A meter the engine changed, told as kept; a clock told as full that the engine left short of full; harm
    told as dealt to the player's character when the engine dealt none."""
    if sentence.question:
        return []
    return _kept(sentence, facts) + _full_clock(sentence, facts) + _harm(sentence, facts)


def _harm(sentence: Sentence, facts: Facts) -> list[Violation]:
    if (
        not facts.results
        or any(t in facts.changes for t in _HARM_TARGETS)
        or any("impact" in t or "harm" in t for t in facts.changes)
    ):
        return []
    m = _HARM.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL) or negated(sentence.narr, m.start(), 3):
        return []
    excerpt = " ".join(sentence.original[m.start() : m.end()].split())
    detail = f"'{excerpt}': the engine dealt no harm this turn; harm comes from the moves the player makes"
    return [Violation(ViolationKind.STATE, detail, excerpt)]


def _kept(sentence: Sentence, facts: Facts) -> list[Violation]:
    meters = meter_words(facts.system)
    if not meters or not facts.changes:
        return []
    alt = "|".join(re.escape(w) for w in sorted(meters, key=len, reverse=True))
    text = sentence.narr
    for pattern in (_KEPT, _STAYS, _NO_LOSS):
        for m in re.finditer(pattern.format(meters=alt, same=_SAME), text):
            if pattern is _KEPT and not m.group("same") and not re.search(r"\b(?:all|still)\b", m.group(0)):
                continue  # "you keep your heat low" is advice, "you still have all five arrows" a claim
            target = meters[m.group("m")][0]
            changes = [c for c in facts.changes.get(target, []) if c.delta]
            if not changes or hypothetical(text, m.start(), m.end(), HYPOTHETICAL):
                continue
            excerpt = " ".join(sentence.original[m.start() : m.end()].split())
            moved = ", ".join(f"{c.delta:+d}" for c in changes if c.delta is not None)
            detail = f"'{excerpt}': the engine changed {target.replace('_', ' ')} ({moved})"
            return [Violation(ViolationKind.STATE, detail, excerpt)]
    return []


def _full_clock(sentence: Sentence, facts: Facts) -> list[Violation]:
    m = _FULL.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL):
        return []
    clocks = [r.clock for r in facts.results if isinstance(r.clock, dict) and isinstance(r.clock.get("segments"), int)]
    short = [c for c in clocks if isinstance(c.get("filled"), int) and c["filled"] < c["segments"]]
    if not clocks or len(short) != len(clocks):
        return []
    excerpt = " ".join(sentence.original[m.start() : m.end()].split())
    detail = f"'{excerpt}': the clock stands at {short[0]['filled']} of {short[0]['segments']}"
    return [Violation(ViolationKind.STATE, detail, excerpt)]
