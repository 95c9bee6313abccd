"""The engine's doors for state changes outside a move: meters, impacts, progress tracks and clocks.

Every change to a character, a track or a clock is an engine resolution, so each system's knock-on
rules apply however the change is asked for (Blades: heat reaching 9 raises the wanted level and rolls
over; Starforged: supply reduced to 0 marks unprepared; Elegy: losing health at 0 marks wounded...).
A door is a request whose ``move`` names it; its options are the door's arguments, the same ones a chat
command or a language-model tool carries::

    {"move": "meter:<meter>",   "options": {"delta": -1 | "set": 3, "reason": "grazed by a shot"}}
    {"move": "impact:<impact>", "options": {"mark": true | false, "reason": "..."}}
    {"move": "progress:start",  "options": {"track": {"name": "Find the ship", "rank": "dangerous", "kind": "vow"}}}
    {"move": "progress:mark",   "options": {"track": <track>, "times": 2, "reason": "..."}}
    {"move": "progress:clear",  "options": {"track": <track>, "boxes": 1 | "ticks": 3}}      (no amount: all)
    {"move": "clock:start",     "options": {"clock": {"name": "The alarm", "segments": 6}}}
    {"move": "clock:advance",   "options": {"clock": <clock>, "by": 2}}                      (by: 1 when left out)
    {"move": "clock:fill",      "options": {"clock": <clock>}}
    {"move": "clock:clear",     "options": {"clock": <clock>, "by": 1}}                      (no amount: all)

``<track>`` is ``{"name", "rank", "ticks", "kind"}`` and ``<clock>`` ``{"name", "segments", "filled"}`` (in a
campaign, their name). A door rolls no dice (forced dice are refused), returns a Result with ``roll`` and
``outcome`` ``none``, and refuses a change that would change nothing. ``choose`` picks a choice the change
opened (Starforged: suffering -momentum at -6).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from assistant.engine.context import Resolution, read_clock, read_track
from assistant.engine.errors import InputError, RulesError, UnknownNameError
from assistant.engine.kinds import EffectKind
from assistant.engine.model import Request, Result
from assistant.engine.resolution import close_resolution, open_resolution
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import EffectSpec, MoveSpec, RollSpec, Source
from assistant.engine.tracks import BOXES, MAX_TICKS, TICKS_PER_BOX, Clock, ProgressTrack, Rank, segments_word

MAX_DELTA = 99
MAX_MARKS = MAX_TICKS
"""The most marks one change takes: an epic track fills one tick a mark, 40 to its ten boxes ("epic=1 tick")."""
REASON = "why, in the story (optional)"
CHOOSE = "ids of the options you pick from the choices the change opened"


def _label(name: str) -> str:
    return name.replace("_", " ")


@dataclass(frozen=True)
class Door:
    """One kind of door: how it reads its target, its move (name, options), and what it does."""

    target: Callable[[Ruleset, str], str]
    title: Callable[[Ruleset, str], str]
    options: dict[str, str]
    apply: Callable[[Resolution, str], None]
    text: str


def _reason(ctx: Resolution, default: str) -> str:
    raw = ctx.options.get("reason")
    if raw is None:
        return default
    if not isinstance(raw, str) or len(raw) > 300:
        raise InputError("The reason is a short text (at most 300 characters).", missing="reason")
    return raw.strip() or default


def _whole(ctx: Resolution, name: str, lo: int, hi: int, what: str) -> int:
    value = ctx.options[name]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"{what} is a whole number from {lo} to {hi}; {value!r} won't do.", missing=name)
    return value


def _unchanged(ctx: Resolution) -> bool:
    return ctx.character == ctx.before and not ctx.choices and not ctx.follow_ups


# ---- meter:<name> -------------------------------------------------------------------------------------


def _meter_name(ruleset: Ruleset, name: str) -> str:
    key = name.strip().lower().lstrip("+").replace(" ", "_").replace("-", "_")
    meters = ruleset.sheet.meters
    if key in meters:
        return key
    if key in ruleset.sheet.stats:
        raise UnknownNameError(
            f"{_label(key).capitalize()} is a stat, not a meter; the meters are {', '.join(map(_label, meters))}.",
            missing="meter",
            choices=list(meters),
        )
    listed = ", ".join(map(_label, meters)) or "none"
    raise UnknownNameError(f"There is no meter called {name!r}; the meters are {listed}.", missing="meter", choices=list(meters))


def _apply_meter(ctx: Resolution, name: str) -> None:
    rules = ctx.ruleset
    has_delta, has_set = "delta" in ctx.options, "set" in ctx.options
    if has_delta == has_set:
        raise InputError(f"Say how {_label(name)} changes: a change like -1 or +2, or the value to set it to.", missing="delta")
    before = rules.meter_value(ctx, name)
    if has_delta:
        delta = _whole(ctx, "delta", -MAX_DELTA, MAX_DELTA, "The change")
        if delta == 0:
            raise InputError("A change of 0 changes nothing: give a change like -1 or +2.", missing="delta")
    else:
        spec = rules.sheet.meters[name]
        target = _whole(ctx, "set", spec.min, rules.meter_max(ctx, name), f"{_label(name).capitalize()}")
        delta = target - before
        if delta == 0:
            raise RulesError(f"{_label(name).capitalize()} is already {before}; nothing changes.")
    default = f"{_label(name)} {delta:+d}"
    rules.apply_effect(ctx, EffectSpec(type="meter", meter=name, delta=delta, note=_reason(ctx, default)))
    if _unchanged(ctx):
        edge = "maximum" if delta > 0 else "minimum"
        raise RulesError(f"{_label(name).capitalize()} is already at its {edge} ({before}); nothing changes.")


# ---- impact:<name> ------------------------------------------------------------------------------------


def _impact_name(ruleset: Ruleset, name: str) -> str:
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    impacts = ruleset.sheet.impacts
    if key in impacts:
        return key
    if not impacts:
        raise UnknownNameError(f"{ruleset.title} characters have no impacts to mark.", missing="impact")
    listed = ", ".join(map(_label, impacts))
    raise UnknownNameError(f"There is no impact called {name!r}; the impacts are {listed}.", missing="impact", choices=impacts)


def _apply_impact(ctx: Resolution, name: str) -> None:
    mark = ctx.options.get("mark", True)
    if not isinstance(mark, bool):
        raise InputError("Say whether to mark the impact (true) or clear it (false).", missing="mark", choices=[True, False])
    ctx.ruleset.apply_effect(
        ctx, EffectSpec(type="impact", impact=name, mark=mark, note=_reason(ctx, "mark" if mark else "clear"))
    )
    if _unchanged(ctx):
        raise RulesError(f"{_label(name).capitalize()} is {'already marked' if mark else 'not marked'}; nothing changes.")


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
        EffectKind.PROGRESS, track.name, before=None, after=0, reason=_reason(ctx, f"a new {track.rank.value} {track.kind}")
    )


def _progress_mark(ctx: Resolution) -> None:
    track = _require_track(ctx)
    times = _whole(ctx, "times", 1, MAX_MARKS, "How many times to mark progress") if "times" in ctx.options else 1
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
        boxes = _whole(ctx, "boxes", 1, BOXES, "How many boxes to clear")
        ticks, default = TICKS_PER_BOX * boxes, f"clear {boxes} progress box{'' if boxes == 1 else 'es'}"
    elif "ticks" in ctx.options:
        ticks = _whole(ctx, "ticks", 1, MAX_TICKS, "How many ticks to clear")
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
        reason=_reason(ctx, default),
    )


PROGRESS_ACTIONS: dict[str, Callable[[Resolution], None]] = {
    "start": _progress_start,
    "mark": _progress_mark,
    "clear": _progress_clear,
}


def _progress_action(ruleset: Ruleset, action: str) -> str:
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


def _apply_progress(ctx: Resolution, action: str) -> None:
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
        reason=_reason(ctx, f"a new clock of {clock.segments} segments"),
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
        reason=_reason(ctx, default),
    )
    if ctx.clock.full:
        ctx.notes.append("The clock is full.")


def _clock_advance(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    n = _whole(ctx, "by", 1, clock.segments, "How many segments to fill") if "by" in ctx.options else 1
    if clock.full:
        raise RulesError(f"{clock.name or 'The clock'} is already full.")
    _fill(ctx, clock, n, f"fill {n} {segments_word(n)}")


def _clock_fill(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    if clock.full:
        raise RulesError(f"{clock.name or 'The clock'} is already full.")
    _fill(ctx, clock, clock.segments - clock.filled, "fill the clock")


def _clock_clear(ctx: Resolution) -> None:
    clock = _require_clock(ctx)
    if clock.filled == 0:
        raise RulesError(f"{clock.name or 'The clock'} is already empty.")
    n = _whole(ctx, "by", 1, clock.segments, "How many segments to clear") if "by" in ctx.options else clock.filled
    _fill(ctx, clock, -n, "clear the clock" if n >= clock.filled else f"clear {n} {segments_word(n)}")


CLOCK_ACTIONS: dict[str, Callable[[Resolution], None]] = {
    "start": _clock_start,
    "advance": _clock_advance,
    "fill": _clock_fill,
    "clear": _clock_clear,
}


def _clock_action(ruleset: Ruleset, action: str) -> str:
    key = action.strip().lower()
    if key not in CLOCK_ACTIONS:
        raise UnknownNameError(
            f"A clock can be started, advanced, filled or cleared; not {action!r}.", missing="action", choices=list(CLOCK_ACTIONS)
        )
    return key


def _apply_clock(ctx: Resolution, action: str) -> None:
    CLOCK_ACTIONS[action](ctx)


# ---- the doors ----------------------------------------------------------------------------------------

DOORS: dict[str, Door] = {
    "meter": Door(
        target=_meter_name,
        title=lambda rs, name: f"Adjust {_label(name)}",
        options={"delta": "the change, like -1 or +2", "set": "the value to set it to", "reason": REASON, "choose": CHOOSE},
        apply=_apply_meter,
        text="A meter changes within its bounds; the system's rules for it apply.",
    ),
    "impact": Door(
        target=_impact_name,
        title=lambda rs, name: f"Impact: {_label(name)}",
        options={"mark": "true to mark it, false to clear it", "reason": REASON, "choose": CHOOSE},
        apply=_apply_impact,
        text="An impact is marked or cleared.",
    ),
    "progress": Door(
        target=_progress_action,
        title=lambda rs, action: {"start": "Start a Track", "mark": "Mark Progress", "clear": "Clear Progress"}[action],
        options={
            "track": "the progress track",
            "times": "how many times to mark progress (1-40: a troublesome track fills in 4 marks, an epic one in 40)",
            "boxes": "how many boxes to clear",
            "ticks": "how many ticks to clear",
            "reason": REASON,
        },
        apply=_apply_progress,
        text="Progress is marked per the track's rank: troublesome 3 boxes, dangerous 2, formidable 1, extreme 2 ticks, "
        "epic 1 tick.",
    ),
    "clock": Door(
        target=_clock_action,
        title=lambda rs, action: {
            "start": "Start a Clock",
            "advance": "Advance a Clock",
            "fill": "Fill a Clock",
            "clear": "Clear a Clock",
        }[action],
        options={"clock": "the clock", "by": "how many segments", "reason": REASON},
        apply=_apply_clock,
        text="A clock fills segment by segment; when it is full, what it counts down to happens.",
    ),
}


def door_kind(move: str) -> str | None:
    """The door a request's ``move`` names (``meter``, ``impact``, ``progress``, ``clock``), or None."""
    prefix, colon, _ = move.strip().partition(":")
    key = prefix.strip().lower()
    return key if colon and key in DOORS else None


def resolve_door(ruleset: Ruleset, request: Request, rng: random.Random | None = None) -> Result:
    """Resolve a door request (see the module docstring)."""
    kind = door_kind(request.move)
    assert kind is not None
    door = DOORS[kind]
    raw_target = request.move.strip().partition(":")[2]
    if not raw_target.strip():
        raise InputError(f"Say which {kind} after '{kind}:'.", missing=kind)
    target = door.target(ruleset, raw_target)
    move = MoveSpec(
        id=f"{kind}:{target}",
        name=door.title(ruleset, target),
        category="sheet",
        trigger="",
        text=door.text,
        source=Source(file="", lines=(0, 0)),
        roll=RollSpec(type="none"),
        options=door.options,
    )
    unknown = sorted(set(request.options) - set(door.options))
    if unknown:
        raise InputError(
            f"{move.name} does not take {', '.join(unknown)}; it takes {', '.join(door.options)}.", missing=unknown[0]
        )
    if request.dice:
        raise InputError(f"{move.name} rolls no dice; leave the dice out.")
    if request.stat is not None:
        raise InputError(f"{move.name} rolls no dice, so it takes no stat; leave the stat out.", missing="stat")
    if request.stat is not None or request.adds:
        raise InputError(f"{move.name} is not a roll: it takes no stat and no adds.")
    ctx = open_resolution(ruleset, request, move, rng)
    ruleset.check_options(ctx)
    door.apply(ctx, target)
    ctx.text = door.text
    return close_resolution(ctx, ruleset)
