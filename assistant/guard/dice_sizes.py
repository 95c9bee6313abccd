"""A die the engine did not roll: "your d20" after a free roll of 2d6+1."""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence

_DIE = re.compile(r"\b(?:a\s+|your\s+|the\s+)?d(?P<size>\d+)\b")


def check_dice_sizes(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A free roll (dice notation) told with a die it did not use ("your d20" for 2d6+1)."""
    notations = [r for r in facts.results if r.roll == "notation"]
    if not notations or len(notations) != len(facts.results):
        return []
    sizes: set[int] = set()
    for r in notations:
        sizes.update(int(s) for s in re.findall(r"d(\d+)", f"{r.move} {r.move_id}".lower()))
    if not sizes:
        return []
    for m in _DIE.finditer(sentence.narr):
        if int(m.group("size")) not in sizes:
            excerpt = m.group(0).strip()
            shown = ", ".join(f"d{s}" for s in sorted(sizes))
            return [Violation(ViolationKind.PHANTOM_ROLL, f"'{excerpt}': the engine rolled {shown}, no other die", excerpt)]
    return []
