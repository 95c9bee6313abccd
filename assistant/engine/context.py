"""The working state of one resolution, and what reads or records on it.

:class:`Resolution` is built from a copy of the request's character; nothing outside it changes until its
:meth:`~Resolution.result` is returned, so a failed resolution changes no state. The driver
(:mod:`assistant.engine.resolution`), the effects, the roll steps and a system's hooks all work on it.

It reaches its system through :class:`Rules`, the hooks it calls, which every
:class:`~assistant.engine.ruleset.Ruleset` provides; so this module depends on no ruleset. The option readers
are here; the conditions, choices and follow-ups are in :mod:`assistant.engine.offers`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from assistant.engine.dice import DiceSource
from assistant.engine.errors import InputError
from assistant.engine.kinds import EffectKind, RollKind
from assistant.engine.model import (
    DIE_RECORDS,
    Burn,
    Choice,
    DieRecord,
    Effect,
    FollowUp,
    Request,
    Result,
    trusted_fields,
    trusted_result,
)
from assistant.engine.options import bad_value, int_choices, words
from assistant.engine.oracle import Table
from assistant.engine.outcomes import Outcome
from assistant.engine.plans import MovePlan, SheetPlan
from assistant.engine.roll_shapes import RollShape
from assistant.engine.rolls import ChallengeRoll
from assistant.engine.schema import ChoiceSpec, EffectSpec, MoveSpec, RequestOption
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

    def plan(self, move: MoveSpec) -> MovePlan: ...

    @property
    def sheet_plan(self) -> SheetPlan: ...

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
    plan: MovePlan | None = None
    """The move's plan (what never changes of it), once the driver has looked it up."""

    def __post_init__(self) -> None:
        if not self.options:
            self.options = dict(self.request.options)

    @classmethod
    def fresh(
        cls,
        ruleset: Rules,
        request: Request,
        move: MoveSpec,
        character: dict[str, Any],
        source: DiceSource,
        before: dict[str, Any],
    ) -> Resolution:
        """What ``Resolution(ruleset=..., request=..., move=..., character=..., source=..., before=...,
        adds=request.adds)`` builds, every other field at its default, without the keyword call (every
        resolution opens one)."""
        self = _new(cls)
        self.ruleset, self.request, self.move, self.character, self.source, self.before = (
            ruleset,
            request,
            move,
            character,
            source,
            before,
        )
        self.roll, self.outcome, self.match, self.score = _NO_ROLL, _NO_OUTCOME, False, None
        self.stat, self.stat_value = None, None
        self.adds, self.challenge, self.text, self.table, self.track, self.clock = request.adds, None, "", None, None, None
        self.effects, self.choices, self.follow_ups, self.notes, self.started, self.extra_choice_specs = [], [], [], [], [], []
        self.burn, self.odds, self.pool, self.memo, self.shape, self.shape_dice_before = None, None, None, {}, None, 0
        self.plan = None
        self.options = dict(request.options)
        return self

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
        held: str | None = None,
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
            "held": held,
        }
        plain = type(kind) is EffectKind and type(target) is str and type(reason) is str and (held is None or type(held) is str)
        if plain and (delta is None or type(delta) is int) and (marks is None or type(marks) is int):
            self.effects.append(trusted_fields(Effect, fields))  # already of the declared types (a new dict)
        else:
            self.effects.append(Effect(**fields))

    def take_challenge(self, roll: ChallengeRoll) -> None:
        """Read an action or progress roll into the resolution."""
        self.score, self.outcome, self.match, self.challenge = roll.score, roll.outcome, roll.match, roll.challenge

    def result(self) -> Result:
        rolled, records = self.source.rolled, DIE_RECORDS
        started = self.started
        dice: list[int] = []
        detail: list[DieRecord] = []
        for d in rolled:  # one pass: the faces and their (shared, immutable) records
            dice.append(d[1])  # its value
            detail.append(records.get(d) or DieRecord.of(d))
        challenge = self.challenge
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
            "dice": dice,
            "dice_detail": detail,
            "challenge": [*challenge] if challenge else None,
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
        return trusted_result(fields)


_new = object.__new__
_TRACK_KEYS = frozenset({"name", "rank", "ticks", "boxes", "kind"})
_NO_ROLL, _NO_OUTCOME = RollKind.NONE, Outcome.NONE


# ---- option readers (the types were checked before the roll; these read and default) -----------------


def _spec(ctx: Resolution, name: str) -> RequestOption:
    return ctx.ruleset.options_for(ctx.move).get(name, _UNDECLARED)


#: The type of an option the move does not declare (read-only).
_UNDECLARED = RequestOption()


def option_int(ctx: Resolution, name: str, lo: int | None = None, hi: int | None = None, default: int | None = None) -> int:
    """A whole-number option, within ``lo``-``hi`` (by default its declared bounds); ``default`` when left out."""
    spec = _spec(ctx, name)
    lo = spec.min if lo is None else lo
    hi = spec.max if hi is None else hi
    if lo is None or hi is None:
        raise InputError(f"{words(name).capitalize()} is not a number this move reads.", missing=name)
    value = ctx.options.get(name, default)
    if value is None:
        what = f" ({spec.help})" if spec.help else ""
        raise InputError(
            f"{ctx.move.name} needs the {words(name)}{what}: a whole number from {lo} to {hi}.",
            missing=name,
            choices=int_choices(lo, hi),
        )
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad_value(name, spec.model_copy(update={"type": "int", "min": lo, "max": hi}), value)
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
        unknown = {key for key in raw if key not in _TRACK_KEYS}
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
