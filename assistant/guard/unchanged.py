"""A change the engine made, told as no change; a clock told as full when it is not; harm or loss the engine did not
deal.

"You fail, but you keep your heat where it was" after the engine marked heat; "you still have all five arrows" after
a volley spent one; "the project clock fills completely" when it stands at 7 of 8; "they shoot you in the back and
you fall" or "it slices into your flesh" when the engine dealt no harm (a miss's price is the player's next roll, not
the story's to pick), "you are left with nothing but a broken cloak" before the price offered next. The
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
    # a blade or a blow landing in the body ("as it slices into your flesh", "the bolt grazes your arm")
    r"|\b(?:slices?|sliced|cuts?|bites?|bit|tears?|tore|rips?|ripped|sinks?|sank|pierces?|pierced|grazes?|grazed|gashes"
    r"|gashed|slashes|slashed)\s+(?:into\s+|through\s+|across\s+)?your\s+(?:\w+\s+)?(?:flesh|skin|arm|arms|leg|legs|side"
    r"|shoulder|chest|back|face|hand|hands|thigh|ribs|gut|belly|neck|cheek|body)\b"
)
#: What the character carries: its loss is a loss of theirs ("a broken stick" in the story is not).
_GEAR = (
    r"(?:cloak|coat|gear|pack|weapon|blade|sword|knife|dagger|bow|shield|armor|armour|scanner|rifle|pistol|supplies|kit"
    r"|rope|lantern|map)"
)
#: A loss told as the character's: gear broken, ruined or gone ("you are left with nothing but a broken cloak").
_LOSS = re.compile(
    r"\byou\s+(?:are|were)\s+left\s+with\s+(?:nothing\s+but\s+|only\s+)?(?:a|an|your)\s+(?:broken|torn|shattered|ruined"
    rf"|damaged|tattered|cracked|shredded|splintered)\s+(?:\w+\s+)?{_GEAR}\b"
    rf"|\byour\s+(?:\w+\s+)?{_GEAR}\s+(?:breaks|broke|shatters|shattered|snaps|snapped|is\s+(?:broken|torn|lost|ruined|gone"
    r"|destroyed))\b"
    rf"|\byou\s+(?:lose|lost)\s+your\s+(?:\w+\s+)?{_GEAR}\b"
)
#: What the engine changes when it deals harm, per system (any of them changed: the story may tell the wound).
_HARM_TARGETS = frozenset({"health", "hp", "harm", "stress", "integrity", "companion_health", "blood", "spirit"})


def check_unchanged(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A meter the engine changed, told as kept; a clock told as full that the engine left short of full; harm
    told as dealt to the player's character when the engine dealt none."""
    if sentence.question:
        return []
    return _kept(sentence, facts) + _full_clock(sentence, facts) + (_harm(sentence, facts) or _loss(sentence, facts))


def _loss(sentence: Sentence, facts: Facts) -> list[Violation]:
    """Gear told as broken or lost on a turn whose price is still to come (a follow-up offered: "tell no harm or
    loss from it now"), when the engine changed nothing the loss could be."""
    if not facts.results or not facts.follow_up_moves or facts.changes.keys() - {"momentum", "position"}:
        return []
    m = _LOSS.search(sentence.narr)
    if not m or hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL) or negated(sentence.narr, m.start(), 3):
        return []
    excerpt = " ".join(sentence.original[m.start() : m.end()].split())
    follow = ", ".join(sorted(facts.follow_up_moves))
    detail = f"'{excerpt}': the engine took nothing from you this turn; a loss comes from the move offered next ({follow})"
    return [Violation(ViolationKind.STATE, detail, excerpt)]


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
