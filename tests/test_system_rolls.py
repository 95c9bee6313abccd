"""The shared pool and total rolls that systems drive from data (``roll.extra``), on a bare ruleset without files."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine.context import Resolution
from assistant.engine.dice import DiceSource
from assistant.engine.errors import DiceError, InputError
from assistant.engine.model import Request
from assistant.engine.outcomes import Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import MoveSpec, RequestOption, RollSpec, Source, StatOption


class _Bare(Ruleset):
    system_id = "bare"

    def stat_value(self, ctx: Resolution, name: str) -> int:
        return int(ctx.character["stats"][name])

    def options_for(self, move: MoveSpec) -> dict[str, RequestOption]:
        typed = {"dice": RequestOption(type="int", min=0, max=10, help="how many dice")}
        return {name: typed.get(name, RequestOption(type="bool")) for name in move.options}


def _ctx(
    roll: RollSpec,
    *,
    dice: list[int],
    adds: int = 0,
    options: dict[str, Any] | None = None,
    stats: dict[str, int] | None = None,
    move_options: dict[str, str] | None = None,
) -> Resolution:
    move = MoveSpec(
        id="m",
        name="Test Move",
        category="t",
        trigger="",
        text="",
        source=Source(file="", lines=(0, 0)),
        roll=roll,
        options=move_options or {},
    )
    req = Request(system="bare", move="m", adds=adds, options=options or {}, dice=dice)
    return Resolution(
        ruleset=_Bare(), request=req, move=move, character={"stats": stats or {}}, source=DiceSource(forced=dice), adds=adds
    )


def test_pool_counts_stat_plus_adds_dice_and_takes_the_highest() -> None:
    ctx = _ctx(RollSpec(type="pool", stats=[StatOption(stat="tier")]), dice=[2, 5, 1], adds=1, stats={"tier": 2})
    ctx.ruleset.do_system_roll(ctx, "pool")
    assert (ctx.score, ctx.outcome, ctx.stat, ctx.pool) == (5, Outcome.PARTIAL_SUCCESS, "tier", 3)


def test_pool_of_zero_rolls_two_and_takes_the_lowest() -> None:
    ctx = _ctx(RollSpec(type="pool", stats=[StatOption(stat="tier")]), dice=[6, 6], stats={"tier": 0})
    ctx.ruleset.do_system_roll(ctx, "pool")
    assert (ctx.score, ctx.outcome) == (6, Outcome.FULL_SUCCESS)  # no critical on zero dice
    assert any("Zero dice" in n for n in ctx.notes)


def test_pool_from_an_option_and_two_sixes_is_a_critical() -> None:
    roll = RollSpec(type="pool", extra={"dice_option": "dice"})
    ctx = _ctx(roll, dice=[6, 3, 6], options={"dice": 3}, move_options={"dice": "how many dice"})
    ctx.ruleset.do_system_roll(ctx, "pool")
    assert ctx.outcome is Outcome.CRITICAL


def test_pool_option_missing_says_what_to_give() -> None:
    ctx = _ctx(RollSpec(type="pool", extra={"dice_option": "dice"}), dice=[3])
    with pytest.raises(InputError, match="how many dice"):
        ctx.ruleset.do_system_roll(ctx, "pool")


def test_total_adds_stat_and_reads_pbta12_tiers() -> None:
    roll = RollSpec(type="total", stats=[StatOption(stat="sway")], extra={"tiers": "pbta12"})
    ctx = _ctx(roll, dice=[6, 5], stats={"sway": 1})
    ctx.ruleset.do_system_roll(ctx, "total")
    assert (ctx.score, ctx.outcome) == (12, Outcome.CRITICAL)


@pytest.mark.parametrize(("dice", "outcome"), [([5, 6], Outcome.STRONG_HIT), ([4, 4], Outcome.WEAK_HIT), ([3, 3], Outcome.MISS)])
def test_faction_tiers(dice: list[int], outcome: Outcome) -> None:
    roll = RollSpec(type="total", stats=[StatOption(stat="reach")], extra={"tiers": "faction"})
    ctx = _ctx(roll, dice=dice, stats={"reach": 0})
    ctx.ruleset.do_system_roll(ctx, "total")
    assert ctx.outcome is outcome


def test_advantage_rolls_three_keeps_best_two() -> None:
    # the city text's own example: 1 + 4 + 5 with advantage gives 9
    roll = RollSpec(type="total", stats=[StatOption(stat="edge")])
    ctx = _ctx(roll, dice=[1, 4, 5], options={"advantage": True}, stats={"edge": 0}, move_options={"advantage": ""})
    ctx.ruleset.do_system_roll(ctx, "total")
    assert (ctx.score, ctx.outcome) == (9, Outcome.WEAK_HIT)
    assert [d.kept for d in ctx.source.rolled] == [False, True, True]  # the Result shows the dropped die


def test_disadvantage_keeps_worst_two_and_both_is_an_error() -> None:
    roll = RollSpec(type="total", stats=[StatOption(stat="edge")])
    ctx = _ctx(roll, dice=[1, 4, 5], options={"disadvantage": True}, stats={"edge": 2})
    ctx.ruleset.do_system_roll(ctx, "total")
    assert ctx.score == 7
    both = _ctx(roll, dice=[1, 4, 5], options={"disadvantage": True, "advantage": True}, stats={"edge": 2})
    with pytest.raises(InputError, match="at most one"):
        both.ruleset.do_system_roll(both, "total")


def test_damage_roll_without_stat_or_tier() -> None:
    roll = RollSpec(type="total", extra={"count": 1, "sides": 10, "tiers": "none", "no_stat": True})
    ctx = _ctx(roll, dice=[7], adds=-2)
    ctx.ruleset.do_system_roll(ctx, "total")
    assert (ctx.score, ctx.outcome) == (5, Outcome.NONE)


def test_too_few_forced_dice_is_a_dice_error() -> None:
    roll = RollSpec(type="total", stats=[StatOption(stat="edge")])
    ctx = _ctx(roll, dice=[3], stats={"edge": 0})
    with pytest.raises(DiceError):
        ctx.ruleset.do_system_roll(ctx, "total")
