"""A deed told after the declared one: "You make it across the gap, and then you climb the ladder to the bridge."

The player declared one deed; the story tells it and how it turns out. A clause that follows it with a word of
sequence ("then you", "after that, you", "without hesitating, you", "once across, you") and a deed of the character's
tells what the character does next, which is the player's call (and, often, the player's next roll). Verbs that tell
what befalls or what is felt ("then you feel the deck shudder", "then you stumble") are not deeds, and neither is the
player's own declared deed told in steps ("I leap across and then climb the ladder": the player's words).
"""

from __future__ import annotations

import re

from assistant.guard.deed_words import NOT_DEEDS
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical

_THEN_YOU = re.compile(
    r"(?:\bthen|\bafter\s+that|\bafterwards|\bnext|\bfrom\s+there|\bwith\s+that\s+done|\bthat\s+done"
    r"|\bwithout\s+(?:hesitating|hesitation|a\s+second\s+thought|pause|pausing|missing\s+a\s+beat)"
    r"|\bonce\s+(?:you\s+are\s+|you're\s+)?(?:across|inside|through|there|over|past|in|out|done|safe))"
    r",?\s+you\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z']+)(?P<rest>[^,;:.!?—]*)"
)
#: Verbs after "then you" that tell what befalls the character rather than a deed chosen.
_BEFALLS = frozenset({"slip", "slips", "slipped", "trip", "trips", "tripped", "hit", "crash", "crashed", "land", "lands"})


def _stems(text: str) -> set[str]:
    return {w[:4] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2}


def check_then_deed(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a turn the player declared a deed and rolled, a deed told after it with a word of sequence."""
    if not intent or not intent.strip() or not facts.tiered or sentence.question:
        return []
    said = _stems(intent)
    for m in _THEN_YOU.finditer(sentence.narr):
        verb = m.group("verb")
        if verb in NOT_DEEDS or verb in _BEFALLS or verb.endswith("ing") or verb[:4] in said:
            continue
        if hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL):
            continue
        excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split())
        detail = f"'{excerpt}': a deed after the one the player declared; what the character does next is the player's call"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
