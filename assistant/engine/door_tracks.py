"""The doors to progress tracks and clocks: ``progress:start|mark|clear`` and ``clock:start|advance|fill|clear``
(see ``doors``)."""

from __future__ import annotations

from collections.abc import Callable

from assistant.engine.context import Resolution, read_clock, read_track
from assistant.engine.door_parts import MAX_MARKS, reason_of, whole_number
from assistant.engine.errors import InputError, RulesError, UnknownNameError
from assistant.engine.kinds import EffectKind
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import EffectSpec
from assistant.engine.tracks import BOXES, MAX_TICKS, TICKS_PER_BOX, Clock, ProgressTrack, Rank, kind_word, segments_word

# ---- progress:<action> --------------------------------------------------------------------------------


def _require_track(ctx: Resolution) -> ProgressTrack:
    if "track" not in ctx.options:
        raise InputError("Name the progress track.", missing="track")
    track = read_track(ctx, required=True)
    assert track is not None
    ctx.track = track
    return track


def _progress_start(ctx: Resolution) -> None:
    raw = ctx.options.get("track")
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise InputError(
            'Name the new track and its rank, like {"name": "Find the lost ship", "rank": "dangerous"}.', missing="track"
        )
    unknown = set(raw) - {"name", "rank", "kind", "ticks", "boxes"}
    if unknown:
        raise InputError(f"A new track has a name, a rank and a kind; not {', '.join(sorted(unknown))}.", missing="track")
    if "rank" not in raw:
        raise InputError(f"Give the rank of {raw['name'].strip()!r}.", missing="rank", choices=[r.value for r in Rank])
    kind = raw.get("kind", "vow")
    if not isinstance(kind, str) or not kind.strip():
        raise InputError("A track's kind is a word like vow, expedition, connection or combat.", missing="kind")
    track = ProgressTrack(rank=Rank.parse(raw["rank"]), ticks=0, name=raw["name"].strip(), kind=kind.strip().lower())
    ctx.track = track
    ctx.started.append("track")
    ctx.effect(
        EffectKind.PROGRESS,
        track.name,
        before=None,
        after=0,
        reason=reason_of(ctx, f"a new {track.rank.value} {kind_word(track.kind)}"),
    )


def _progress_mark(ctx: Resolution) -> None:
    track = _require_track(ctx)
    times = whole_number(ctx, "times", 1, MAX_MARKS, "How many times to mark progress") if "times" in ctx.options else 1
    if track.ticks >= MAX_TICKS:
        raise RulesError(f"{track.name or 'The track'} is full ({BOXES} boxes); make its progress move instead.")
    ctx.ruleset.apply_effect(ctx, EffectSpec(type="mark_progress", times=times))


def _progress_clear(ctx: Resolution) -> None:
    track = _require_track(ctx)
    if "boxes" in ctx.options and "ticks" in ctx.options:
        raise InputError("Clear either boxes or ticks, not both.", missing="boxes")
    if track.ticks == 0:
        raise RulesError(f"{track.name or 'The track'} has no progress to clear.")
    if "boxes" in ctx.options:
        boxes = whole_number(ctx, "boxes", 1, BOXES, "How many boxes to clear")
        ticks, default = TICKS_PER_BOX * boxes, f"clear {boxes} progress box{'' if boxes == 1 else 'es'}"
    elif "ticks" in ctx.options:
        ticks = whole_number(ctx, "ticks", 1, MAX_TICKS, "How many ticks to clear")
        default = f"clear {ticks} tick(s) of progress"
    else:
        ticks, default = track.ticks, "clear the track"
    before = track.ticks
    ctx.track = track.clear_ticks(ticks)
    cleared = before - ctx.track.ticks
    ctx.effect(
        EffectKind.PROGRESS,
        track.name or "track",
        before=before,
        after=ctx.track.ticks,
        delta=-cleared,
        reason=reason_of(ctx, default),
    )


PROGRESS_ACTIONS: dict[str, Callable[[Resolution], None]] = {
    "start": _progress_start,
    "mark": _progress_mark,
    "clear": _progress_clear,
}


def progress_action(ruleset: Ruleset, action: str) -> str:
    key = action.strip().lower()
    if not any(m.roll.type == "progress" for m in ruleset.moves):
        raise RulesError(f"{ruleset.title} has no progress tracks; keep count with a clock instead.")
    if key not in PROGRESS_ACTIONS:
        raise UnknownNameError(
            f"A progress track can be started, marked or cleared; not {action!r}.",
            missing="action",
            choices=list(PROGRESS_ACTIONS),
        )
    return key


def apply_progress(ctx: Resolution, action: str) -> None:
    PROGRESS_ACTIONS[action](ctx)


# ---- clock:<action> -----------------------------------------------------------------------------------


def _require_clock(ctx: Resolution) -> Clock:
    if "clock" not in ctx.options:
        raise InputError("Name the clock.", missing="clock")
    clock = read_clock(ctx)
    assert clock is not None
    ctx.clock = clock
    return clock


def _clock_start(ctx: Resolution) -> None:
    raw = ctx.options.get("clock")
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise InputError('Name the new clock and its segments, like {"name": "The alarm", "segments": 6}.', missing="clock")
    if "segments" not in raw:
        raise InputError(f"How many segments does {raw['name'].strip()!r} have? (4, 6 or 8 usually)", missing="segments")
    clock = read_clock(ctx)
    assert clock is not None
    ctx.clock = Clock(segments=clock.segments, filled=clock.filled, name=raw["name"].strip())
    ctx.started.append("clock")
    ctx.effect(
        EffectKind.CLOCK,
        ctx.clock.name,
        before=None,
        after=ctx.clock.filled,
        reason=reason_of(ctx, f"a new clock of {clock.segments} segments"),
    )


def _fill(ctx: Resolution, clock: Clock, n: int, default: str) -> None:
    before = clock.filled
    ctx.clock = clock.fill(n)
    ctx.effect(
        EffectKind.CLOCK,
        clock.name or "clock",
        before=before,
        after=ctx.clock.filled,
        delta=ctx.clock.filled - before,
        reason=reason_of(ctx, default),
    )
    if ctx.clock.full:
        ctx.notes.append("The clock is full.")


def _full(clock: Clock) -> str:
    """What a full clock's refusal says: its name quoted (a name is often a clause, "The storm hits"), and what to do."""
    named = f"The clock “{clock.name}”" if clock.name else "The clock"
    return f"{named} is already full; start a new clock for what comes next."


def _clock_advance(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    n = whole_number(ctx, "by", 1, clock.segments, "How many segments to fill") if "by" in ctx.options else 1
    if clock.full:
        raise RulesError(_full(clock))
    _fill(ctx, clock, n, f"fill {n} {segments_word(n)}")


def _clock_fill(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    if clock.full:
        raise RulesError(_full(clock))
    _fill(ctx, clock, clock.segments - clock.filled, "fill the clock")


def _clock_clear(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    if clock.filled == 0:
        raise RulesError(f"{clock.name or 'The clock'} is already empty.")
    n = whole_number(ctx, "by", 1, clock.segments, "How many segments to clear") if "by" in ctx.options else clock.filled
    _fill(ctx, clock, -n, "clear the clock" if n >= clock.filled else f"clear {n} {segments_word(n)}")


CLOCK_ACTIONS: dict[str, Callable[[Resolution], None]] = {
    "start": _clock_start,
    "advance": _clock_advance,
    "fill": _clock_fill,
    "clear": _clock_clear,
}


def clock_action(ruleset: Ruleset, action: str) -> str:
    key = action.strip().lower()
    if key not in CLOCK_ACTIONS:
        raise UnknownNameError(
            f"A clock can be started, advanced, filled or cleared; not {action!r}.", missing="action", choices=list(CLOCK_ACTIONS)
        )
    return key


def apply_clock(ctx: Resolution, action: str) -> None:
    CLOCK_ACTIONS[action](ctx)
