"""The shared roll mechanics and their exact odds (enumeration, never sampling)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.engine import rolls
from assistant.engine.dice import DiceSource
from assistant.engine.outcomes import Outcome, challenge_outcome
from assistant.engine.probability import action_odds, pool_odds, progress_odds, total_odds, yes_no_odds


def pct(x: Fraction) -> float:
    return round(float(x * 100), 2)


# ---- Ironsworn action and progress rolls ---------------------------------------------------------


def test_ties_go_to_the_challenge_dice() -> None:
    assert challenge_outcome(5, (5, 4)) is Outcome.WEAK_HIT
    assert challenge_outcome(5, (5, 5)) is Outcome.MISS
    assert challenge_outcome(6, (5, 5)) is Outcome.STRONG_HIT


def test_action_roll_adds_stat_and_adds() -> None:
    roll = rolls.action_roll(DiceSource(forced=[4, 2, 9]), stat=2, adds=1)
    assert (roll.score, roll.outcome, roll.match) == (7, Outcome.WEAK_HIT, False)


def test_action_score_is_capped_at_10() -> None:
    roll = rolls.action_roll(DiceSource(forced=[6, 10, 9]), stat=4, adds=3)
    assert roll.raw_score == 13 and roll.score == 10
    assert roll.outcome is Outcome.WEAK_HIT  # 10 beats 9 but ties 10


def test_negative_momentum_cancels_equal_action_die() -> None:
    roll = rolls.action_roll(DiceSource(forced=[3, 2, 2]), stat=2, momentum=-3)
    assert roll.cancelled and roll.score == 2 and roll.outcome is Outcome.MISS and roll.match
    kept = rolls.action_roll(DiceSource(forced=[4, 2, 2]), stat=2, momentum=-3)
    assert not kept.cancelled and kept.score == 6


def test_elegy_style_roll_has_no_action_die() -> None:
    roll = rolls.action_roll(DiceSource(forced=[3, 8]), stat=4, adds=1, action_die=False)
    assert roll.score == 5 and roll.outcome is Outcome.WEAK_HIT and len(roll.dice) == 2


def test_progress_roll() -> None:
    roll = rolls.progress_roll(DiceSource(forced=[3, 7]), 7)
    assert roll.outcome is Outcome.WEAK_HIT


def test_exact_odds_of_a_plus_one_action_roll() -> None:
    odds = action_odds(1)
    assert pct(odds.outcomes["miss"]) == 45.17
    assert pct(odds.outcomes["weak_hit"]) == 39.67
    assert pct(odds.outcomes["strong_hit"]) == 15.17
    assert odds.match == Fraction(1, 10)
    assert sum(odds.outcomes.values()) == 1


def test_odds_grow_with_the_modifier_and_cap() -> None:
    strong = [action_odds(m).outcomes.get("strong_hit", Fraction(0)) for m in range(0, 10)]
    assert strong == sorted(strong)
    assert action_odds(9).outcomes == action_odds(12).outcomes  # everything is capped at 10


def test_progress_odds_known_values() -> None:
    # score 5 beats a d10 with probability 4/10 -> strong 16%, weak 48%, miss 36%
    odds = progress_odds(5)
    assert odds.outcomes == {"strong_hit": Fraction(16, 100), "weak_hit": Fraction(48, 100), "miss": Fraction(36, 100)}
    assert progress_odds(10).outcomes["strong_hit"] == Fraction(81, 100)


def test_negative_momentum_lowers_odds() -> None:
    plain, cancelled = action_odds(2), action_odds(2, momentum=-4)
    assert cancelled.outcomes["strong_hit"] < plain.outcomes["strong_hit"]


# ---- Blades d6 pools -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "faces", "outcome", "result"),
    [
        (2, [6, 6], Outcome.CRITICAL, 6),
        (3, [6, 2, 1], Outcome.FULL_SUCCESS, 6),
        (2, [5, 3], Outcome.PARTIAL_SUCCESS, 5),
        (1, [3], Outcome.BAD_OUTCOME, 3),
        (0, [6, 6], Outcome.FULL_SUCCESS, 6),  # zero dice: lowest of two, never a critical
        (0, [6, 2], Outcome.BAD_OUTCOME, 2),
    ],
)
def test_pool_roll(pool: int, faces: list[int], outcome: Outcome, result: int) -> None:
    roll = rolls.pool_roll(DiceSource(forced=faces), pool)
    assert (roll.outcome, roll.result) == (outcome, result)


def test_pool_exact_odds() -> None:
    one = pool_odds(1)
    assert one.outcomes == {"full_success": Fraction(1, 6), "partial_success": Fraction(2, 6), "bad_outcome": Fraction(3, 6)}
    two = pool_odds(2)
    assert two.outcomes["critical"] == Fraction(1, 36)
    assert two.outcomes["full_success"] == Fraction(10, 36)
    assert two.outcomes["partial_success"] == Fraction(16, 36)  # max in {4,5}: 25 - 9
    assert two.outcomes["bad_outcome"] == Fraction(9, 36)
    zero = pool_odds(0)
    assert "critical" not in zero.outcomes
    assert zero.outcomes["full_success"] == Fraction(1, 36)
    assert zero.outcomes["bad_outcome"] == Fraction(27, 36)  # 1 - P(both >= 4)


# ---- PbtA 2d6 + stat with tiers, keep best/worst of three ----------------------------------------


def test_pbta_tiers() -> None:
    assert rolls.total_roll(DiceSource(forced=[5, 5]), 0).outcome is Outcome.STRONG_HIT
    assert rolls.total_roll(DiceSource(forced=[3, 4]), 0).outcome is Outcome.WEAK_HIT
    assert rolls.total_roll(DiceSource(forced=[3, 2]), 1).outcome is Outcome.MISS
    assert rolls.total_roll(DiceSource(forced=[6, 5]), 1, tiers=rolls.PBTA_TIERS_12).outcome is Outcome.CRITICAL


def test_faction_tiers() -> None:
    assert rolls.total_roll(DiceSource(forced=[6, 5]), 0, tiers=rolls.FACTION_TIERS).outcome is Outcome.STRONG_HIT
    assert rolls.total_roll(DiceSource(forced=[5, 5]), 0, tiers=rolls.FACTION_TIERS).outcome is Outcome.WEAK_HIT
    assert rolls.total_roll(DiceSource(forced=[4, 3]), 0, tiers=rolls.FACTION_TIERS).outcome is Outcome.MISS


def test_advantage_keeps_best_two_of_three() -> None:
    # The city game's Use a Secret example: 1 + 4 + 5 with advantage gives 9.
    roll = rolls.total_roll(DiceSource(forced=[1, 4, 5]), 0, count=3, keep="best")
    assert roll.dice_total == 9
    assert [d.kept for d in roll.dice] == [False, True, True]
    worst = rolls.total_roll(DiceSource(forced=[1, 4, 5]), 0, count=3, keep="worst")
    assert worst.dice_total == 5


def test_pbta_exact_odds() -> None:
    plain = total_odds(0)
    assert plain.outcomes["strong_hit"] == Fraction(6, 36)
    assert plain.outcomes["weak_hit"] == Fraction(15, 36)
    assert plain.outcomes["miss"] == Fraction(15, 36)
    plus1 = total_odds(1)
    assert plus1.outcomes["strong_hit"] == Fraction(10, 36) and plus1.outcomes["miss"] == Fraction(10, 36)
    twelve = total_odds(0, tiers=rolls.PBTA_TIERS_12)
    assert twelve.outcomes["critical"] == Fraction(1, 36) and twelve.outcomes["strong_hit"] == Fraction(5, 36)
    faction = total_odds(0, tiers=rolls.FACTION_TIERS)
    assert faction.outcomes["strong_hit"] == Fraction(3, 36) and faction.outcomes["miss"] == Fraction(21, 36)


def test_advantage_odds_beat_plain_and_disadvantage() -> None:
    adv = total_odds(0, count=3, keep="best")
    dis = total_odds(0, count=3, keep="worst")
    plain = total_odds(0)
    assert adv.combinations == 216
    assert dis.outcomes["strong_hit"] < plain.outcomes["strong_hit"] < adv.outcomes["strong_hit"]
    # P(best two of 3d6 >= 10) = 70/216 (enumerated by hand in the test below)
    count = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) if a + b + c - min(a, b, c) >= 10)
    assert adv.outcomes["strong_hit"] == Fraction(count, 216)


# ---- damage dice in notation ---------------------------------------------------------------------


@pytest.mark.parametrize(("expr", "faces", "total"), [("1d10", [7], 7), ("2d4", [3, 4], 7), ("1d8+1d4", [8, 2], 10)])
def test_damage_dice(expr: str, faces: list[int], total: int) -> None:
    from assistant.engine.notation import roll_notation

    assert roll_notation(expr, DiceSource(forced=faces)).total == total


# ---- d100 oracle ---------------------------------------------------------------------------------


def test_yes_no_odds_match_thresholds() -> None:
    for threshold in (10, 25, 50, 75, 90):
        odds = yes_no_odds(threshold)
        assert odds.outcomes["yes"] == Fraction(threshold, 100)
        assert odds.match == Fraction(10, 100)
