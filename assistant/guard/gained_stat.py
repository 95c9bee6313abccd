"""A stat told as gained: "you gain a +1 edge on the combat track" on Enter the Fray.

Stats (edge, heart, iron, shadow, wits; a playbook's ratings) are what a roll adds, not what a move hands out. A
clause whose subject is you and whose verb is a gain ("gain", "get", "earn", "receive") with a signed or plain number
right before a stat's name tells a change the engine never makes, unless the engine's own text offers that very bonus
("take +1 edge" among its options). Negated or supposed clauses pass.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import meter_words, stat_words
from assistant.guard.text import Sentence, negated

#: Words before the gain that make it a supposition ("If you win, you gain +1 heart").
_SUPPOSED = re.compile(r"\b(?:if|unless|should|would|could|might|may|once|when)\b")


@cache
def _gain(stats: tuple[str, ...]) -> re.Pattern[str] | None:
    if not stats:
        return None
    names = "|".join(re.escape(s) for s in sorted(stats, key=len, reverse=True))
    return re.compile(
        r"\byou\s+(?:\w+ly\s+)?(?:gain|gained|get|got|earn|earned|receive|received)\s+(?:a\s+|an\s+)?"
        rf"(?P<n>[+]?\s?\d+)\s+(?:bonus\s+(?:to\s+)?|to\s+(?:your\s+)?)?(?P<stat>{names})\b"
    )


def check_stat_gained(sentence: Sentence, facts: Facts) -> list[Violation]:
    """ "You gain +1 edge": a stat raised, which no move's result does unless its own text says so."""
    meters = {w.lower() for w in meter_words(facts.system)}  # a stat that is a meter too ("heat") may change
    pattern = _gain(tuple(sorted(w.lower() for w in stat_words(facts.system) if w.lower() not in meters)))
    if pattern is None or not facts.results:
        return []
    for m in pattern.finditer(sentence.narr):
        if negated(sentence.narr, m.start() + 4) or _SUPPOSED.search(sentence.narr[: m.start()]):
            continue
        bonus = f"{m.group('n').replace('+', '+ ').replace('  ', ' ').strip()} {m.group('stat')}"
        if f" {bonus} " in f" {facts.engine_text} ":
            continue  # the engine's own offer ("take + 1 edge")
        excerpt = m.group(0)
        detail = f"'{excerpt}': the engine changed no {m.group('stat')}; a stat is what a roll adds, not a reward"
        return [Violation(ViolationKind.STATE, detail, excerpt)]
    return []
