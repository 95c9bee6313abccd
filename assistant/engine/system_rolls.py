"""The shared pool and total rolls, driven by a move's ``roll.extra`` data.

A move's ``roll`` block chooses the roll; these readers turn its ``extra`` into a roll of the core
(:func:`assistant.engine.rolls.pool_roll`, :func:`assistant.engine.rolls.total_roll`)::

    roll: {type: pool, stats: [{stat: tier}], extra: {dice_option: dice}}
        # d6 pool: the stat's value + adds dice, or options.dice when the move takes it
    roll: {type: total, stats: [{stat: sway}], extra: {count: 2, sides: 6, tiers: pbta}}
        # NdS + stat + adds against tiers: pbta (10+/7-9/6-), pbta12 (12+ too), faction (11+/8-10/7-)
        # extra.keep: best|worst with extra.keep_count, or the request option ``advantage`` (three
        # dice, keep the best two) / ``disadvantage`` when the move lists it
        # a roll where lower is better (a backfire) keeps the tiers; its outcome texts say what each means
        # extra.no_stat: true rolls the dice + adds only (e.g. damage); extra.tiers: none = no tier

A system plug-in may override :meth:`Ruleset.do_system_roll` for rolls that are truly code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.engine import rolls
from assistant.engine.errors import ConfigError, InputError
from assistant.engine.outcomes import Outcome

if TYPE_CHECKING:
    from assistant.engine.resolution import Resolution

TIERS: dict[str, tuple[rolls.Tier, ...]] = {
    "pbta": rolls.PBTA_TIERS,
    "pbta12": rolls.PBTA_TIERS_12,
    "faction": rolls.FACTION_TIERS,
    "none": (rolls.Tier(-999, Outcome.NONE),),
}


def _stat_part(ctx: Resolution) -> int:
    from assistant.engine.resolution import choose_stat

    if ctx.move.roll.extra.get("no_stat") or not ctx.move.roll.stats:
        return 0
    ctx.stat, ctx.stat_value = choose_stat(ctx)
    return int(ctx.stat_value)


def do_pool_roll(ctx: Resolution) -> None:
    extra = ctx.move.roll.extra
    option = extra.get("dice_option")
    if option and option in ctx.options:
        from assistant.engine.resolution import option_int

        pool = option_int(ctx, option, 0, rolls.MAX_POOL) + ctx.adds
    else:
        if not ctx.move.roll.stats and not option:
            raise ConfigError(f"{ctx.move.name}: a pool roll needs stats or extra.dice_option.")
        if not ctx.move.roll.stats:
            raise InputError(f"{ctx.move.name} needs options.{option} (how many dice, 0-{rolls.MAX_POOL}).")
        pool = _stat_part(ctx) + ctx.adds
    pool = max(0, pool)
    if pool > rolls.MAX_POOL:
        raise InputError(f"A dice pool is at most {rolls.MAX_POOL} dice; this one would be {pool}.")
    ctx.source.require_forced(2 if pool == 0 else pool, f"{ctx.move.name}'s dice pool")
    roll = rolls.pool_roll(ctx.source, pool)
    ctx.source.rolled[-len(roll.dice) :] = roll.dice  # the result shows which dice counted
    ctx.score, ctx.outcome = roll.result, roll.outcome
    ctx.extra["roll"] = roll
    ctx.extra["pool"] = pool
    if pool == 0:
        ctx.notes.append("Zero dice: rolled two and took the lowest (no critical).")


def do_total_roll(ctx: Resolution) -> None:
    extra = ctx.move.roll.extra
    count, sides = int(extra.get("count", 2)), int(extra.get("sides", 6))
    tiers_name = str(extra.get("tiers", "pbta"))
    if tiers_name not in TIERS:
        raise ConfigError(f"{ctx.move.name}: unknown tiers {tiers_name!r}; use {', '.join(TIERS)}.")
    keep = extra.get("keep")
    keep_count = int(extra.get("keep_count", count))
    if ctx.options.get("advantage") and ctx.options.get("disadvantage"):
        raise InputError("Advantage and disadvantage cancel out: give at most one of them.")
    for name, how in (("advantage", "best"), ("disadvantage", "worst")):
        value = ctx.options.get(name)
        if value is not None and not isinstance(value, bool):
            raise InputError(f"options.{name} must be true or false; got {value!r}.")
        if value:
            keep, keep_count, count = how, count, count + 1
            ctx.notes.append(f"With {name}: rolled {count} dice and kept the {how} {keep_count}.")
    modifier = _stat_part(ctx) + ctx.adds
    ctx.source.require_forced(count, f"{ctx.move.name}'s roll")
    roll = rolls.total_roll(
        ctx.source, modifier, count=count, sides=sides, tiers=TIERS[tiers_name], keep=keep, keep_count=keep_count
    )
    ctx.source.rolled[-len(roll.dice) :] = roll.dice  # the result shows which dice were dropped
    outcome = roll.outcome
    ctx.score, ctx.outcome = roll.total, outcome
    ctx.extra["roll"] = roll


def do_system_roll(ctx: Resolution, kind: str) -> None:
    if kind == "pool":
        do_pool_roll(ctx)
    elif kind == "total":
        do_total_roll(ctx)
    else:  # pragma: no cover - the schema allows only these two
        raise ConfigError(f"Unknown system roll {kind!r}.")


def describe(extra: dict[str, Any]) -> str:
    """A short human description of a total roll's dice, e.g. ``2d6`` or ``3d6 keep best 2``."""
    count, sides = int(extra.get("count", 2)), int(extra.get("sides", 6))
    keep = extra.get("keep")
    return f"{count}d{sides}" + (f" keep {keep} {extra.get('keep_count', count)}" if keep else "")
