"""Exact outcome probabilities by enumerating every face combination of a roll.

A roll is described by the sides of the dice it draws, in order, and a pure function from those
faces to ``(outcome, match)``. Enumeration is exact (fractions), never sampled.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from assistant.engine.errors import InputError

#: The largest number of face combinations we enumerate (6^6 = 46,656 is the biggest pool we expect).
MAX_COMBINATIONS = 1_000_000

Evaluator = Callable[[Sequence[int]], tuple[str, bool]]


@dataclass(frozen=True)
class OddsTable:
    """Exact probabilities of each outcome (and of a match) for one roll."""

    outcomes: dict[str, Fraction]
    match: Fraction
    match_by_outcome: dict[str, Fraction] = field(default_factory=dict)
    combinations: int = 0

    def percent(self, outcome: str) -> float:
        return float(self.outcomes.get(outcome, Fraction(0)) * 100)

    def to_dict(self, digits: int = 2) -> dict[str, object]:
        return {
            "outcomes": {k: round(float(v * 100), digits) for k, v in self.outcomes.items()},
            "match": round(float(self.match * 100), digits),
            "combinations": self.combinations,
        }


def enumerate_odds(sides: Sequence[int], evaluate: Evaluator) -> OddsTable:
    """Apply ``evaluate`` to every combination of faces and count the outcomes."""
    total = 1
    for s in sides:
        total *= s
    if total > MAX_COMBINATIONS:
        raise InputError(f"That roll has {total} face combinations; too many to enumerate exactly.")
    counts: dict[str, int] = {}
    match_counts: dict[str, int] = {}
    matches = 0
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        outcome, match = evaluate(faces)
        counts[outcome] = counts.get(outcome, 0) + 1
        if match:
            matches += 1
            match_counts[outcome] = match_counts.get(outcome, 0) + 1
    return OddsTable(
        outcomes={k: Fraction(v, total) for k, v in counts.items()},
        match=Fraction(matches, total),
        match_by_outcome={k: Fraction(v, total) for k, v in match_counts.items()},
        combinations=total,
    )
