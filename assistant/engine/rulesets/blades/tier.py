"""Blades in the Dark: advancing the crew's Tier, and the Hardcase prison claim that makes it cheaper.

The shipped chapter names the cost only through Hardcase ("When your crew advances Tier, it costs 2 fewer
coins than it normally would"); the rule itself is the public SRD's (Crew: Development): with the rep tracker
full (12 rep, one less per turf, never under 6), a weak hold becomes strong and rep resets; with a strong hold the
crew may pay coin equal to its new Tier x 8 to advance, then resets rep and its hold becomes weak.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine.context import Resolution, option_int
from assistant.engine.errors import RulesError
from assistant.engine.kinds import EffectKind
from assistant.engine.rulesets.blades import factions

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset

REP_TO_FILL = 12
MIN_REP_TO_FILL = 6
HARDCASE_DISCOUNT = 2


def rep_needed(turf: int) -> int:
    return max(MIN_REP_TO_FILL, REP_TO_FILL - turf)


def cost(new_tier: int, hardcase: bool) -> int:
    return max(0, new_tier * 8 - (HARDCASE_DISCOUNT if hardcase else 0))


def short_of_rep(ctx: Resolution) -> str:
    needed = rep_needed(option_int(ctx, "turf", default=0))
    return f"The rep tracker isn't full: the crew has {int(ctx.character['rep'])} rep of the {needed} it needs."


def advance(rules: Ruleset, ctx: Resolution) -> None:
    ch = ctx.character
    rep = int(ch["rep"])
    if rep < rep_needed(option_int(ctx, "turf", default=0)):
        raise RulesError(short_of_rep(ctx))
    if ch["hold"] == "weak":
        ctx.effect(EffectKind.HOLD, "hold", before="weak", after="strong", reason="rep tracker full: a weak hold becomes strong")
        ch["hold"] = "strong"
        rules.adjust_meter(ctx, "rep", -rep, "rep tracker full: reset rep to zero")
        ctx.notes.append("The hold was weak: it becomes strong instead of the Tier advancing.")
        return
    tier = int(ch["tier"])
    if tier >= rules.meter_max(ctx, "tier"):
        raise RulesError(f"The crew is at Tier {tier}, the highest there is.")
    hardcase = bool(factions.has_prison_claim(ch, "hardcase"))
    price = cost(tier + 1, hardcase)
    others = option_int(ctx, "others_pay", default=0)
    if others > price:
        raise RulesError(f"Advancing to Tier {tier + 1} costs {price} coin; the others can't put in {others}.")
    crew_part = min(int(ch["crew_coin"]), price - others)
    mine = price - others - crew_part
    if mine > int(ch["coin"]):
        raise RulesError(
            f"Advancing to Tier {tier + 1} costs {price} coin: the crew has {ch['crew_coin']}, you have {ch['coin']}"
            + (f" and the others put in {others}" if others else "")
            + ". The other crew members can put in coin from their sheets (give what they pay)."
        )
    why = f"advance to Tier {tier + 1}: {tier + 1} x 8 coin" + (" less 2 (Hardcase)" if hardcase else "")
    if crew_part:
        rules.adjust_meter(ctx, "crew_coin", -crew_part, why)
    if mine:
        rules.adjust_meter(ctx, "coin", -mine, why + ", the rest from you")
    if others:
        ctx.notes.append(f"The other crew members pay {others} coin: mark it on their sheets.")
    rules.adjust_meter(ctx, "tier", 1, f"the crew advances to Tier {tier + 1}")
    rules.adjust_meter(ctx, "rep", -rep, "advancing Tier resets rep to zero")
    ctx.effect(EffectKind.HOLD, "hold", before="strong", after="weak", reason="advancing Tier: the hold becomes weak")
    ch["hold"] = "weak"
