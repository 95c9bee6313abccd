"""How a move becomes a ``move_resolved`` event: the campaign's character, tracks and clocks filled into the
engine's request, the dice (forced, the caller's, or the campaign's seeded ones), and the state change.

Pure: everything here works on a :class:`CampaignState` and appends nothing; :mod:`assistant.store.service`
and :mod:`assistant.store.followups` call it inside the campaign's append transaction.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from assistant.engine import Request, Result, get_ruleset, resolve
from assistant.errors import InputError, UnknownNameError
from assistant.store.events import MoveResolved, StateChange
from assistant.store.state import CampaignState


def slug(text: str, fallback: str) -> str:
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return out[:40] or fallback


def unique(base: str, taken: dict[str, Any] | set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def campaign_rng(seed: int, seq: int) -> random.Random:
    """The dice of the move that becomes event ``seq`` of a campaign with ``seed``."""
    return random.Random(f"{seed}:{seq}")


def find_id(kind: str, table: dict[str, dict[str, Any]], ref: str) -> str:
    """The id of the track/clock/character ``ref`` (an id or a name, case-insensitive)."""
    if ref in table:
        return ref
    key = ref.strip().lower()
    for item_id, item in table.items():
        if str(item.get("name", "")).strip().lower() == key:
            return item_id
    names = [str(t.get("name") or i) for i, t in table.items()]
    if not names:  # "it has: none yet" said nothing of what to do
        start = {"track": " Start one with /track <rank> <name>.", "clock": " Start one with /clock <segments> <name>."}
        raise UnknownNameError(f"No {kind} called {ref!r}: this campaign has no {kind}s yet.{start.get(kind, '')}", missing=kind)
    raise UnknownNameError(f"No {kind} called {ref!r} in this campaign; it has: {', '.join(names)}.", missing=kind, choices=names)


def request_dict(request: Request | dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(request, Request):
        return request.model_dump(mode="json", exclude_none=True)
    return copy.deepcopy(Request.decode(request))


def prepare(
    state: CampaignState, request: dict[str, Any]
) -> tuple[dict[str, Any], str | None, str, dict[str, str], dict[str, str]]:
    """The engine request, the character id, where the sheet came from, and the campaign tracks/clocks
    the request names (option key -> id)."""
    req = dict(request)
    wanted_cid = req.pop("character_id", None)
    system = req.get("system") or state.system
    if get_ruleset(system).system_id != state.system:
        raise InputError(f"Campaign {state.name!r} plays {state.system}, not {system}.")
    req["system"] = state.system
    given = req.get("character")
    if wanted_cid is not None:
        cid: str | None = find_id("character", state.characters, str(wanted_cid))
    elif isinstance(given, dict) and given.get("id") in state.characters:
        cid = str(given["id"])
    else:
        cid = state.active_character
    if given is None:
        req.pop("character", None)
        source = "campaign" if cid else "none"
    else:
        source = "request"
    options = req.get("options")
    tracks: dict[str, str] = {}
    clocks: dict[str, str] = {}
    if isinstance(options, dict):
        options = dict(options)
        if isinstance(options.get("track"), str):
            tid = find_id("track", state.tracks, options["track"])
            t = state.tracks[tid]
            options["track"] = {"name": t["name"], "rank": t["rank"], "ticks": t["ticks"], "kind": t.get("kind", "vow")}
            tracks["track"] = tid
        if isinstance(options.get("clock"), str):
            cl_id = find_id("clock", state.clocks, options["clock"])
            c = state.clocks[cl_id]
            options["clock"] = {"name": c.get("name", ""), "segments": c["segments"], "filled": c["filled"]}
            clocks["clock"] = cl_id
        if isinstance(options.get("target"), str):
            options["target"] = target_id(state, options["target"])
        req["options"] = options
    return req, cid, source, tracks, clocks


def target_id(state: CampaignState, ref: str) -> str:
    """A move's target as the campaign character's id when it names one (by id or name), else the words as given
    (a combatant without a sheet)."""
    key = ref.strip().lower()
    for cid, character in state.characters.items():
        if key in (cid.lower(), str(character.get("name", "")).strip().lower()):
            return cid
    return ref.strip()


def with_character(state: CampaignState, req: dict[str, Any], cid: str | None, source: str) -> dict[str, Any]:
    if source == "campaign" and cid is not None:
        return {**req, "character": state.characters[cid]}
    return req


def engine_request(state: CampaignState, request: Request | dict[str, Any] | str) -> dict[str, Any]:
    """The request the engine would get for this campaign (its character, tracks and clocks filled in), without
    resolving or storing anything: for checking a request before it is made."""
    req, cid, source, _tracks, _clocks = prepare(state, request_dict(request))
    return with_character(state, req, cid, source)


#: What a track becomes when a move clears it: a vow forsaken, a fight lost, anything else cleared.
CLEARED_STATUS = {"vow": "forsaken", "elegy": "forsaken", "combat": "lost"}


def closing_status(result: Result, request: dict[str, Any], track: dict[str, Any]) -> str | None:
    """The status a campaign track takes after ``result`` acted on it (None: it stays open).

    A progress roll that hits completes its track (a vow fulfilled, an expedition finished, a bond forged); a fight
    ends on its progress roll whatever the outcome (won on a hit, lost on a miss) unless the fight continues. A
    move that clears the whole track (Forsake Your Vow, Face Defeat) closes it."""
    if ":" in result.move_id:  # the engine's doors (/progress, the sidebar) change progress, never the status
        return None
    options = request.get("options") or {}
    kind = str(track.get("kind", "vow"))
    if result.roll == "progress":
        if kind == "combat" and options.get("fight_continues"):
            return None
        if result.outcome in ("strong_hit", "weak_hit"):
            return "completed"
        return "lost" if kind == "combat" else None
    name = track.get("name") or "track"
    if any(e.kind == "progress" and e.target == name and e.after == 0 and e.reason == "clear the track" for e in result.effects):
        if kind == "combat" and options.get("objectives_remain"):
            return None
        return CLEARED_STATUS.get(kind, "cleared")
    return None


def fight_ended(state: CampaignState, changed: dict[str, dict[str, Any]]) -> bool:
    """True when this move closed the campaign's last open fight ("If the fight continues, you are in control"
    says the position belongs to a fight going on: when none is, the sheet keeps no position)."""

    def fight_on(track: dict[str, Any]) -> bool:
        return track.get("kind") == "combat" and track.get("status") in (None, "", "open", "active")

    closed = any(t.get("kind") == "combat" and not fight_on(t) for t in changed.values())
    return closed and not any(fight_on(t) for t in {**state.tracks, **changed}.values())


def move_event(
    state: CampaignState, raw: dict[str, Any], next_seq: int, rng: random.Random | None = None, narration: str | None = None
) -> tuple[MoveResolved, Result]:
    """Resolve ``raw`` (see :func:`assistant.store.service.resolve_in_campaign`) on ``state`` as the event that
    will be number ``next_seq``; returns the event and the engine's result. Raises the engine's error on a bad
    request (nothing is appended by the caller then)."""
    req, cid, source, track_refs, clock_refs = prepare(state, raw)
    if req.get("dice"):
        dice_source, use_rng = "forced", rng or campaign_rng(int(state.seed or 0), next_seq)
    elif rng is not None:
        dice_source, use_rng = "caller", rng
    else:
        dice_source, use_rng = "campaign", campaign_rng(int(state.seed or 0), next_seq)
    result = resolve(Request.parse(with_character(state, req, cid, source)), rng=use_rng)
    change = StateChange()
    if cid is not None and result.character is not None:
        after = copy.deepcopy(result.character)
        previous = state.characters.get(cid, {})
        after["id"] = cid
        if "name" in previous and "name" not in after:
            after["name"] = previous["name"]
        change = StateChange(character_id=cid, before=previous, after=after)
    for key, value, table, refs, changed in (
        ("track", result.track, state.tracks, track_refs, change.tracks),
        ("clock", result.clock, state.clocks, clock_refs, change.clocks),
    ):
        if value is None:
            continue
        if key in result.started:  # a new track or clock: the campaign adds it
            changed[unique(slug(str(value.get("name", "")), key), table)] = value
        for item_id in refs.values():
            if key not in result.started:
                changed[item_id] = {**table[item_id], **value}
                status = closing_status(result, req, changed[item_id]) if key == "track" else None
                if status is not None:
                    changed[item_id]["status"] = status
    if change.after is not None and fight_ended(state, change.tracks):
        change.after.pop("position", None)  # the fight is over: no one is in control or in a bad spot any more
    stored_request = {k: v for k, v in req.items() if k != "character"} if source == "campaign" else req
    event = MoveResolved(
        request=stored_request,
        character_source=source,  # type: ignore[arg-type]
        dice=list(result.dice),
        dice_source=dice_source,  # type: ignore[arg-type]
        result=result.to_dict(),
        state_change=change,
        narration=narration,
    )
    return event, result
