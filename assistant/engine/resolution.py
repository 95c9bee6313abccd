"""The driver of a move's resolution: check, roll, read the outcome, apply its effects, report.

The working state is a :class:`~assistant.engine.context.Resolution`; the rolls are
:mod:`assistant.engine.roll_steps`; the system takes part only through its
:class:`~assistant.engine.ruleset.Ruleset` hooks.
"""

from __future__ import annotations

import random

import assistant.engine.roll_shapes as roll_shapes
import assistant.engine.roll_steps as roll_steps
import assistant.engine.table_steps as table_steps
from assistant.engine.context import Resolution, read_clock, read_track
from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.meters import clamp_to_max
from assistant.engine.model import Choice, Request, Result
from assistant.engine.offers import add_follow_up, holds, offer_choice, option_view, outcome_choice_specs
from assistant.engine.outcomes import Outcome
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import ChoiceSpec, Condition, MoveSpec, OutcomeSpec

__all__ = ["Resolution", "close_resolution", "open_resolution", "resolve_move"]


def open_resolution(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Resolution:
    """A fresh working state for ``move``: the request's character normalised and copied, its dice source."""
    character, before = ruleset.sheet.normalized_pair(request.character)
    return Resolution.fresh(ruleset, request, move, character, DiceSource(rng=rng, forced=request.dice), before)


def close_resolution(ctx: Resolution, ruleset: Ruleset) -> Result:
    """Apply the player's picks, check every forced die was used, let the system look last, build the Result."""
    if "choose" in ctx.options:
        apply_player_choices(ctx)
    if ctx.request.dice is not None:  # forced dice: every one used
        ctx.source.check_all_forced_used()
    sheet = ruleset.sheet_plan
    if sheet.shrinking:
        clamp_to_max(ctx)  # a character given above a maximum that impacts lowered comes down to it
    if ctx.match:
        roll_steps.match_note(ctx)
    if not sheet.core_finish and (ruleset.finish_moves is None or ctx.move.id in ruleset.finish_moves):
        ruleset.finish(ctx)
    return ctx.result()


def resolve_move(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Result:
    character, before = ruleset.sheet.normalized_pair(request.character)  # open_resolution, inline
    ctx = Resolution.fresh(ruleset, request, move, character, DiceSource(rng=rng, forced=request.dice), before)
    plan = ctx.plan = ruleset.plan(move)
    ruleset.check_options(ctx)
    if ctx.request.stat is not None and not plan.takes_stat:  # a system may read a stat as an option (Blades' Train)
        raise InputError(f"{move.name} {_takes_no_stat(move)}; leave the stat out.", missing="stat")
    options = ctx.options
    automatic = options.get("automatic") if options else None
    kind = plan.kind
    required = kind == "progress" and not plan.legacy and automatic is None
    if options or required:  # with no options there is no track or clock to read (ctx's are None)
        ctx.track = read_track(ctx, required=required)
        ctx.clock = read_clock(ctx)
    if plan.requires is not None and not _requirement_met(ctx, plan.requires):
        raise RulesError(ruleset.requirement_message(ctx))
    for spec in plan.before_roll:
        if spec.when is None or holds(ctx, spec.when):
            ruleset.apply_effect(ctx, spec)
    if plan.roll_when is not None and not holds(ctx, plan.roll_when):
        kind = "none"
    if kind != plan.kind:
        ctx.notes.append(f"No roll: {ruleset.no_roll_reason(ctx)}.")
        if request.dice:
            raise InputError(f"{move.name} makes no roll in this situation, but dice were given; leave the dice out.")
        ctx.roll = RollKind.NONE
    else:
        ctx.roll = plan.roll_kind or RollKind(kind)
    if automatic is not None:
        _automatic_outcome(ctx, str(automatic))
    elif kind == "action":
        roll_steps.action_step(ctx)
        if ruleset.sheet_plan.burn is not None:
            roll_steps.burn_step(ctx)
    elif kind == "progress":
        roll_steps.progress_step(ctx)
    elif kind == "table":
        table_steps.table_step(ctx)
    elif kind == "oracle":
        roll_steps.oracle_step(ctx)
    elif kind in ("pool", "total"):
        ruleset.do_system_roll(ctx, kind)
    if ctx.shape is not None:
        roll_shapes.record(ctx.shape, ctx.shape_dice_before)
    if not ruleset.sheet_plan.core_after_roll and (ruleset.after_roll_moves is None or move.id in ruleset.after_roll_moves):
        ruleset.after_roll(ctx)
    apply_outcome(ctx, ruleset)
    if ctx.options and ctx.outcome in _HITS:
        apply_option_hits(ctx, ruleset)
    return close_resolution(ctx, ruleset)


_HITS = (Outcome.STRONG_HIT, Outcome.WEAK_HIT)


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
    reading = (ctx.plan or ruleset.plan(ctx.move)).reading(ctx.outcome, ctx.match)
    spec = reading.spec
    if spec is not None:
        for effect in spec.effects:
            if effect.when is None or holds(ctx, effect.when):
                ruleset.apply_effect(ctx, effect)
        if spec.text:
            ctx.text = f"{spec.text}\n\n{ctx.text}" if ctx.text else spec.text
    for choice in reading.choices:
        if choice.when is None or holds(ctx, choice.when):
            offer_choice(ctx, choice)
    for fu in reading.follow_ups:
        if fu.when is None or holds(ctx, fu.when):
            add_follow_up(ctx, fu)
    if spec is not None and spec.notes:
        _say_notes_of(ctx, spec)


def apply_option_hits(ctx: Resolution, ruleset: Ruleset) -> None:
    """The effects an option brings on a hit (``on_hit`` in its declaration), for the value given."""
    if not ctx.options or ctx.outcome not in (Outcome.STRONG_HIT, Outcome.WEAK_HIT):
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
    a ``repeat`` choice (Sojourn), a budgeted choice may not spend more than its points (Repair). After each
    choice's picks, the outcome's choices whose ``when`` did not hold are checked again and open when it now
    holds (Endure Harm: the additional -1 health brings health to 0, so wounded, permanently harmed or the
    table must be picked too); those may be picked in the same request. A choice picked short of its count
    stays open and a note says how many are left; the options still open show what the character can afford now."""
    picks = ctx.options.get("choose")
    if picks is None:
        return
    if isinstance(picks, str):
        picks = [picks]
    if not isinstance(picks, list) or not all(isinstance(p, str) for p in picks):
        raise InputError('Say which options you pick by their ids, like ["take_2_momentum"].', missing="choose")
    pending = list(picks)
    taken: dict[str, list[str]] = {}
    spent: dict[str, int] = {}
    index = 0
    while index < len(ctx.choices):  # choices opened by a pick are appended, and read in turn
        choice = ctx.choices[index]
        index += 1
        ids = {o.id for o in choice.options}
        mine_picked = [p for p in pending if p in ids]
        if not mine_picked:
            continue
        spec = _choice_spec(ctx, choice.id)
        for pick in mine_picked:
            pending.remove(pick)
            _apply_pick(ctx, choice, spec, pick, taken, spent, len(mine_picked))
        _open_rechecked_choices(ctx)
    if pending:
        raise _not_open(ctx, pending)
    remaining: list[Choice] = []
    for choice in ctx.choices:
        mine = taken.get(choice.id, [])
        spec = _choice_spec(ctx, choice.id)
        if not mine:
            remaining.append(_refreshed(ctx, choice, spec))
            continue
        if choice.pick and len(mine) < choice.pick:
            left = choice.pick - len(mine)
            ctx.notes.append(f"{choice.prompt}: {left} more to pick; the choice stays open.")
            options = choice.options if choice.repeat else [o for o in choice.options if o.id not in mine]
            prompt = f"{choice.prompt.rstrip(':. ')} ({left} more to pick)"  # "Choose two (1 more to pick)"
            update = {"pick": left, "options": options, "prompt": prompt}
            remaining.append(_refreshed(ctx, choice.model_copy(update=update), spec))
    ctx.choices = remaining


def _choice_spec(ctx: Resolution, choice_id: str) -> ChoiceSpec:
    return next(c for c in [*outcome_choice_specs(ctx), *ctx.extra_choice_specs] if c.id == choice_id)


def _apply_pick(
    ctx: Resolution,
    choice: Choice,
    spec: ChoiceSpec,
    pick: str,
    taken: dict[str, list[str]],
    spent: dict[str, int],
    asked: int,
) -> None:
    """One pick, checked against what the character has now (after the picks before it)."""
    option = next(o for o in spec.options if o.id == pick)
    label = option.label
    mine = taken.setdefault(choice.id, [])
    if pick in mine and not spec.repeat:
        raise RulesError(f"{label}: you can pick it only once.")
    if choice.pick and len(mine) + 1 > choice.pick:
        raise RulesError(f"{choice.prompt}: pick {choice.pick}, not {asked}.")
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
        if holds(ctx, fu.when):
            add_follow_up(ctx, fu)


def _open_rechecked_choices(ctx: Resolution) -> None:
    """Open the outcome's choices whose condition holds now that earlier picks changed the character (and say
    the outcome's conditional sentences that now hold)."""
    offered = {c.id for c in ctx.choices}
    for spec in outcome_choice_specs(ctx):
        if spec.id not in offered and spec.when is not None and holds(ctx, spec.when):
            offer_choice(ctx, spec)
            ctx.notes.append(f"After your pick: {spec.prompt[:1].lower()}{spec.prompt[1:]}.")
    _say_notes_that_hold(ctx)


def _say_notes_that_hold(ctx: Resolution) -> None:
    """The outcome's sentences whose condition holds, each said once."""
    _say_notes_of(ctx, ctx.ruleset.plan(ctx.move).reading(ctx.outcome, ctx.match).spec)


def _say_notes_of(ctx: Resolution, spec: OutcomeSpec | None) -> None:
    """The sentences of ``spec`` (the outcome reached) whose condition holds, each said once."""
    if spec is None:
        return
    for note in spec.notes:
        if note.text not in ctx.notes and holds(ctx, note.when):
            ctx.notes.append(note.text)


def _refreshed(ctx: Resolution, choice: Choice, spec: ChoiceSpec) -> Choice:
    """The choice with each option's availability as the character stands now."""
    views = {o.id: o for o in (option_view(ctx, o) for o in spec.options)}
    options = [
        o.model_copy(update={"available": views[o.id].available, "why": views[o.id].why}) if o.id in views else o
        for o in choice.options
    ]
    return choice.model_copy(update={"options": options})


def _not_open(ctx: Resolution, pending: list[str]) -> InputError:
    """A pick that names no option open here, in the player's words (the error's ``choices`` hold the ids)."""
    offered = [o for c in ctx.choices for o in c.options]
    listed = "; ".join(o.label.rstrip(".") for o in offered)
    wanted = ", ".join(f"'{p.replace('_', ' ')}'" for p in dict.fromkeys(pending))
    where = f"the open options are: {listed}" if offered else "this result has no open options"
    return InputError(
        f"You can't choose {wanted} here; {where}.",
        missing="choose",
        choices=[o.id for o in offered],
    )
