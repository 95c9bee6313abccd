"""Dungeon World follow-ups that reach another character: the Deal Damage request an attack (Hack & Slash) or a
shot (Volley) hands its target, carrying the attacker's Grit, bonus dice and what they picked; the saving throw a
control move calls for, with the stat it dictates."""

from __future__ import annotations

from typing import Any

from assistant.engine.context import Resolution
from assistant.engine.errors import InputError
from assistant.engine.model import FollowUp
from assistant.engine.rulesets.dungeon_world.character import DEBILITIES, check_debility
from assistant.engine.rulesets.dungeon_world.damage import grit_of

REASON = "Deal the damage to the one you attacked: it comes off their HP"


def picked(ctx: Resolution, choice_id: str) -> list[str]:
    """The option ids the player picked (``options.choose``) from one of this resolution's choices."""
    return [str(e.after) for e in ctx.effects if e.kind == "choice" and e.target == choice_id]


def _your_damage(ctx: Resolution, options: dict[str, Any], what: str) -> None:
    """Your Grit and any stored +1d4 to damage (spent on this attack)."""
    grit = grit_of(ctx.character)
    if grit is None:
        ctx.notes.append(
            f"The text gives no Grit for the class {ctx.character['class']!r}: put your Grit on your sheet, "
            "or give it (the damage die) to Deal Damage."
        )
    else:
        options["grit"] = grit
    bonus = ctx.character["damage_bonus_d4"]
    if bonus:
        options["bonus_d4"] = bonus
        ctx.ruleset.adjust_meter(ctx, "damage_bonus_d4", -bonus, f"+{bonus}d4 to damage used on this {what}")


def _replace_damage_follow_ups(ctx: Resolution, options: dict[str, Any]) -> None:
    hits = [fu for fu in ctx.follow_ups if fu.move == "Deal Damage"]
    if not hits:
        return
    merged = FollowUp(
        kind="move",
        move="Deal Damage",
        reason=REASON,
        request={"system": ctx.ruleset.system_id, "move": "deal_damage", "options": options},
        target=ctx.options["target"] if isinstance(ctx.options.get("target"), str) else None,
    )
    first = ctx.follow_ups.index(hits[0])
    ctx.follow_ups[:] = [fu for fu in ctx.follow_ups if fu.move != "Deal Damage"]
    ctx.follow_ups.insert(first, merged)


def attack_follow_up(ctx: Resolution) -> None:
    """Hack & Slash: one Deal Damage request for the target, carrying everything the attacker picked."""
    if not any(fu.move == "Deal Damage" for fu in ctx.follow_ups):
        return
    picks = picked(ctx, "hack_and_slash")
    options: dict[str, Any] = {}
    debilities: list[str] = []
    if "deal_damage" in picks:
        _your_damage(ctx, options, "attack")
        if "messy_debility" in ctx.options:
            debilities.append(check_debility(ctx.options["messy_debility"], "Your weapon's debility"))
    else:
        options["amount"] = 0
    if "cause_debility" in picks:
        if "debility" not in ctx.options:
            raise InputError(
                f"You cause a debility of your choice: name it ({', '.join(DEBILITIES)}).",
                missing="debility",
                choices=list(DEBILITIES),
            )
        debilities.insert(0, check_debility(ctx.options["debility"], "The debility"))
    if debilities:
        options["debilities"] = list(dict.fromkeys(debilities))
    if "opponent_vulnerable" in picks:
        options["opened_up"] = True
    _replace_damage_follow_ups(ctx, options)


def shooting_follow_up(ctx: Resolution) -> None:
    """Volley: on a hit you deal your damage (-1d6 when you take what you can get)."""
    if not any(fu.move == "Deal Damage" for fu in ctx.follow_ups):
        return
    options: dict[str, Any] = {}
    _your_damage(ctx, options, "shot")
    if "take_what_you_can_get" in picked(ctx, "volley"):
        options["take_what_you_can_get"] = True
    _replace_damage_follow_ups(ctx, options)


def saving_throw_stat(ctx: Resolution) -> None:
    """A control move's saving throw is rolled with the stat it dictates."""
    ctx.follow_ups[:] = [
        fu.model_copy(update={"request": {**fu.request, "stat": ctx.options["save_stat"]}})
        if fu.request is not None and fu.request.get("move") == "saving_throw"
        else fu
        for fu in ctx.follow_ups
    ]


def last_gasp_on_the_one_hit(ctx: Resolution) -> None:
    """Deal Damage is resolved on the sheet of the one hit: their Last Gasp is theirs to roll, on their sheet, and
    says whose it is ("Mara's Health Points reach 0: Mara rolls for Last Gasp"), not "your" for the attacker."""
    cid, name = ctx.character.get("id"), str(ctx.character.get("name") or "").strip()
    update: dict[str, Any] = {}
    if isinstance(cid, str) and cid:
        update["target"] = cid
    if name:
        update["reason"] = f"{name}'s Health Points reach 0: {name} rolls for Last Gasp"
    if update:
        ctx.follow_ups[:] = [fu.model_copy(update=update) if fu.move == "Last Gasp" else fu for fu in ctx.follow_ups]
