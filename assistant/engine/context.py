"""The working state of one resolution, and what reads or records on it.

:class:`Resolution` is built from a copy of the request's character; nothing outside it changes until its
:meth:`~Resolution.result` is returned, so a failed resolution changes no state. The driver
(:mod:`assistant.engine.resolution`), the effects, the roll steps and a system's hooks all work on it.

It reaches its system through :class:`Rules`, the hooks it calls, which every
:class:`~assistant.engine.ruleset.Ruleset` provides; so this module depends on no ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.model import (
    DIE_RECORDS,
    Burn,
    Choice,
    ChoiceOption,
    DieRecord,
    Effect,
    FollowUp,
    Request,
    Result,
    trusted,
    trusted_fields,
)
from assistant.engine.options import bad_value, int_choices, words
from assistant.engine.oracle import Table
from assistant.engine.outcomes import Outcome
from assistant.engine.roll_shapes import RollShape
from assistant.engine.rolls import ChallengeRoll
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import ChoiceSpec, Condition, EffectSpec, FollowUpSpec, MoveSpec, RequestOption
from assistant.engine.sheet import Sheet
from assistant.engine.tracks import Clock, ProgressTrack, Rank


class Rules(Protocol):
    """What a resolution asks of its system (each :class:`~assistant.engine.ruleset.Ruleset` is one)."""

    @property
    def system_id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def sheet(self) -> Sheet: ...

    @property
    def tables(self) -> dict[str, Table]: ...

    def move_by_id(self, move_id: str) -> MoveSpec: ...

    def options_for(self, move: MoveSpec) -> dict[str, RequestOption]: ...

    def options_adding(self, move: MoveSpec) -> tuple[tuple[str, RequestOption], ...]: ...

    def options_on_hit(self, move: MoveSpec) -> tuple[tuple[str, RequestOption], ...]: ...

    def meter_value(self, ctx: Resolution, name: str) -> int: ...

    def meter_max(self, ctx: Resolution, name: str) -> int: ...

    def stat_value(self, ctx: Resolution, name: str) -> int: ...

    def position(self, ctx: Resolution) -> str | None: ...

    def adjust_meter(self, ctx: Resolution, name: str, delta: int, reason: str) -> int: ...

    def apply_effect(self, ctx: Resolution, spec: EffectSpec) -> None: ...

    def impacts_changed(self, ctx: Resolution) -> None: ...

    def amount(self, ctx: Resolution, spec: EffectSpec) -> int: ...

    def progress_score(self, ctx: Resolution) -> int: ...

    def roll_adds(self, ctx: Resolution) -> int: ...

    def keep_mode(self, ctx: Resolution) -> str | None: ...

    def adjust_action_roll(self, ctx: Resolution, roll: ChallengeRoll, first: int) -> ChallengeRoll: ...

    def reroll_below(self, ctx: Resolution) -> int: ...


@dataclass(slots=True)
class Resolution:
    """One resolution in progress (see the module docstring)."""

    ruleset: Rules
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
    odds: str | None = None
    """The oracle's odds, when it was asked."""
    pool: int | None = None
    """The dice of a pool roll."""
    extra_choice_specs: list[ChoiceSpec] = field(default_factory=list)
    """Choices a rule opened in code (they are not in the move's data)."""
    memo: dict[str, Any] = field(default_factory=dict)
    """What a system's hooks leave for its later hooks in the same resolution (by the system's own keys)."""
    options: dict[str, Any] = field(default_factory=dict)
    """The request's options (once checked, declared values spelled as declared)."""
    shape: RollShape | None = None
    """What the odds of this resolution's roll depend on (set by the roll steps)."""
    shape_dice_before: int = 0
    """How many dice were rolled before that roll."""

    def __post_init__(self) -> None:
        if not self.options:
            self.options = dict(self.request.options)

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
        fields = {
            "kind": kind,
            "target": target,
            "before": before,
            "after": after,
            "delta": delta,
            "reason": reason,
            "rule": rule or self.move.name,
            "marks": marks,
        }
        plain = type(kind) is EffectKind and type(target) is str and type(reason) is str
        if plain and (delta is None or type(delta) is int) and (marks is None or type(marks) is int):
            self.effects.append(trusted(Effect, **fields))  # already of the declared types
        else:
            self.effects.append(Effect(**fields))

    def take_challenge(self, roll: ChallengeRoll) -> None:
        """Read an action or progress roll into the resolution."""
        self.score, self.outcome, self.match, self.challenge = roll.score, roll.outcome, roll.match, roll.challenge

    def result(self) -> Result:
        rolled, records = self.source.rolled, DIE_RECORDS
        started = self.started
        fields = {
            "system": self.ruleset.system_id,
            "move": self.move.name,
            "move_id": self.move.id,
            "roll": self.roll,
            "outcome": self.outcome,
            "match": self.match,
            "score": self.score,
            "stat": self.stat,
            "stat_value": self.stat_value,
            "adds": self.adds,
            "dice": [d.value for d in rolled],
            "dice_detail": [records.get(d) or DieRecord.of(d) for d in rolled],
            "challenge": list(self.challenge) if self.challenge else None,
            "character_before": self.before,
            "character": self.character,
            "effects": self.effects,
            "choices": self.choices,
            "follow_ups": self.follow_ups,
            "text": self.text,
            "table": self.table,
            "track": self.track.to_dict() if self.track else None,
            "clock": self.clock.to_dict() if self.clock else None,
            "burn": self.burn,
            "started": [k for k, v in (("track", self.track), ("clock", self.clock)) if k in started and v is not None]
            if started
            else [],
            "notes": self.notes,
        }
        return trusted_fields(Result, fields)


# ---- option readers (the types were checked before the roll; these read and default) -----------------


def _spec(ctx: Resolution, name: str) -> RequestOption:
    return ctx.ruleset.options_for(ctx.move).get(name, RequestOption())


def option_int(ctx: Resolution, name: str, lo: int | None = None, hi: int | None = None, default: int | None = None) -> int:
    """A whole-number option, within ``lo``-``hi`` (by default its declared bounds); ``default`` when left out."""
    spec = _spec(ctx, name)
    lo = spec.min if lo is None else lo
    hi = spec.max if hi is None else hi
    if lo is None or hi is None:
        raise InputError(f"{words(name).capitalize()} is not a number this move reads.", missing=name)
    bounded = spec.model_copy(update={"type": "int", "min": lo, "max": hi})
    value = ctx.options.get(name, default)
    if value is None:
        what = f" ({spec.help})" if spec.help else ""
        raise InputError(
            f"{ctx.move.name} needs the {words(name)}{what}: a whole number from {lo} to {hi}.",
            missing=name,
            choices=int_choices(lo, hi),
        )
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad_value(name, bounded, value)
    return value


def option_bool(ctx: Resolution, name: str) -> bool:
    value = ctx.options.get(name, False)
    if not isinstance(value, bool):
        raise bad_value(name, _spec(ctx, name).model_copy(update={"type": "bool"}), value)
    return value


def option_text(ctx: Resolution, name: str) -> str | None:
    """A name the request gives as text (None when left out)."""
    raw = ctx.options.get(name)
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw.strip():
        raise bad_value(name, _spec(ctx, name).model_copy(update={"type": "text"}), raw)
    return raw.strip()


def read_track(ctx: Resolution, *, required: bool) -> ProgressTrack | None:
    """The progress track the request gives: ``options.track`` ({name, rank, ticks}) or the shorthand
    ``rank`` + ``progress_ticks``/``progress_boxes``."""
    opts = ctx.options
    raw = opts.get("track")
    if raw is not None:
        if not isinstance(raw, dict):
            raise InputError(
                'Give the progress track as {"name": "Find the ship", "rank": "dangerous", "ticks": 8}.', missing="track"
            )
        unknown = set(raw) - {"name", "rank", "ticks", "boxes", "kind"}
        if unknown:
            raise InputError(
                f"A progress track has a name, rank, ticks or boxes and kind; not {', '.join(sorted(unknown))}.",
                missing="track",
            )
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
        raise InputError("Give the progress in ticks or in boxes, not both.", missing="progress_ticks")
    ticks = None
    if "progress_ticks" in opts:
        ticks = opts["progress_ticks"]
    elif "progress_boxes" in opts:
        ticks = _boxes_to_ticks(opts["progress_boxes"])
    if ticks is None and "rank" not in opts:
        if required:
            raise InputError(
                f"{ctx.move.name} is a progress move: give the track, or its progress (0-10 boxes or 0-40 ticks).",
                missing="track",
            )
        return None
    rank = Rank.parse(opts.get("rank", "formidable"))
    return ProgressTrack(rank=rank, ticks=ticks if ticks is not None else 0, kind=ctx.move.roll.track or "vow")


def _boxes_to_ticks(boxes: object) -> int:
    if isinstance(boxes, bool) or not isinstance(boxes, int) or not 0 <= boxes <= 10:
        raise InputError(f"Progress boxes are a whole number from 0 to 10, not {boxes!r}.", missing="progress_boxes")
    return boxes * 4


def read_clock(ctx: Resolution) -> Clock | None:
    raw = ctx.options.get("clock")
    if raw is None:
        return None
    if not isinstance(raw, dict) or not {"segments"} <= set(raw) <= {"segments", "filled", "name", "full"}:
        raise InputError('Give the clock as {"name": "The alarm", "segments": 6, "filled": 2}.', missing="clock")
    segments, filled = raw.get("segments"), raw.get("filled", 0)
    if not isinstance(segments, int) or not isinstance(filled, int) or isinstance(segments, bool) or isinstance(filled, bool):
        raise InputError("A clock's segments and filled segments are whole numbers.", missing="clock")
    return Clock(segments=segments, filled=filled, name=str(raw.get("name", "")))


# ---- conditions, choices and follow-ups ------------------------------------------------------------


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


def outcome_choice_specs(ctx: Resolution) -> Sequence[ChoiceSpec]:
    """The choice specs of the move and of the outcome it reached (see :func:`outcome_key`)."""
    spec = ctx.move.outcomes.get(outcome_key(ctx.move, ctx.outcome, ctx.match) or "")
    return list(ctx.move.choices) + (list(spec.choices) if spec else [])


def outcome_key(move: MoveSpec, outcome: Outcome, match: bool) -> str | None:
    """The key of ``move.outcomes`` a result reads: ``<outcome>_match`` on a match if the move has one, the
    outcome, ``hit`` for either hit, ``none`` for no tier."""
    key = outcome.value
    if match and f"{key}_match" in move.outcomes:
        return f"{key}_match"
    if key in move.outcomes:
        return key
    if outcome in (Outcome.STRONG_HIT, Outcome.WEAK_HIT) and "hit" in move.outcomes:
        return "hit"
    return "none" if outcome is Outcome.NONE and "none" in move.outcomes else None


def choice_budget(ctx: Resolution, spec: ChoiceSpec) -> int | None:
    """The points a budgeted choice may spend: the row of its ``points`` the request's option selects, for the
    outcome reached, plus the extra points the request buys (Repair)."""
    budget = spec.budget
    if budget is None:
        return None
    row_key = ctx.options.get(budget.option)
    if row_key is None:
        rows = list(budget.points)
        raise InputError(
            f"{ctx.move.name}: say the situation ({', '.join(r.replace('_', ' ') for r in rows)}) to know the points.",
            missing=budget.option,
            choices=rows,
        )
    row = budget.points.get(str(row_key), {})
    points = row.get(ctx.outcome.value, 0)
    if budget.extra_option is not None:
        points += int(ctx.options.get(budget.extra_option, 0) or 0)
    return points


def _option_view(ctx: Resolution, spec: ChoiceSpec, option: Any) -> ChoiceOption:
    return option_view(ctx, option)


def option_view(ctx: Resolution, option: Any) -> ChoiceOption:
    """An option as the result shows it: whether the character can pick it now, and why not."""
    available = holds(ctx, option.requires)
    return trusted(
        ChoiceOption,
        id=option.id,
        label=option.label,
        effects=copy_value(_effects_shown(option)),
        cost=option.cost,
        available=available,
        why="" if available else (option.refusal or "not possible now"),
    )


#: Each option's effects as a result shows them, by option (its spec is immutable data of a ruleset).
_EFFECTS_SHOWN: dict[int, tuple[Any, list[dict[str, Any]]]] = {}


def _effects_shown(option: Any) -> list[dict[str, Any]]:
    """The option's effects as a result shows them (worked out once per option; never handed out uncopied)."""
    held = _EFFECTS_SHOWN.get(id(option))
    if held is None or held[0] is not option:
        if len(_EFFECTS_SHOWN) >= 10_000:
            _EFFECTS_SHOWN.clear()
        held = _EFFECTS_SHOWN[id(option)] = (option, [e.model_dump(exclude_defaults=True) for e in option.effects])
    return held[1]


def offer_choice(ctx: Resolution, spec: ChoiceSpec) -> None:
    """Open a choice (once per resolution); one a rule opens in code is remembered so a pick can apply it."""
    if any(c.id == spec.id for c in ctx.choices):
        return
    if spec not in outcome_choice_specs(ctx) and spec not in ctx.extra_choice_specs:
        ctx.extra_choice_specs.append(spec)
    ctx.choices.append(
        trusted(
            Choice,
            id=spec.id,
            prompt=spec.prompt,
            pick=0 if spec.budget is not None else spec.pick,
            options=[_option_view(ctx, spec, o) for o in spec.options],
            repeat=spec.repeat,
            budget=choice_budget(ctx, spec),
        )
    )


def add_follow_up(ctx: Resolution, fu: FollowUpSpec) -> None:
    system = ctx.ruleset.system_id
    if fu.move and ":" in fu.move:  # a door: a change on a sheet, such as +1 health for a companion of its own
        door: dict[str, Any] = {"system": system, "move": fu.move, "options": dict(fu.options)}
        title = fu.move.partition(":")[2].replace("_", " ").capitalize()
        ctx.follow_ups.append(
            _follow_up(kind="move", move=title, reason=fu.text or title, request=door, target=_named(ctx, fu.for_option))
        )
        return
    given = ctx.options.get(fu.amount_from) if fu.amount_from else None
    if isinstance(given, int) and not isinstance(given, bool):
        fu = fu.model_copy(update={"suffer": -abs(given)} if fu.suffer is not None else {"amount": -abs(given)})
    if fu.move:
        target = ctx.ruleset.move_by_id(fu.move)
        request: dict[str, Any] = {"system": system, "move": target.id}
        options: dict[str, Any] = dict(fu.options)
        if fu.amount is not None:
            options["amount"] = abs(fu.amount)
        if fu.outcome is not None:
            options["automatic"] = fu.outcome
        options.update({new: ctx.options[old] for new, old in fu.carry.items() if ctx.options.get(old) is not None})
        if options:
            request["options"] = options
        cost = f" ({fu.amount:+d})" if fu.amount is not None else ""
        automatic = f", with an automatic {fu.outcome.replace('_', ' ')}" if fu.outcome else ""
        ctx.follow_ups.append(
            _follow_up(
                kind="move",
                move=target.name,
                reason=fu.text or f"{target.name}{cost}{automatic}",
                request=request,
                amount=fu.amount,
                target=_named(ctx, fu.for_option),
            )
        )
    elif fu.table:
        table = ctx.ruleset.tables[fu.table]
        ctx.follow_ups.append(
            _follow_up(
                kind="table",
                move=table.name,
                reason=fu.text or "Roll on the table",
                request={"system": system, "move": f"table:{table.id}"},
            )
        )
    elif fu.suffer is not None:
        ctx.follow_ups.append(
            _follow_up(kind="suffer", move="suffer move", reason=fu.text or f"Make a suffer move ({fu.suffer})", amount=fu.suffer)
        )


def _follow_up(
    *,
    kind: str,
    move: str,
    reason: str,
    amount: int | None = None,
    request: dict[str, Any] | None = None,
    target: str | None = None,
) -> FollowUp:
    """A follow-up from values of the declared types (the engine's own), built without validating them again."""
    if (
        kind in ("move", "table", "suffer")
        and type(move) is str
        and type(reason) is str
        and (amount is None or type(amount) is int)
    ):
        return trusted(FollowUp, kind=kind, move=move, reason=reason, amount=amount, request=request, target=target)
    return FollowUp(kind=kind, move=move, reason=reason, amount=amount, request=request, target=target)  # type: ignore[arg-type]


def _named(ctx: Resolution, option: str | None) -> str | None:
    """The character a request option names (None when it names no one)."""
    value = ctx.options.get(option) if option else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def follow_move(ctx: Resolution, move_id: str, reason: str, options: dict[str, Any] | None = None) -> None:
    """Offer another move of the system as what comes next (with a ready request)."""
    target = ctx.ruleset.move_by_id(move_id)
    request: dict[str, Any] = {"system": ctx.ruleset.system_id, "move": target.id}
    if options:
        request["options"] = options
    amount = options.get("amount") if options else None
    ctx.follow_ups.append(
        _follow_up(
            kind="move", move=target.name, reason=reason, request=request, amount=-amount if isinstance(amount, int) else None
        )
    )
