"""Blades in the Dark: coin — the payoff and its division, the vault's capacity, coin spent on a result.

Coin on hand holds 4; more goes into the stash. The crew's coin holds 4, 8 with one vault upgrade and 16 with
two; payoff coin beyond that is not lost: it is distributed to the crew members (the public SRD's Coin: "Any
coin beyond their limit must be spent as soon as possible (typically before the next score) or distributed
among the crew members"). The payoff can also be divided among the characters outright ("Record the coin on
the crew sheet, or divvy it up among the crew members as you see fit").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine.context import Resolution, option_bool, option_int
from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind
from assistant.engine.rulesets.blades import crew, factions
from assistant.engine.schema import EffectSpec

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset


def gain_coin(rules: Ruleset, ctx: Resolution, amount: int, reason: str) -> None:
    """This character takes ``amount`` coin: on hand up to its limit, the rest into the stash."""
    if amount <= 0:
        return
    before = rules.meter_value(ctx, "coin")
    room = max(0, rules.meter_max(ctx, "coin") - before)
    on_hand = min(amount, room)
    if on_hand:
        rules.adjust_meter(ctx, "coin", on_hand, reason)
    rest = amount - on_hand
    if rest:
        go = "goes" if rest == 1 else "go"
        ctx.notes.append(f"More than {before + on_hand} coin is impractical to keep lying around: {rest} {go} into your stash.")
        rules.adjust_meter(ctx, "stash", rest, f"{reason}: more than you can keep on hand, into your stash")


def gain_crew_coin(rules: Ruleset, ctx: Resolution, amount: int, reason: str) -> None:
    """The crew takes ``amount`` coin (a loss when negative); what its vault can't hold is distributed to you."""
    if amount <= 0:
        if amount:
            rules.adjust_meter(ctx, "crew_coin", amount, reason)
        return
    before = rules.meter_value(ctx, "crew_coin")
    capacity = rules.meter_max(ctx, "crew_coin")
    kept = max(0, min(amount, capacity - before))
    if kept:
        rules.adjust_meter(ctx, "crew_coin", kept, reason)
    excess = amount - kept
    if excess:
        vaults = int(ctx.character["vaults"])
        ctx.notes.append(
            f"The crew's coin holds {capacity} ({crew.vault_words(vaults)}): {excess} coin beyond it is distributed to you "
            "(coin beyond the limit must be spent as soon as possible or distributed among the crew members)."
        )
        gain_coin(rules, ctx, excess, f"{reason}: beyond the crew's vault, distributed to you")


def payoff(rules: Ruleset, ctx: Resolution) -> None:
    """Rep for the score, coin to the crew (less any tithe) or divided among the crew members, the boss's patience."""
    ch = ctx.character
    target = option_int(ctx, "target_tier") if "target_tier" in ctx.options else None
    rep = crew.payoff_rep(int(ch["tier"]), target, option_bool(ctx, "quiet"))
    rules.adjust_meter(ctx, "rep", rep, "payoff: rep for the score")
    if option_bool(ctx, "tithe") and option_bool(ctx, "skip_tithe"):
        raise InputError("Pay the tithe or skip it, not both.", missing="tithe")
    coin = option_int(ctx, "coin", default=0)
    tithe = int(ch["tier"]) + 1 if option_bool(ctx, "tithe") else 0
    mine, others = option_int(ctx, "share", default=0), option_int(ctx, "others_share", default=0)
    left = coin - tithe
    if mine + others and mine + others > left:
        after = f" after the tithe of {tithe}" if tithe else ""
        raise InputError(
            f"The payoff leaves {max(0, left)} coin{after}, but the shares come to {mine + others}: give smaller shares.",
            missing="share",
        )
    if mine + others:
        ctx.effect(
            EffectKind.COIN_SHARE,
            "payoff",
            after={"you": mine, "the other crew members": others, "the crew": left - mine - others},
            reason="the payoff divvied up among the crew members",
        )
    if others:
        ctx.notes.append(
            f"{others} coin of the payoff {'goes' if others == 1 else 'go'} to the other crew members: mark it on their sheets."
        )
    if coin or tithe:
        reason = f"payoff: {coin} coin" + (f" minus a tithe of {tithe} (crew Tier +1) to the boss" if tithe else "")
        gain_crew_coin(rules, ctx, left - mine - others, reason + (" (less the shares)" if mine + others else ""))
    gain_coin(rules, ctx, mine, "payoff: your share")
    if option_bool(ctx, "skip_tithe"):
        if ctx.clock is None:
            raise InputError("Skipping the tithe ticks the boss's patience clock: give that clock.", missing="clock")
        rules.apply_effect(ctx, EffectSpec(type="clock", delta=1))
        if ctx.clock.full and "faction" in ctx.options:
            factions.change_status(ctx, -1, "the boss's patience ran out: lose 1 faction status with them")
        elif ctx.clock.full:
            ctx.notes.append("The boss's patience ran out: lose 1 faction status with them (name the boss's faction).")
    for field, empty in (("downtime_activities", 0), ("trained", [])):
        if ch[field] != empty:
            ctx.effect(EffectKind.RESET, field, before=ch[field], after=empty, reason="a new score: two free activities again")
            ch[field] = empty


def spend_coin(rules: Ruleset, ctx: Resolution) -> None:
    """Coin spent after a downtime roll raises the result one level per coin (an asset's quality beyond critical costs
    2 per level, a crafted item's 1)."""
    coins = option_int(ctx, "spend_coin")
    if not coins:
        return
    if ctx.roll != "pool":
        raise InputError(f"{ctx.move.name} made no roll: there is no result to raise with coin.")
    index = crew.RESULT_LEVELS.index(ctx.outcome)
    steps = min(coins, len(crew.RESULT_LEVELS) - 1 - index)
    leftover = coins - steps
    if leftover and ctx.move.id == "acquire_asset":
        if leftover % 2:
            raise InputError(
                "Beyond critical an asset costs 2 coin per extra quality level: spend an even number past it.",
                missing="spend_coin",
            )
        ctx.memo["extra_quality"] = leftover // 2
    elif leftover and ctx.move.id == "crafting":
        ctx.memo["extra_quality"] = leftover
    elif leftover:
        raise InputError(f"{coins} coin is more than this result can take: {steps} raise it to critical.", missing="spend_coin")
    rules.adjust_meter(
        ctx, "crew_coin" if ctx.options.get("pay_from_crew") else "coin", -coins, f"spend {coins} coin to improve the result"
    )
    before = ctx.outcome
    ctx.outcome = crew.RESULT_LEVELS[index + steps]
    was, now = before.value.replace("_", " "), ctx.outcome.value.replace("_", " ")
    ctx.notes.append(f"Spent {coins} coin: a {was} became a {now}.")
