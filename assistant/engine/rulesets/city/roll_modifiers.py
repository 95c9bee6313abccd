"""What changes a city roll before the dice: Alliance and Use Power's connection, "+N forward" bonuses taken by
the roll they apply to, and advantage or disadvantage (asked for, Use Belief, Use a Secret, a connected
neighborhood, a complexity above your max)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from assistant.engine.context import Resolution, option_int
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.rulesets.city.session_rules import controlled_neighborhood_aspect
from assistant.engine.rulesets.city.sheet_counts import belief_index, connected
from assistant.engine.schema import EffectSpec

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset


def situational_adds(rules: Ruleset, ctx: Resolution) -> None:
    if "allies" in ctx.move.options and "allies" in ctx.options:
        n = option_int(ctx, "allies")
        if n:
            ctx.adds += n
            ctx.notes.append(f"+{n}: one for every faction helping (Alliance).")
            rules.apply_effect(
                ctx,
                EffectSpec(
                    type="meter",
                    meter="complications",
                    delta=1,
                    value="indebted",
                    note='Alliance: take the complicating aspect "indebted"',
                ),
            )
    if ctx.move.id == "secure_resource":
        ctx.adds += controlled_neighborhood_aspect(ctx)
    if ctx.move.id == "use_power":
        has = connected(ctx)
        if has is None:  # "You may take +1 if you have a connection to the neighborhood or -2 if you do not."
            raise InputError(
                "Do you have a connection to this neighborhood (+1 if you do, -2 if you do not)? Answer yes or no; "
                "with your neighborhood and connections on the sheet, it answers for you.",
                missing="connected",
                choices=[True, False],
            )
        else:
            ctx.adds += 1 if has else -2
            ctx.notes.append(
                "+1: you have a connection to the neighborhood." if has else "-2: you have no connection to the neighborhood."
            )


def take_forward(ctx: Resolution) -> None:
    """Spend every "+N forward" that applies to this roll (by move id, ``category:``, ``stat:``, or any)."""
    keep: list[dict[str, Any]] = []
    for bonus in ctx.character["forward"]:
        tokens = [str(t) for t in bonus.get("moves", [])]
        fits = not tokens or any(
            t == ctx.move.id or t == f"category:{ctx.move.category}" or (ctx.stat is not None and t == f"stat:{ctx.stat}")
            for t in tokens
        )
        if not fits:
            keep.append(bonus)
            continue
        add = int(bonus["add"])
        ctx.adds += add
        ctx.effect(
            EffectKind.FORWARD,
            "forward",
            before=add,
            after=0,
            delta=-add,
            reason=f"{add:+d} forward on this roll" + (f" ({bonus['reason']})" if bonus.get("reason") else ""),
        )
    ctx.character["forward"] = keep


def dice_mode(ctx: Resolution) -> str | None:
    up: list[str] = []
    down: list[str] = []
    if ctx.options.get("advantage"):
        up.append("asked for")
    if ctx.options.get("disadvantage"):
        down.append("asked for")
    if "use_belief" in ctx.options:
        belief = ctx.character["beliefs"][belief_index(ctx, ctx.options["use_belief"])]
        if belief["proven_wrong"]:
            raise RulesError(
                f"The belief “{belief['text']}” was proven wrong: you may continue to hold it, "
                "but you may not use it to buff your rolls."
            )
        up.append("Use Belief")
    if ctx.move.id == "use_a_secret":
        up.append("Use a Secret")
    if ctx.move.category == "city" and "advantage" not in ctx.options and connected(ctx):
        where = ctx.character.get("neighborhood") or "the neighborhood"
        up.append(f"your connection to {where}")  # "you may roll with advantage": taken, it is never worse
    if ctx.move.id == "use_power" and "complexity" in ctx.options:
        complexity = option_int(ctx, "complexity")
        top = int(ctx.character["max_complexity"])
        if complexity > top:
            down.append(f"complexity {complexity} is above your max {top}")
        else:
            ctx.notes.append(f"Complexity {complexity} is within your max {top}: rolled normally.")
    if up and down:
        ctx.notes.append(f"Advantage ({', '.join(up)}) and disadvantage ({', '.join(down)}) cancel: rolled 2d6.")
        return None
    lower = " (the lowest: lower is better)" if ctx.move.roll.extra.lower_is_better else ""
    if up:
        ctx.notes.append(f"With advantage ({', '.join(up)}): rolled three dice and kept the best two{lower}.")
        return "best"
    if down:
        lower = " (the highest: lower is better)" if lower else ""
        ctx.notes.append(f"With disadvantage ({', '.join(down)}): rolled three dice and kept the worst two{lower}.")
        return "worst"
    return None
