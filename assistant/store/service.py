"""Campaign operations for the CLI, the chat and the UI: each one is one atomic append.

Every function takes an optional ``store=`` (a :class:`CampaignStore`); without it the store of
the current settings is used (``TABLETOP_DATABASE_URL``/``DATABASE_URL`` or
``$TABLETOP_HOME/campaigns.sqlite3``), opened once per process and URL.
"""

from __future__ import annotations

import copy
import json
import random
import re
import secrets
import threading
from typing import Any

from assistant.config import Settings
from assistant.engine import Request, Result, get_ruleset, resolve
from assistant.engine.tracks import Clock, ProgressTrack, Rank
from assistant.errors import AssistantError, InputError, UnknownNameError
from assistant.store.base import AppendContext, CampaignInfo, CampaignStore
from assistant.store.events import (
    CHAT_ROLES,
    CampaignCreated,
    CharacterAdded,
    CharacterUpdated,
    ChatMessage,
    ClockCreated,
    ClockUpdated,
    Event,
    MoveResolved,
    NarrationRecorded,
    Patch,
    SetActive,
    SlotUpdated,
    StateChange,
    StoredEvent,
    TrackCreated,
    TrackUpdated,
    Undo,
)
from assistant.store.factory import open_store, store_url
from assistant.store.state import CampaignState, apply, get_path, touched_paths

MAX_NAME = 80
MAX_TEXT = 100_000

_STORES: dict[str, CampaignStore] = {}
_STORES_LOCK = threading.Lock()


class ReplayMismatch(AssistantError):
    """Replaying the log did not give what was stored (an engine or data change, or tampering)."""

    kind = "replay_mismatch"


# ---- the store -------------------------------------------------------------------------------------


def get_store(target: Settings | str | None = None) -> CampaignStore:
    """The (cached) store for ``target`` (default: the current settings)."""
    url = store_url(target)
    with _STORES_LOCK:
        if url not in _STORES:
            _STORES[url] = open_store(url)
        return _STORES[url]


def close_stores() -> None:
    with _STORES_LOCK:
        for store in _STORES.values():
            store.close()
        _STORES.clear()


def _store(store: CampaignStore | None) -> CampaignStore:
    return store if store is not None else get_store()


def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("tabletop-oracle")
    except Exception:  # noqa: BLE001 - not installed: no version to record
        return ""


# ---- helpers ---------------------------------------------------------------------------------------


def check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise InputError('A campaign needs a name, e.g. `assistant campaign new "Iron Road" --system starforged`.')
    name = name.strip()
    if len(name) > MAX_NAME or any(ord(c) < 32 for c in name):
        raise InputError(f"A campaign name is 1-{MAX_NAME} printable characters.")
    return name


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InputError(f"{what} must be non-empty text.")
    if len(value) > MAX_TEXT:
        raise InputError(f"{what} is too long (at most {MAX_TEXT} characters).")
    return value


def slug(text: str, fallback: str) -> str:
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return out[:40] or fallback


def _unique(base: str, taken: dict[str, Any] | set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def find_id(kind: str, table: dict[str, dict[str, Any]], ref: str) -> str:
    """The id of the track/clock/character ``ref`` (an id or a name, case-insensitive)."""
    if ref in table:
        return ref
    key = ref.strip().lower()
    for item_id, item in table.items():
        if str(item.get("name", "")).strip().lower() == key:
            return item_id
    known = ", ".join(f"{i} ({t.get('name', '')})" for i, t in table.items()) or "none"
    raise UnknownNameError(f"No {kind} called {ref!r} in this campaign; it has: {known}.")


def _normalize_character(system: str, character: object) -> dict[str, Any]:
    if character is not None and not isinstance(character, dict):
        raise InputError('A character is a JSON object (the system\'s sheet), e.g. {"name": "Kira", "stats": {...}}.')
    return get_ruleset(system).sheet.normalize(character or {})


def _new_character(system: str, character: object, taken: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    sheet = _normalize_character(system, character)
    wanted = str(sheet.get("id") or "") or slug(str(sheet.get("name", "")), "pc1")
    if sheet.get("id") and wanted in taken:
        raise InputError(f"There is already a character with id {wanted!r}.")
    cid = _unique(wanted, taken)
    sheet["id"] = cid
    return cid, sheet


# ---- campaigns -------------------------------------------------------------------------------------


def create_campaign(
    name: str,
    system: str,
    character: dict[str, Any] | None = None,
    seed: int | None = None,
    *,
    store: CampaignStore | None = None,
) -> CampaignState:
    """Create a campaign with one starting character (the system's defaults, or ``character``)."""
    name = check_name(name)
    system_id = get_ruleset(system).system_id
    if seed is None:
        seed = secrets.randbits(48)
    elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise InputError("seed must be a whole number 0 - 2^62.")
    cid, sheet = _new_character(system_id, character, {})
    st = _store(store)
    st.create_campaign(
        CampaignCreated(name=name, system=system_id, seed=seed, app_version=app_version()),
        [CharacterAdded(character_id=cid, character=sheet, active=True)],
    )
    return st.load(name)


def list_campaigns(*, store: CampaignStore | None = None) -> list[CampaignInfo]:
    return _store(store).list_campaigns()


def load_campaign(name: str, *, store: CampaignStore | None = None) -> CampaignState:
    return _store(store).load(name)


def campaign_events(name: str, *, store: CampaignStore | None = None) -> list[StoredEvent]:
    return _store(store).events(name)


def _append_one(name: str, build: Any, store: CampaignStore | None) -> StoredEvent:
    return _store(store).append_with(name, lambda ctx: [build(ctx)])[0]


# ---- characters, tracks, clocks, slots -------------------------------------------------------------


def add_character(
    name: str, character: dict[str, Any] | None = None, *, active: bool = False, store: CampaignStore | None = None
) -> str:
    """Add a character (the system's defaults filled in); returns its id."""
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        cid, sheet = _new_character(ctx.state.system, character, ctx.state.characters)
        out[:] = [cid]
        return CharacterAdded(character_id=cid, character=sheet, active=active)

    _append_one(name, build, store)
    return out[0]


def update_character(
    name: str, character_id: str, character: dict[str, Any], reason: str = "", *, store: CampaignStore | None = None
) -> StoredEvent:
    def build(ctx: AppendContext) -> Event:
        cid = find_id("character", ctx.state.characters, character_id)
        sheet = _normalize_character(ctx.state.system, character)
        sheet["id"] = cid
        return CharacterUpdated(character_id=cid, character=sheet, reason=reason)

    return _append_one(name, build, store)


def set_active_character(name: str, character_id: str, *, store: CampaignStore | None = None) -> StoredEvent:
    return _append_one(name, lambda ctx: SetActive(character_id=find_id("character", ctx.state.characters, character_id)), store)


def create_track(
    name: str, track_name: str, rank: str = "formidable", kind: str = "vow", ticks: int = 0, *, store: CampaignStore | None = None
) -> str:
    """Add a progress track; returns its id. Moves then refer to it as ``options.track: "<name or id>"``."""
    track = ProgressTrack(rank=Rank.parse(rank), ticks=ticks, name=_text(track_name, "A track name"), kind=kind).to_dict()
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        out[:] = [_unique(slug(track_name, "track"), ctx.state.tracks)]
        return TrackCreated(track_id=out[0], track=track)

    _append_one(name, build, store)
    return out[0]


def update_track(
    name: str, track_id: str, changes: dict[str, Any], reason: str = "", *, store: CampaignStore | None = None
) -> StoredEvent:
    """Change a track's ``ticks``, ``rank``, ``name`` or ``status`` (e.g. ``"completed"``)."""
    bad = set(changes) - {"ticks", "rank", "name", "kind", "status"}
    if bad:
        raise InputError(f"A track has ticks, rank, name, kind and status; not {sorted(bad)}.")

    def build(ctx: AppendContext) -> Event:
        tid = find_id("track", ctx.state.tracks, track_id)
        merged = {**ctx.state.tracks[tid], **changes}
        track = ProgressTrack(
            rank=Rank.parse(merged["rank"]), ticks=merged["ticks"], name=str(merged["name"]), kind=str(merged.get("kind", "vow"))
        ).to_dict()
        if "status" in merged:
            track["status"] = str(merged["status"])
        return TrackUpdated(track_id=tid, track=track, reason=reason)

    return _append_one(name, build, store)


def create_clock(name: str, clock_name: str, segments: int, filled: int = 0, *, store: CampaignStore | None = None) -> str:
    clock = Clock(segments=segments, filled=filled, name=_text(clock_name, "A clock name")).to_dict()
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        out[:] = [_unique(slug(clock_name, "clock"), ctx.state.clocks)]
        return ClockCreated(clock_id=out[0], clock=clock)

    _append_one(name, build, store)
    return out[0]


def update_clock(
    name: str,
    clock_id: str,
    filled: int | None = None,
    segments: int | None = None,
    reason: str = "",
    *,
    store: CampaignStore | None = None,
) -> StoredEvent:
    def build(ctx: AppendContext) -> Event:
        cid = find_id("clock", ctx.state.clocks, clock_id)
        old = ctx.state.clocks[cid]
        clock = Clock(
            segments=old["segments"] if segments is None else segments,
            filled=old["filled"] if filled is None else filled,
            name=old.get("name", ""),
        ).to_dict()
        return ClockUpdated(clock_id=cid, clock=clock, reason=reason)

    return _append_one(name, build, store)


def set_slot(name: str, slot: str, key: str, value: Any, *, store: CampaignStore | None = None) -> StoredEvent:
    """Set ``slots[slot][key]`` (crew, factions, combatants...); ``value=None`` removes it."""
    _text(slot, "A slot name")
    _text(key, "A slot key")
    json.dumps(value)  # must be JSON
    return _append_one(name, lambda ctx: SlotUpdated(slot=slot, key=key, value=value), store)


# ---- transcript ------------------------------------------------------------------------------------


def append_chat(name: str, role: str, text: str, *, store: CampaignStore | None = None) -> StoredEvent:
    if role not in CHAT_ROLES:
        raise InputError(f"Unknown chat role {role!r}; use one of {', '.join(CHAT_ROLES)}.")
    event = ChatMessage(role=role, text=_text(text, "A chat message"))
    return _store(store).append(name, [event])[0]


def record_narration(name: str, event_seq: int, text: str, *, store: CampaignStore | None = None) -> StoredEvent:
    """Record the narration shown for event ``event_seq`` (usually a move)."""
    body = _text(text, "Narration")

    def build(ctx: AppendContext) -> Event:
        if isinstance(event_seq, bool) or not isinstance(event_seq, int) or not 1 <= event_seq <= ctx.state.last_seq:
            raise InputError(f"No event {event_seq!r} to narrate in {name!r} (events 1-{ctx.state.last_seq}).")
        return NarrationRecorded(event_seq=event_seq, text=body)

    return _append_one(name, build, store)


# ---- moves -----------------------------------------------------------------------------------------


def campaign_rng(seed: int, seq: int) -> random.Random:
    """The dice of the move that becomes event ``seq`` of a campaign with ``seed``."""
    return random.Random(f"{seed}:{seq}")


def _request_dict(request: Request | dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(request, Request):
        return request.model_dump(mode="json", exclude_none=True)
    return copy.deepcopy(Request.decode(request))


def _prepare(
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
        req["options"] = options
    return req, cid, source, tracks, clocks


def _engine_request(state: CampaignState, req: dict[str, Any], cid: str | None, source: str) -> dict[str, Any]:
    if source == "campaign" and cid is not None:
        return {**req, "character": state.characters[cid]}
    return req


def engine_request(state: CampaignState, request: Request | dict[str, Any] | str) -> dict[str, Any]:
    """The request the engine would get for this campaign (its character, tracks and clocks filled in), without
    resolving or storing anything: for checking a request before it is made."""
    req, cid, source, _tracks, _clocks = _prepare(state, _request_dict(request))
    return _engine_request(state, req, cid, source)


def resolve_in_campaign(
    name: str,
    request: Request | dict[str, Any] | str,
    rng: random.Random | None = None,
    *,
    narration: str | None = None,
    store: CampaignStore | None = None,
) -> Result:
    """Resolve ``request`` for the campaign and append one ``move_resolved`` event atomically.

    ``request`` is the engine's request where ``system`` may be omitted (the campaign's) and
    ``character`` may be omitted (the active character's sheet is used, and its state after the
    move saved); ``character_id`` picks another campaign character; ``options.track`` /
    ``options.clock`` may name a campaign track/clock (its new value is saved). Dice: forced
    ``dice`` win; else ``rng``; else the campaign's seeded dice for this event. A bad request
    raises the engine's error and appends nothing."""
    raw = _request_dict(request)
    out: list[Result] = []

    def build(ctx: AppendContext) -> list[Event]:
        state = ctx.state
        req, cid, source, track_refs, clock_refs = _prepare(state, raw)
        if req.get("dice"):
            dice_source, use_rng = "forced", rng
        elif rng is not None:
            dice_source, use_rng = "caller", rng
        else:
            dice_source, use_rng = "campaign", campaign_rng(int(state.seed or 0), ctx.next_seq)
        result = resolve(Request.parse(_engine_request(state, req, cid, source)), rng=use_rng)
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
                changed[_unique(slug(str(value.get("name", "")), key), table)] = value
            for item_id in refs.values():
                if key not in result.started:
                    changed[item_id] = {**table[item_id], **value}
        stored_request = {k: v for k, v in req.items() if k != "character"} if source == "campaign" else req
        out[:] = [result]
        return [
            MoveResolved(
                request=stored_request,
                character_source=source,  # type: ignore[arg-type]
                dice=list(result.dice),
                dice_source=dice_source,  # type: ignore[arg-type]
                result=result.to_dict(),
                state_change=change,
                narration=narration,
            )
        ]

    _store(store).append_with(check_name(name), build)
    return out[0]


# ---- undo and replay -------------------------------------------------------------------------------


def undo_last(name: str, *, store: CampaignStore | None = None) -> StoredEvent:
    """Append an ``undo`` compensating the last state-changing event still in effect."""

    def build(ctx: AppendContext) -> Event:
        if not ctx.state.undo_stack:
            raise InputError(f"Nothing to undo in {name!r}.")
        target = ctx.event(ctx.state.undo_stack[-1])
        before = ctx.state_at(target.seq - 1)
        restore = []
        for path in touched_paths(target):
            present, value = get_path(before, path)
            restore.append(Patch(path=path, value=value, present=present))
        return Undo(target_seq=target.seq, target_type=target.type, restore=restore)

    return _append_one(name, build, store)


def _comparable(result: dict[str, Any]) -> dict[str, Any]:
    """A result without the dice's ``forced`` flags (replaying forces the recorded dice)."""
    out = dict(result)
    out["dice_detail"] = [{k: v for k, v in d.items() if k != "forced"} for d in result.get("dice_detail", [])]
    return out


def _as_stored(stored: dict[str, Any], replayed: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A stored result read in the current contract (older kind names mapped), and the replayed one, where a field
    the stored result does not have (added by a later contract: ``started``, ``marks``...) is not compared."""
    current = Result.model_validate(stored).to_dict()

    def fill(raw: Any, now: Any, again: Any) -> Any:
        if isinstance(raw, dict) and isinstance(now, dict) and isinstance(again, dict):
            return {k: (fill(raw[k], v, again.get(k)) if k in raw else again.get(k)) for k, v in now.items()}
        if isinstance(raw, list) and isinstance(now, list) and isinstance(again, list) and len(now) == len(again) == len(raw):
            return [fill(r, n, a) for r, n, a in zip(raw, now, again, strict=True)]
        return now

    return fill(stored, current, replayed), replayed


def _first_difference(a: Any, b: Any, where: str = "result") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}: stored {a!r}, replayed {b!r}"


def check_move(state: CampaignState, stored: StoredEvent) -> None:
    """Re-resolve a ``move_resolved`` event on ``state`` (the fold just before it) and compare."""
    ev: Any = stored.event
    req = dict(ev.request)
    if ev.character_source == "campaign":
        cid = ev.state_change.character_id
        if cid not in state.characters:
            raise ReplayMismatch(f"Event {stored.seq}: character {cid!r} does not exist at that point.")
        req["character"] = state.characters[cid]
    try:
        again = resolve({**req, "dice": list(ev.dice)}).to_dict()
    except AssistantError as exc:
        raise ReplayMismatch(f"Event {stored.seq} ({ev.result.get('move')}) no longer resolves: {exc.message}") from None
    recorded, again = _as_stored(ev.result, again)
    if _comparable(again) != _comparable(recorded):
        raise ReplayMismatch(
            f"Event {stored.seq} ({ev.result.get('move')}) replays differently: "
            f"{_first_difference(_comparable(recorded), _comparable(again))}."
        )
    if ev.dice_source == "campaign" and not req.get("dice"):
        recorded, seeded = _as_stored(ev.result, resolve(req, rng=campaign_rng(int(state.seed or 0), stored.seq)).to_dict())
        if seeded != recorded:
            raise ReplayMismatch(
                f"Event {stored.seq}: the campaign seed no longer gives the recorded dice: {_first_difference(recorded, seeded)}."
            )


def replay(name: str, *, store: CampaignStore | None = None) -> CampaignState:
    """Re-resolve every move of the log (with its recorded dice, and from the campaign seed when it
    rolled the campaign's own dice), fold the log from scratch, and check both match what is stored
    (results, and the snapshot-based state). Raises :class:`ReplayMismatch` at the first difference."""
    st = _store(store)
    events = st.events(name)
    state = CampaignState()
    for stored in events:
        if stored.event.type == "move_resolved":
            check_move(state, stored)
        apply(state, stored)
    loaded = st.load(name)
    if loaded != state:
        raise ReplayMismatch(
            f"The stored state of {name!r} differs from the fold of its log: "
            f"{_first_difference(loaded.model_dump(), state.model_dump(), 'state')}."
        )
    return state


# ---- journals --------------------------------------------------------------------------------------


def export(name: str, format: str = "markdown", *, store: CampaignStore | None = None) -> str:  # noqa: A002
    """The campaign as a Markdown journal (``markdown``) or an Iron Vault journal (``ironvault``)."""
    from assistant.store.journal import render

    st = _store(store)
    events = st.events(name)
    return render(events, fold(events), format)


def import_journal(text: str, name: str | None = None, *, store: CampaignStore | None = None) -> str:
    """Create a campaign from one of our exports (either format); returns its name. Without
    ``name`` it keeps the exported name, or adds " (imported)" / " (imported N)" if that is taken."""
    from assistant.store.journal import parse

    events = parse(text)
    created: Any = events[0]
    st = _store(store)
    taken = {c.name for c in st.list_campaigns()}
    if name is not None:
        target = check_name(name)
    else:
        target = created.name
        n = 1
        while target in taken:
            target = f"{created.name} (imported{'' if n == 1 else f' {n}'})"
            n += 1
    first = created.model_copy(update={"name": target})
    st.create_campaign(first, events[1:])
    return target


def fold(events: list[StoredEvent]) -> CampaignState:
    from assistant.store.state import fold as _fold

    return _fold(events)
