"""Closed sets of results shared by every system."""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """The result tier of a roll. Ironsworn-family and PbtA systems use the hit/miss tiers;
    Blades uses critical/full/partial/bad; oracles answer yes/no; tables and damage rolls have none."""

    CRITICAL = "critical"
    """Blades: two or more sixes. PbtA: 12+ where a move has that tier."""
    STRONG_HIT = "strong_hit"
    """Ironsworn: score beats both challenge dice. PbtA: 10+ (faction moves 11+)."""
    WEAK_HIT = "weak_hit"
    """Ironsworn: score beats one challenge die. PbtA: 7-9 (faction moves 8-10)."""
    MISS = "miss"
    """Ironsworn: score beats neither die (ties go to the dice). PbtA: 6- (faction 7-)."""
    FULL_SUCCESS = "full_success"
    """Blades: highest die is a 6."""
    PARTIAL_SUCCESS = "partial_success"
    """Blades: highest die is a 4 or 5."""
    BAD_OUTCOME = "bad_outcome"
    """Blades: highest die is 1-3."""
    YES = "yes"
    NO = "no"
    NONE = "none"
    """A roll without a success tier (a table row, damage, a move with no roll)."""


HIT_OUTCOMES = frozenset({Outcome.STRONG_HIT, Outcome.WEAK_HIT, Outcome.CRITICAL})


def challenge_outcome(score: int, challenge: tuple[int, int]) -> Outcome:
    """Compare a score with two challenge dice: beat both = strong hit, one = weak hit, none = miss.

    Ties go to the challenge dice.
    """
    if len(challenge) == 2:  # the usual case, without a generator
        return _BY_DICE_BEATEN[(score > challenge[0]) + (score > challenge[1])]
    return _BY_DICE_BEATEN[sum(1 for c in challenge if score > c)]


_BY_DICE_BEATEN = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)
