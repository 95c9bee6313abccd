"""The odds of a vice roll read against the stress marked: "If your vice roll clears more stress levels than you had
marked, you overindulge" (Overindulgence). The roll clears stress equal to the highest die of the lowest attribute's
pool (0 dice: the lower of two), so how likely an overindulgence is depends on the sheet, not on the result level
alone; the suggestion says it before the player confirms."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from assistant.engine.rulesets.blades import crew

#: The most stress a die can clear: at this stress or more no vice roll overindulges.
HIGHEST_FACE = 6


def die_chances(pool: int) -> dict[int, Fraction]:
    """The chance of each face of the die that counts: the highest of ``pool`` d6, or the lower of two at 0 dice."""
    if pool <= 0:
        return {k: Fraction((7 - k) ** 2 - (6 - k) ** 2, 36) for k in range(1, 7)}
    return {k: Fraction(k**pool - (k - 1) ** pool, 6**pool) for k in range(1, 7)}


def _percent(chance: Fraction) -> str:
    """In whole percent, as every odds line reads (``assistant.narrate.odds_words.percent``): "8%", "under 1%"."""
    value = float(chance) * 100
    if 0 < value < 0.5:
        return "under 1%"
    if 99.5 <= value < 100:
        return "over 99%"
    return f"{value:.0f}%"


def vice_odds_words(pool: int, stress: int) -> str | None:
    """What the vice roll does as the sheet stands, with its chances ("clear 1 stress 8.33%, clear all 2 stress 25%,
    clear all 2 and overindulge 66.67%"); None when no die can clear more than is marked (the roll's usual words)."""
    if stress >= HIGHEST_FACE:
        return None
    chances = die_chances(pool)
    below = sum((chances[k] for k in range(1, stress)), Fraction(0))
    exact = chances.get(stress, Fraction(0))
    over = sum((chances[k] for k in range(stress + 1, 7)), Fraction(0))
    if stress <= 0:
        return "overindulge 100%: no stress is marked, so any die clears more"
    parts = []
    if below:
        parts.append(f"clear {'1' if stress == 2 else f'1-{stress - 1}'} stress {_percent(below)}")
    parts.append(f"clear all {stress} stress {_percent(exact)}")
    parts.append(f"clear all {stress} and overindulge {_percent(over)}")
    return ", ".join(parts)


def sheet_odds_words(character: Mapping[str, Any], options: Mapping[str, Any]) -> str | None:
    """:func:`vice_odds_words` for this sheet: the lowest attribute's pool (+1d with a friend's help)."""
    stats = character.get("stats")
    stress = character.get("stress")
    if not isinstance(stats, Mapping) or not isinstance(stress, int) or isinstance(stress, bool):
        return None
    pool = min(crew.attribute_rating(dict(stats), a) for a in crew.ATTRIBUTES) + (1 if options.get("help") else 0)
    return vice_odds_words(pool, stress)


__all__ = ["die_chances", "sheet_odds_words", "vice_odds_words"]
