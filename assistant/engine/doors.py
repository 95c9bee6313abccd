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

from assistant.engine.door_parts import CHOOSE, MAX_DELTA, MAX_MARKS, REASON, Door, label
from assistant.engine.door_sheet import apply_impact, apply_meter, impact_name, meter_name
from assistant.engine.door_tracks import apply_clock, apply_progress, clock_action, progress_action
from assistant.engine.errors import InputError
from assistant.engine.model import Request, Result
from assistant.engine.resolution import close_resolution, open_resolution
from assistant.engine.ruleset import Ruleset
from assistant.engine.schema import MoveSpec, RollSpec, Source

__all__ = ["CHOOSE", "DOORS", "MAX_DELTA", "MAX_MARKS", "REASON", "Door", "door_kind", "resolve_door"]

# ---- the doors ----------------------------------------------------------------------------------------

DOORS: dict[str, Door] = {
    "meter": Door(
        target=meter_name,
        title=lambda rs, name: f"Adjust {label(name)}",
        options={"delta": "the change, like -1 or +2", "set": "the value to set it to", "reason": REASON, "choose": CHOOSE},
        apply=apply_meter,
        text="A meter changes within its bounds; the system's rules for it apply.",
    ),
    "impact": Door(
        target=impact_name,
        title=lambda rs, name: f"Impact: {label(name)}",
        options={"mark": "true to mark it, false to clear it", "reason": REASON, "choose": CHOOSE},
        apply=apply_impact,
        text="An impact is marked or cleared.",
    ),
    "progress": Door(
        target=progress_action,
        title=lambda rs, action: {"start": "Start a Track", "mark": "Mark Progress", "clear": "Clear Progress"}[action],
        options={
            "track": "the progress track",
            "times": "how many times to mark progress (1-40: a troublesome track fills in 4 marks, an epic one in 40)",
            "boxes": "how many boxes to clear",
            "ticks": "how many ticks to clear",
            "reason": REASON,
        },
        apply=apply_progress,
        text="Progress is marked per the track's rank: troublesome 3 boxes, dangerous 2, formidable 1, extreme 2 ticks, "
        "epic 1 tick.",
    ),
    "clock": Door(
        target=clock_action,
        title=lambda rs, action: {
            "start": "Start a Clock",
            "advance": "Advance a Clock",
            "fill": "Fill a Clock",
            "clear": "Clear a Clock",
        }[action],
        options={"clock": "the clock", "by": "how many segments", "reason": REASON},
        apply=apply_clock,
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
