"""The shared roll mechanics of the five systems, each a pure function of a :class:`DiceSource`.

* :func:`action_roll` — Ironsworn family: action die (d6) + stat + adds, capped, vs two d10; an
  optional negative momentum cancels an action die equal to its absolute value. With
  ``action_die=False`` (Elegy) the score is stat + adds.
* :func:`progress_roll` — progress score vs two challenge dice.
* :func:`pool_roll` — Blades: N d6, highest counts; 0 dice = two dice, lowest, no critical.
* :func:`total_roll` — PbtA: NdS + modifier against ordered tiers, optionally keeping the best or
  worst K dice ("roll with advantage" = three dice, keep the best two).
* :func:`d100` — one percentile roll (1-100).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from assistant.engine.dice import DiceSource, Die
from assistant.engine.errors import InputError
from assistant.engine.outcomes import Outcome

ACTION_SCORE_CAP = 10
#: A cap no score reaches (Elegy's action score has none).
UNCAPPED = 1000


@dataclass(slots=True)
class ChallengeRoll:
    """A roll compared against two challenge dice (action or progress roll)."""

    dice: list[Die]
    score: int
    """The score actually compared (after cap and cancellation)."""
    raw_score: int
    """Action die + stat + adds before the cap (progress score for progress rolls)."""
    challenge: tuple[int, int]
    outcome: Outcome
    match: bool
    action_die: int | None = None
    cancelled: bool = False


def action_roll(
    source: DiceSource,
    stat: int,
    adds: int = 0,
    *,
    momentum: int | None = None,
    cap: int = ACTION_SCORE_CAP,
    action_die: bool = True,
) -> ChallengeRoll:
    """Roll the action die (if any) and two challenge dice; compare."""
    action_value: int | None = None
    cancelled = False
    if action_die:
        die, c1, c2 = dice = source.roll_each(_ACTION_DICE)
        action_value = die.value
        if momentum is not None and momentum < 0 and -momentum == action_value:
            cancelled = True
            dice[0] = source.rolled[-3] = die.but(cancelled=True)
    else:
        c1, c2 = dice = source.roll_each(_CHALLENGE_DICE)
    base = 0 if (action_value is None or cancelled) else action_value
    raw = base + stat + adds
    score = raw if raw < cap else cap
    first, second = c1.value, c2.value
    outcome = _BY_DICE_BEATEN[(score > first) + (score > second)]  # challenge_outcome, inline
    # dice, score, raw_score, challenge, outcome, match, action_die, cancelled
    return ChallengeRoll(dice, score, raw, (first, second), outcome, first == second, action_value, cancelled)


ACTION_DICE = ((6, "action"), (10, "challenge"), (10, "challenge"))
"""The dice of an action roll with an action die, in the order rolled (sides, role)."""
_ACTION_DICE = ACTION_DICE
#: Outcomes by the number of challenge dice the score beats (ties go to the dice).
_BY_DICE_BEATEN = (Outcome.MISS, Outcome.WEAK_HIT, Outcome.STRONG_HIT)
CHALLENGE_DICE = ((10, "challenge"), (10, "challenge"))
"""The two challenge dice of an action or progress roll (sides, role)."""
_CHALLENGE_DICE = CHALLENGE_DICE


def progress_roll(source: DiceSource, progress_score: int) -> ChallengeRoll:
    """Roll the challenge dice against a progress score (0-10, no action die, no momentum)."""
    if not 0 <= progress_score <= 10:
        raise InputError(f"A progress score is 0-10 filled boxes; got {progress_score}.")
    c1, c2 = dice = source.roll_each(_CHALLENGE_DICE)
    first, second = c1.value, c2.value
    outcome = _BY_DICE_BEATEN[(progress_score > first) + (progress_score > second)]  # challenge_outcome, inline
    return ChallengeRoll(dice, progress_score, progress_score, (first, second), outcome, first == second)


@dataclass(frozen=True)
class PoolRoll:
    """A Blades-style d6 pool."""

    dice: list[Die]
    pool: int
    """Dice requested (0 means 'roll two, take the lowest')."""
    result: int
    """The die that counts."""
    outcome: Outcome
    sixes: int


MAX_POOL = 10
_POOL_DICE = ((6, "pool"),) * MAX_POOL


def pool_outcome(faces: Sequence[int], zero_dice: bool) -> tuple[int, Outcome, int]:
    """The counting die, the outcome and the number of sixes of a pool's faces."""
    sixes = sum(1 for f in faces if f == 6)
    if zero_dice:
        result = min(faces)
        critical = False
    else:
        result = max(faces)
        critical = sixes >= 2
    if critical:
        return result, Outcome.CRITICAL, sixes
    if result == 6:
        return result, Outcome.FULL_SUCCESS, sixes
    if result >= 4:
        return result, Outcome.PARTIAL_SUCCESS, sixes
    return result, Outcome.BAD_OUTCOME, sixes


def pool_roll(source: DiceSource, pool: int) -> PoolRoll:
    """Roll ``pool`` d6 and take the highest; with 0 dice roll two and take the lowest (no critical)."""
    if not 0 <= pool <= MAX_POOL:
        raise InputError(f"A dice pool is 0-{MAX_POOL} dice; got {pool}.")
    zero = pool == 0
    dice = source.roll_each(_POOL_DICE[: 2 if zero else pool])
    result, outcome, sixes = pool_outcome([d.value for d in dice], zero)
    # mark the counting die as kept, the others as dropped
    marked: list[Die] = []
    counted = False
    for d in dice:
        if not counted and d.value == result:
            marked.append(d)
            counted = True
        else:
            marked.append(d.but(kept=False) if outcome is not Outcome.CRITICAL or d.value != 6 else d)
    return PoolRoll(dice=marked, pool=pool, result=result, outcome=outcome, sixes=sixes)


@dataclass(frozen=True)
class Tier:
    """One result tier of a total roll: totals >= ``min_total`` give ``outcome``."""

    min_total: int
    outcome: Outcome


#: PbtA basic tiers: 10+ strong, 7-9 weak, 6- miss.
PBTA_TIERS: tuple[Tier, ...] = (Tier(10, Outcome.STRONG_HIT), Tier(7, Outcome.WEAK_HIT), Tier(-99, Outcome.MISS))
#: PbtA with a 12+ tier.
PBTA_TIERS_12: tuple[Tier, ...] = (Tier(12, Outcome.CRITICAL),) + PBTA_TIERS
#: Faction moves of the city game: 11+ / 8-10 / 7-.
FACTION_TIERS: tuple[Tier, ...] = (
    Tier(11, Outcome.STRONG_HIT),
    Tier(8, Outcome.WEAK_HIT),
    Tier(-99, Outcome.MISS),
)

Keep = Literal["best", "worst"]


@dataclass(frozen=True)
class TotalRoll:
    """NdS (+ modifier), optionally keeping the best/worst K dice, read against tiers."""

    dice: list[Die]
    dice_total: int
    modifier: int
    total: int
    outcome: Outcome


def tier_for(total: int, tiers: Sequence[Tier]) -> Outcome:
    for tier in sorted(tiers, key=lambda t: -t.min_total):
        if total >= tier.min_total:
            return tier.outcome
    return Outcome.MISS


def kept_indices(faces: Sequence[int], keep: Keep | None, keep_count: int) -> set[int]:
    """Indices of the dice kept by a keep-best/worst rule (all of them without one)."""
    if keep is None:
        return set(range(len(faces)))
    order = sorted(range(len(faces)), key=lambda i: (faces[i], i), reverse=(keep == "best"))
    return set(order[:keep_count])


def total_roll(
    source: DiceSource,
    modifier: int = 0,
    *,
    count: int = 2,
    sides: int = 6,
    tiers: Sequence[Tier] = PBTA_TIERS,
    keep: Keep | None = None,
    keep_count: int = 2,
    role: str = "roll",
) -> TotalRoll:
    """Roll ``count`` d``sides``, keep the best/worst ``keep_count`` if asked, add ``modifier``."""
    if not 1 <= count <= 20:
        raise InputError(f"Roll between 1 and 20 dice; got {count}.")
    dice = source.roll_many(count, sides, role)
    faces = [d.value for d in dice]
    kept = kept_indices(faces, keep, keep_count)
    marked = [d if i in kept else d.but(kept=False) for i, d in enumerate(dice)]
    dice_total = sum(faces[i] for i in kept)
    total = dice_total + modifier
    return TotalRoll(dice=marked, dice_total=dice_total, modifier=modifier, total=total, outcome=tier_for(total, tiers))


def d100(source: DiceSource, role: str = "d100") -> Die:
    """One percentile roll, 1-100."""
    return source.roll(100, role)
