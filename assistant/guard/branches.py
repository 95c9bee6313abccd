"""A move's approach told with another stat than the one the engine rolled: "You prepare to act against an unaware
foe" when Enter the Fray was rolled +heart (facing off against your foe), not +shadow.

Moves that roll a stat chosen by how you act list their approaches in their text, one a line ("Preparing to act
against an unaware foe: Roll +shadow"). A sentence of the story that holds every word of substance of one approach
(two at least), where that approach rolls a stat the engine did not roll this turn, tells a roll the engine did not
make. The move's approaches are read from the registered ruleset's own text.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import ruleset_moves
from assistant.guard.text import Sentence, stem

_BRANCH = re.compile(r"^\s*[*\-\u2022]?\s*(?P<how>[^:\n]{3,120}):\s*roll\s*\+\s*(?P<stat>[a-z]+)\s*\.?\s*$", re.I | re.M)
_STOP = frozenset(re.findall(r"\S+", "with your you into from have this them they their that what when then also such"))


def _stems(text: str) -> set[str]:
    return {stem(w) for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4 and w not in _STOP}


@cache
def _branches(system: str, move: str) -> tuple[tuple[frozenset[str], str, str], ...]:
    """(the approach's stems, its stat, its words) for each approach line of ``move``'s text."""
    out = []
    for m in ruleset_moves(system):
        if m.name.lower() != move:
            continue
        for b in _BRANCH.finditer(m.text or ""):
            stems = _stems(b.group("how"))
            if len(stems) >= 2:
                out.append((frozenset(stems), b.group("stat").lower(), b.group("how").strip()))
    return tuple(out)


def rolled_approach(facts: Facts) -> set[str]:
    """The stems of the approach the engine rolled this turn ("speed, mobility, agility" for Face Danger +edge): the
    attempt the roll stands for when the player gave no words of their own."""
    out: set[str] = set()
    system = (facts.system or "").lower()
    for result in facts.results if system else ():
        for stems, stat, _ in _branches(system, result.move.lower()):
            if stat in facts.stats:
                out |= stems
    return out


def check_branch(sentence: Sentence, facts: Facts) -> list[Violation]:
    """The approach of another stat than the rolled one, told as this turn's."""
    if not facts.stats or not facts.system or sentence.question:
        return []
    said = _stems(sentence.narr)
    for result in facts.results:
        for stems, stat, how in _branches(facts.system.lower(), result.move.lower()):
            if stat in facts.stats or not stems <= said:
                continue
            rolled = " / ".join(f"+{s}" for s in sorted(facts.stats))
            excerpt = " ".join(sentence.original.split()).rstrip(".!")
            detail = f"'{excerpt}': the engine rolled {result.move} {rolled}, not the +{stat} approach ('{how}')"
            return [Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt)]
    return []
