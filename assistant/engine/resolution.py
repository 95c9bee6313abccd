"""The generic resolution of a move: validate, roll, read the outcome, apply effects, report.

:class:`Resolution` is the working state of one resolution. It is built from a copy of the request's
character; nothing outside it changes until :meth:`Resolution.result` is returned, so a failed
resolution changes no state.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError, RulesError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.model import Burn, Choice, ChoiceOption, DieRecord, Effect, FollowUp, Request, Result
from assistant.engine.oracle import Odds, ask_yes_no, roll_table
from assistant.engine.outcomes import Outcome
from assistant.engine.schema import ChoiceSpec, Condition, FollowUpSpec, MoveSpec, OutcomeSpec
from assistant.engine.tracks import Clock, ProgressTrack, Rank

if TYPE_CHECKING:
    from assistant.engine.ruleset import Ruleset


@dataclass
class Resolution:
    ruleset: Ruleset
    request: Request
    move: MoveSpec
    character: dict[str, Any]
    source: DiceSource
    before: dict[str, Any] = field(default_factory=dict)
    roll: RollKind = RollKind.NONE
    outcome: Outcome = Outcome.NONE
    match: bool = False
    score: int | None = None
    stat: str | None = None
    stat_value: int | None = None
    adds: int = 0
    challenge: tuple[int, int] | None = None
    effects: list[Effect] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)
    follow_ups: list[FollowUp] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    text: str = ""
    table: dict[str, Any] | None = None
    track: ProgressTrack | None = None
    clock: Clock | None = None
    burn: Burn | None = None
    started: list[str] = field(default_factory=list)
    """``track``/``clock`` when this resolution started it (see :attr:`Result.started`)."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def options(self) -> dict[str, Any]:
        return self.request.options

    def effect(
        self,
        kind: EffectKind,
        target: str,
        before: Any = None,
        after: Any = None,
        delta: int | None = None,
        reason: str = "",
        rule: str | None = None,
        marks: int | None = None,
    ) -> None:
        """Record one change (see :class:`~assistant.engine.model.Effect`)."""
        self.effects.append(
            Effect(
                kind=kind,
                target=target,
                before=before,
                after=after,
                delta=delta,
                reason=reason,
                rule=rule or self.move.name,
                marks=marks,
            )
        )

    def result(self) -> Result:
        return Result(
            system=self.ruleset.system_id,
            move=self.move.name,
            move_id=self.move.id,
            roll=self.roll,
            outcome=self.outcome,
            match=self.match,
            score=self.score,
            stat=self.stat,
            stat_value=self.stat_value,
            adds=self.adds,
            dice=[d.value for d in self.source.rolled],
            dice_detail=[DieRecord.of(d) for d in self.source.rolled],
            challenge=list(self.challenge) if self.challenge else None,
            character_before=self.before,
            character=self.character,
            effects=self.effects,
            choices=self.choices,
            follow_ups=self.follow_ups,
            text=self.text,
            table=self.table,
            track=self.track.to_dict() if self.track else None,
            clock=self.clock.to_dict() if self.clock else None,
            burn=self.burn,
            started=[k for k in ("track", "clock") if k in self.started and getattr(self, k) is not None],
            notes=self.notes,
        )


# ---- option readers ------------------------------------------------------------------------------


def option_int(ctx: Resolution, name: str, lo: int, hi: int, default: int | None = None) -> int:
    value = ctx.options.get(name, default)
    if value is None:
        raise InputError(f"{ctx.move.name} needs options.{name} ({lo}-{hi}).")
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"options.{name} must be a whole number {lo}-{hi}; got {value!r}.")
    return value


def option_bool(ctx: Resolution, name: str) -> bool:
    value = ctx.options.get(name, False)
    if not isinstance(value, bool):
        raise InputError(f"options.{name} must be true or false; got {value!r}.")
    return value


def read_track(ctx: Resolution, *, required: bool) -> ProgressTrack | None:
    """The progress track named by the request: ``options.track`` ({name, rank, ticks}) or the
    shorthand ``rank`` + ``progress_ticks``/``progress_boxes``."""
    opts = ctx.options
    raw = opts.get("track")
    if raw is not None:
        if not isinstance(raw, dict):
            raise InputError('options.track must be an object like {"name": "Find the ship", "rank": "dangerous", "ticks": 8}.')
        unknown = set(raw) - {"name", "rank", "ticks", "boxes", "kind"}
        if unknown:
            raise InputError(f"options.track has unknown field(s) {sorted(unknown)}; use name, rank, ticks or boxes.")
        ticks = raw.get("ticks")
        if ticks is None and raw.get("boxes") is not None:
            ticks = _boxes_to_ticks(raw["boxes"])
        rank = Rank.parse(raw.get("rank", opts.get("rank", "formidable")))
        return ProgressTrack(
            rank=rank,
            ticks=ticks if ticks is not None else 0,
            name=str(raw.get("name", "")),
            kind=str(raw.get("kind", ctx.move.roll.track or "vow")),
        )
    if "progress_ticks" in opts and "progress_boxes" in opts:
        raise InputError("Give options.progress_ticks or options.progress_boxes, not both.")
    ticks = None
    if "progress_ticks" in opts:
        ticks = opts["progress_ticks"]
    elif "progress_boxes" in opts:
        ticks = _boxes_to_ticks(opts["progress_boxes"])
    if ticks is None and "rank" not in opts:
        if required:
            raise InputError(
                f"{ctx.move.name} is a progress move: give options.progress_boxes (0-10) or "
                f"options.progress_ticks (0-40), or options.track."
            )
        return None
    rank = Rank.parse(opts.get("rank", "formidable"))
    return ProgressTrack(rank=rank, ticks=ticks if ticks is not None else 0, kind=ctx.move.roll.track or "vow")


def _boxes_to_ticks(boxes: object) -> int:
    if isinstance(boxes, bool) or not isinstance(boxes, int) or not 0 <= boxes <= 10:
        raise InputError(f"progress_boxes must be a whole number 0-10; got {boxes!r}.")
    return boxes * 4


def read_clock(ctx: Resolution) -> Clock | None:
    raw = ctx.options.get("clock")
    if raw is None:
        return None
    if not isinstance(raw, dict) or not {"segments"} <= set(raw) <= {"segments", "filled", "name", "full"}:
        raise InputError('options.clock must be an object like {"segments": 6, "filled": 2}.')
    segments, filled = raw.get("segments"), raw.get("filled", 0)
    if not isinstance(segments, int) or not isinstance(filled, int) or isinstance(segments, bool) or isinstance(filled, bool):
        raise InputError("options.clock segments and filled must be whole numbers.")
    return Clock(segments=segments, filled=filled, name=str(raw.get("name", "")))


# ---- conditions ----------------------------------------------------------------------------------


def holds(ctx: Resolution, cond: Condition | None) -> bool:
    if cond is None:
        return True
    ch = ctx.character
    checks: list[bool] = []
    if cond.impact is not None:
        checks.append(cond.impact in ch.get("impacts", []))
    if cond.not_impact is not None:
        checks.append(cond.not_impact not in ch.get("impacts", []))
    if cond.was_impact is not None:
        checks.append(cond.was_impact in ctx.before.get("impacts", []))
    if cond.meter is not None:
        value = ctx.ruleset.meter_value(ctx, cond.meter)
        if cond.eq is not None:
            checks.append(value == cond.eq)
        if cond.gt is not None:
            checks.append(value > cond.gt)
        if cond.lt is not None:
            checks.append(value < cond.lt)
    if cond.option is not None:
        checks.append(bool(ctx.options.get(cond.option)))
    if cond.not_option is not None:
        checks.append(not ctx.options.get(cond.not_option))
    if cond.position is not None:
        checks.append(ctx.ruleset.position(ctx) == cond.position)
    if cond.any is not None:
        checks.append(any(holds(ctx, c) for c in cond.any))
    return all(checks)


# ---- the driver ----------------------------------------------------------------------------------


def open_resolution(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Resolution:
    """A fresh working state for ``move``: the request's character normalised and copied, its dice source."""
    character = ruleset.sheet.normalize(request.character)
    return Resolution(
        ruleset=ruleset,
        request=request,
        move=move,
        character=character,
        source=DiceSource(rng=rng, forced=request.dice),
        before=copy.deepcopy(character),
        adds=request.adds,
    )


def close_resolution(ctx: Resolution) -> Result:
    """Apply the player's picks, check every forced die was used, let the system look last, build the Result."""
    apply_player_choices(ctx)
    ctx.source.check_all_forced_used()
    ctx.ruleset.finish(ctx)
    return ctx.result()


def resolve_move(ruleset: Ruleset, request: Request, move: MoveSpec, rng: random.Random | None) -> Result:
    ctx = open_resolution(ruleset, request, move, rng)
    ruleset.check_options(ctx)
    ctx.track = read_track(ctx, required=move.roll.type == "progress" and not (move.roll.track or "").startswith("legacy"))
    ctx.clock = read_clock(ctx)
    if move.requires is not None and not _requirement_met(ctx, move.requires):
        raise RulesError(ruleset.requirement_message(ctx))
    for spec in move.before_roll:
        if holds(ctx, spec.when):
            ruleset.apply_effect(ctx, spec)
    kind = move.roll.type if holds(ctx, move.roll.when) else "none"
    if kind != move.roll.type:
        ctx.notes.append(f"No roll: {ruleset.no_roll_reason(ctx)}")
        if request.dice:
            raise InputError(f"{move.name} makes no roll in this situation, but dice were given; remove 'dice'.")
    ctx.roll = RollKind(kind)
    if kind == "action":
        ruleset.do_action_roll(ctx)
    elif kind == "progress":
        ruleset.do_progress_roll(ctx)
    elif kind == "table":
        do_table_roll(ctx)
    elif kind == "oracle":
        do_oracle_roll(ctx)
    elif kind in ("pool", "total"):
        ruleset.do_system_roll(ctx, kind)
    ruleset.after_roll(ctx)
    apply_outcome(ctx)
    return close_resolution(ctx)


def _requirement_met(ctx: Resolution, cond: Condition) -> bool:
    """A move's requirement; a position requirement is enforced only when the position is known."""
    if cond.position is not None and ctx.ruleset.position(ctx) is None:
        cond = cond.model_copy(update={"position": None})
    return holds(ctx, cond)


def outcome_spec(ctx: Resolution) -> OutcomeSpec | None:
    outcomes = ctx.move.outcomes
    key = ctx.outcome.value
    if ctx.match and f"{key}_match" in outcomes:
        return outcomes[f"{key}_match"]
    if key in outcomes:
        return outcomes[key]
    if ctx.outcome in (Outcome.STRONG_HIT, Outcome.WEAK_HIT) and "hit" in outcomes:
        return outcomes["hit"]
    return outcomes.get("none") if ctx.outcome is Outcome.NONE else None


def apply_outcome(ctx: Resolution) -> None:
    spec = outcome_spec(ctx)
    texts = [ctx.text] if ctx.text else []
    specs_choices: list[ChoiceSpec] = list(ctx.move.choices)
    follow_specs: list[FollowUpSpec] = list(ctx.move.follow_ups)
    if spec is not None:
        texts.insert(0, spec.text)
        for effect in spec.effects:
            if holds(ctx, effect.when):
                ctx.ruleset.apply_effect(ctx, effect)
        specs_choices += spec.choices
        follow_specs += spec.follow_ups
    ctx.text = "\n\n".join(t for t in texts if t)
    for choice in specs_choices:
        if holds(ctx, choice.when):
            offer_choice(ctx, choice)
    for fu in follow_specs:
        if holds(ctx, fu.when):
            add_follow_up(ctx, fu)


def add_follow_up(ctx: Resolution, fu: FollowUpSpec) -> None:
    system = ctx.ruleset.system_id
    if fu.move:
        target = ctx.ruleset.move_by_id(fu.move)
        ctx.follow_ups.append(
            FollowUp(
                kind="move",
                move=target.name,
                reason=fu.text or f"{ctx.move.name}: {ctx.outcome.value}",
                request={"system": system, "move": target.id},
            )
        )
    elif fu.table:
        table = ctx.ruleset.tables[fu.table]
        ctx.follow_ups.append(
            FollowUp(
                kind="table",
                move=table.name,
                reason=fu.text or "Roll on the table",
                request={"system": system, "move": f"table:{table.id}"},
            )
        )
    elif fu.suffer is not None:
        ctx.follow_ups.append(
            FollowUp(kind="suffer", move="suffer move", amount=fu.suffer, reason=fu.text or f"Make a suffer move ({fu.suffer})")
        )


def apply_player_choices(ctx: Resolution) -> None:
    """Apply ``options.choose`` (option ids the player picked) to the open choices."""
    picks = ctx.options.get("choose")
    if picks is None:
        return
    if isinstance(picks, str):
        picks = [picks]
    if not isinstance(picks, list) or not all(isinstance(p, str) for p in picks):
        raise InputError('options.choose must be a list of option ids, e.g. ["take_2_momentum"].')
    specs = {c.id: c for c in all_choice_specs(ctx)}
    remaining: list[Choice] = []
    used: set[str] = set()
    for choice in ctx.choices:
        chosen = [o for o in choice.options if o.id in picks]
        if not chosen:
            remaining.append(choice)
            continue
        if choice.pick and len(chosen) > choice.pick:
            raise RulesError(f"{choice.prompt}: pick {choice.pick}, not {len(chosen)}.")
        spec = specs[choice.id]
        for option in spec.options:
            if option.id in picks:
                used.add(option.id)
                ctx.effect(EffectKind.CHOICE, choice.id, after=option.id, reason=option.label)
                for effect in option.effects:
                    if holds(ctx, effect.when):
                        ctx.ruleset.apply_effect(ctx, effect)
                for fu in option.follow_ups:
                    add_follow_up(ctx, fu)
        if choice.pick and len(chosen) < choice.pick:
            remaining.append(
                choice.model_copy(
                    update={"pick": choice.pick - len(chosen), "options": [o for o in choice.options if o.id not in picks]}
                )
            )
    unknown = [p for p in picks if p not in used]
    if unknown:
        offered = [o.id for c in ctx.choices for o in c.options]
        raise InputError(f"Can't choose {unknown} here; the open options are {offered or 'none'}.")
    ctx.choices = remaining


def all_choice_specs(ctx: Resolution) -> list[ChoiceSpec]:
    """Every choice spec that may be open: the move's, its outcome's, and any a rule added in code."""
    spec = outcome_spec(ctx)
    return list(ctx.move.choices) + (list(spec.choices) if spec else []) + list(ctx.extra.get("choice_specs", []))


def offer_choice(ctx: Resolution, spec: ChoiceSpec) -> None:
    """Open a choice from code (e.g. Lose Momentum at -6), once per resolution."""
    if any(c.id == spec.id for c in ctx.choices):
        return
    if spec not in all_choice_specs(ctx):
        ctx.extra.setdefault("choice_specs", []).append(spec)
    ctx.choices.append(
        Choice(
            id=spec.id,
            prompt=spec.prompt,
            pick=spec.pick,
            options=[
                ChoiceOption(id=o.id, label=o.label, effects=[e.model_dump(exclude_defaults=True) for e in o.effects])
                for o in spec.options
            ],
        )
    )


def do_table_roll(ctx: Resolution) -> None:
    table_id = ctx.move.roll.table
    if table_id is None:
        raise InputError(f"{ctx.move.name} has no table.")
    table = ctx.ruleset.tables[table_id]
    count = 1
    if "aspects" in ctx.move.options:
        count = option_int(ctx, "aspects", 1, 3, default=1)
    rolled = [roll_table(table, ctx.source) for _ in range(count)]
    rows = [row for r in rolled for row in r.rows]
    ctx.table = {
        "table": table.id,
        "name": table.name,
        "rolls": [v for r in rolled for v in r.rolls],
        "rows": [{"range": [row.low, row.high], "text": row.text} for row in rows],
    }
    ctx.score = rolled[0].rolls[0]
    ctx.text = "\n".join(f"- {row.text}" for row in rows)


def do_oracle_roll(ctx: Resolution) -> None:
    raw = ctx.options.get("odds")
    if raw is None:
        raise InputError("Ask the Oracle needs options.odds: small chance, unlikely, 50/50, likely or almost certain.")
    odds = Odds.parse(raw)
    answer = ask_yes_no(ctx.source, odds.threshold)
    ctx.outcome = Outcome.YES if answer.yes else Outcome.NO
    ctx.match = answer.match
    ctx.score = answer.value
    ctx.extra["odds"] = odds.value
    ctx.notes.append(f"Odds {odds.value}: yes on {odds.threshold} or less; rolled {answer.value}.")


def choose_stat(ctx: Resolution) -> tuple[str, int]:
    """Pick the stat for an action roll from the move's roll options and the request's ``stat``."""
    options = ctx.move.roll.stats
    wanted = ctx.request.stat
    if not options:
        raise InputError(f"{ctx.move.name} has no stat to roll.")
    allowed: list[str] = []
    for opt in options:
        allowed.extend(opt.stats)
    if wanted is None:
        if len({tuple(o.stats) for o in options}) == 1:
            opt = options[0]
        else:
            menu = "; ".join(f"{'/'.join(o.stats)} ({o.when})" if o.when else "/".join(o.stats) for o in options)
            raise InputError(f'{ctx.move.name}: choose a stat with "stat": {menu}.')
    else:
        key = wanted.strip().lower().lstrip("+")
        matches = [o for o in options if key in o.stats or key == "/".join(o.stats)]
        if not matches:
            raise InputError(f"{ctx.move.name} rolls +{' / +'.join(dict.fromkeys(allowed))}; not +{key}.")
        opt = matches[0]
    values = {s: ctx.ruleset.stat_value(ctx, s) for s in opt.stats}
    if len(values) == 1:
        name = next(iter(values))
    else:
        pick = max if opt.pick == "highest" else min
        name = pick(values, key=lambda s: values[s])
    return name, values[name]
