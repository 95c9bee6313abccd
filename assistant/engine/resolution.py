"""The driver of a move's resolution: check, roll, read the outcome, apply its effects, report.

The working state is a :class:`~assistant.engine.context.Resolution`; the rolls are
:mod:`assistant.engine.roll_steps`; the system takes part only through its
:class:`~assistant.engine.ruleset.Ruleset` hooks.
"""

from __future__ import annotations

import random

import assistant.engine.roll_shapes as roll_shapes
import assistant.engine.roll_steps as roll_steps
from assistant.engine.context import (
    Resolution,
    add_follow_up,
    holds,
    offer_choice,
    outcome_choice_specs,
    outcome_key,
    read_clock,
    read_track,
)
from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.meters import clamp_to_max
from assistant.engine.model import Choice, Request, Result
from assistant.engine.outcomes import Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import ChoiceSpec, Condition, FollowUpSpec, MoveSpec

__all__ = ["Resolution", "close_resolution", "open_resolution", "resolve_move"]

_ROLL_KINDS = {kind.value: kind for kind in RollKind}


def open_resolution(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Resolution:
    """A fresh working state for ``move``: the request's character normalised and copied, its dice source."""
    character = ruleset.sheet.normalize(request.character)
    return Resolution(
        ruleset=ruleset,
        request=request,
        move=move,
        character=character,
        source=DiceSource(rng=rng, forced=request.dice),
        before=copy_value(character),
        adds=request.adds,
    )


def close_resolution(ctx: Resolution, ruleset: Ruleset) -> Result:
    """Apply the player's picks, check every forced die was used, let the system look last, build the Result."""
    apply_player_choices(ctx)
    ctx.source.check_all_forced_used()
    clamp_to_max(ctx)  # a character given above a maximum that impacts lowered comes down to it
    roll_steps.match_note(ctx)
    ruleset.finish(ctx)
    return ctx.result()


def resolve_move(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Result:
    ctx = open_resolution(ruleset, request, move, rng)
    ruleset.check_options(ctx)
    if request.stat is not None and not move.roll.stats:
        raise InputError(f"{move.name} {_takes_no_stat(move)}; leave the stat out.", missing="stat")
    legacy = (move.roll.track or "").startswith("legacy")
    automatic = ctx.options.get("automatic")
    ctx.track = read_track(ctx, required=move.roll.type == "progress" and not legacy and automatic is None)
    ctx.clock = read_clock(ctx)
    if move.requires is not None and not _requirement_met(ctx, move.requires):
        raise RulesError(ruleset.requirement_message(ctx))
    for spec in move.before_roll:
        if holds(ctx, spec.when):
            ruleset.apply_effect(ctx, spec)
    kind = move.roll.type if holds(ctx, move.roll.when) else "none"
    if kind != move.roll.type:
        ctx.notes.append(f"No roll: {ruleset.no_roll_reason(ctx)}.")
        if request.dice:
            raise InputError(f"{move.name} makes no roll in this situation, but dice were given; leave the dice out.")
    ctx.roll = _ROLL_KINDS.get(kind) or RollKind(kind)
    if automatic is not None:
        _automatic_outcome(ctx, str(automatic))
    elif kind == "action":
        roll_steps.action_step(ctx)
        roll_steps.burn_step(ctx)
    elif kind == "progress":
        roll_steps.progress_step(ctx)
    elif kind == "table":
        roll_steps.table_step(ctx)
    elif kind == "oracle":
        roll_steps.oracle_step(ctx)
    elif kind in ("pool", "total"):
        ruleset.do_system_roll(ctx, kind)
    if ctx.shape is not None:
        roll_shapes.record(ctx.shape, ctx.shape_dice_before)
    ruleset.after_roll(ctx)
    apply_outcome(ctx, ruleset)
    apply_option_hits(ctx, ruleset)
    return close_resolution(ctx, ruleset)


def _automatic_outcome(ctx: Resolution, outcome: str) -> None:
    """An outcome another move grants instead of a roll ("assume an automatic strong hit")."""
    if ctx.roll not in (RollKind.ACTION, RollKind.PROGRESS):
        raise InputError(f"{ctx.move.name} makes no roll, so it has no automatic outcome; leave it out.", missing="automatic")
    if ctx.request.dice:
        raise InputError(f"An automatic {outcome.replace('_', ' ')} rolls no dice; leave the dice out.")
    ctx.roll, ctx.outcome = RollKind.NONE, Outcome(outcome)
    ctx.notes.append(f"An automatic {outcome.replace('_', ' ')}: no roll.")


def _takes_no_stat(move: MoveSpec) -> str:
    """Why a move takes no stat, in the player's words."""
    kind = move.roll.type
    if kind == "progress":
        return "rolls its track's progress, not a stat"
    if kind in ("table", "oracle"):
        return "rolls on a table and takes no stat"
    return "takes no stat" if kind != "none" else "makes no roll, so it takes no stat"


def _requirement_met(ctx: Resolution, cond: Condition) -> bool:
    """A move's requirement; a position requirement is enforced only when the position is known."""
    if cond.position is not None and ctx.ruleset.position(ctx) is None:
        cond = cond.model_copy(update={"position": None})
    return holds(ctx, cond)


def apply_outcome(ctx: Resolution, ruleset: Ruleset) -> None:
    spec = ctx.move.outcomes.get(outcome_key(ctx.move, ctx.outcome, ctx.match) or "")
    texts = [ctx.text] if ctx.text else []
    specs_choices: list[ChoiceSpec] = list(ctx.move.choices)
    follow_specs: list[FollowUpSpec] = list(ctx.move.follow_ups)
    if spec is not None:
        texts.insert(0, spec.text)
        for effect in spec.effects:
            if holds(ctx, effect.when):
                ruleset.apply_effect(ctx, effect)
        specs_choices += spec.choices
        follow_specs += spec.follow_ups
    ctx.text = "\n\n".join(t for t in texts if t)
    for choice in specs_choices:
        if holds(ctx, choice.when):
            offer_choice(ctx, choice)
    for fu in follow_specs:
        if holds(ctx, fu.when):
            add_follow_up(ctx, fu)


def apply_option_hits(ctx: Resolution, ruleset: Ruleset) -> None:
    """The effects an option brings on a hit (``on_hit`` in its declaration), for the value given."""
    if ctx.outcome not in (Outcome.STRONG_HIT, Outcome.WEAK_HIT):
        return
    for name, spec in ruleset.options_on_hit(ctx.move):
        value = ctx.options.get(name)
        if value is None or not spec.on_hit:
            continue
        key = ("true" if value else "false") if isinstance(value, bool) else str(value)
        for effect in spec.on_hit.get(key, []):
            if holds(ctx, effect.when):
                ruleset.apply_effect(ctx, effect)


def apply_player_choices(ctx: Resolution) -> None:
    """Apply ``options.choose`` (the ids the player picked) to the open choices, choice by choice, each in the
    order picked.

    Each pick is checked at its turn, after the picks before it took effect: an option whose ``requires`` no
    longer holds is refused (Advance's new asset without 3 experience), an option picked again must belong to
    a ``repeat`` choice (Sojourn), a budgeted choice may not spend more than its points (Repair). A choice
    picked short of its count stays open and a note says how many are left."""
    picks = ctx.options.get("choose")
    if picks is None:
        return
    if isinstance(picks, str):
        picks = [picks]
    if not isinstance(picks, list) or not all(isinstance(p, str) for p in picks):
        raise InputError('Say which options you pick by their ids, like ["take_2_momentum"].', missing="choose")
    specs = {c.id: c for c in [*outcome_choice_specs(ctx), *ctx.extra_choice_specs]}
    owner = {o.id: c for c in ctx.choices for o in c.options}
    unknown = [p for p in picks if p not in owner]
    if unknown:
        offered = [o.id for c in ctx.choices for o in c.options]
        raise InputError(
            f"You can't choose {', '.join(unknown)} here; the open options are {', '.join(offered) or 'none'}.",
            missing="choose",
            choices=offered,
        )
    taken: dict[str, list[str]] = {}
    spent: dict[str, int] = {}
    in_turn = [p for choice in ctx.choices for p in picks if owner[p] is choice]  # choice by choice, as picked
    for pick in in_turn:
        choice = owner[pick]
        spec = specs[choice.id]
        option = next(o for o in spec.options if o.id == pick)
        label = option.label
        mine = taken.setdefault(choice.id, [])
        if pick in mine and not spec.repeat:
            raise RulesError(f"{label}: you can pick it only once.")
        if choice.pick and len(mine) + 1 > choice.pick:
            raise RulesError(f"{choice.prompt}: pick {choice.pick}, not {len([p for p in picks if owner[p] is choice])}.")
        if choice.budget is not None and spent.get(choice.id, 0) + option.cost > choice.budget:
            left = choice.budget - spent.get(choice.id, 0)
            raise RulesError(f"{label} costs {option.cost} point(s); only {left} of {choice.budget} are left.")
        if not holds(ctx, option.requires):
            raise RulesError(option.refusal or f"{label}: not possible now.")
        mine.append(pick)
        spent[choice.id] = spent.get(choice.id, 0) + option.cost
        ctx.effect(EffectKind.CHOICE, choice.id, after=option.id, reason=label)
        for effect in option.effects:
            if holds(ctx, effect.when):
                ctx.ruleset.apply_effect(ctx, effect)
        for fu in option.follow_ups:
            add_follow_up(ctx, fu)
    remaining: list[Choice] = []
    for choice in ctx.choices:
        mine = taken.get(choice.id, [])
        if not mine:
            remaining.append(choice)
            continue
        if choice.pick and len(mine) < choice.pick:
            left = choice.pick - len(mine)
            ctx.notes.append(f"{choice.prompt}: {left} more to pick; the choice stays open.")
            options = choice.options if choice.repeat else [o for o in choice.options if o.id not in mine]
            remaining.append(choice.model_copy(update={"pick": left, "options": options}))
    ctx.choices = remaining
