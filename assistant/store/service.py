"""Campaign operations for the CLI, the chat and the UI: each one is one atomic append.

Every function takes an optional ``store=`` (a :class:`CampaignStore`); without it the store of
the current settings is used (``TABLETOP_DATABASE_URL``/``DATABASE_URL`` or
``$TABLETOP_HOME/campaigns.sqlite3``), opened once per process and URL.
"""

from __future__ import annotations

import json
import random
import secrets
import threading
from typing import Any, Literal

from assistant.config import Settings
from assistant.engine import Request, Result, get_ruleset
from assistant.engine.tracks import Clock, ProgressTrack, Rank
from assistant.errors import AssistantError, InputError
from assistant.store import followups
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
    NarrationRecorded,
    QuestionAsked,
    QuestionSettled,
    SetActive,
    SlotUpdated,
    StoredEvent,
    TrackCreated,
    TrackUpdated,
)
from assistant.store.factory import open_store, store_url
from assistant.store.followups import StaleEventError as StaleEventError
from assistant.store.moves import campaign_rng as campaign_rng
from assistant.store.moves import engine_request as engine_request
from assistant.store.moves import find_id as find_id
from assistant.store.moves import move_event, request_dict, slug, unique
from assistant.store.replay import ReplayMismatch as ReplayMismatch
from assistant.store.replay import check_move as check_move
from assistant.store.replay import replay_log
from assistant.store.state import CampaignState

MAX_NAME = 80
MAX_TEXT = 100_000

_STORES: dict[str, CampaignStore] = {}
_STORES_LOCK = threading.Lock()


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


def _normalize_character(system: str, character: object) -> dict[str, Any]:
    if character is not None and not isinstance(character, dict):
        raise InputError('A character is a JSON object (the system\'s sheet), e.g. {"name": "Kira", "stats": {...}}.')
    return get_ruleset(system).sheet.normalize(character or {})


def _new_character(system: str, character: object, taken: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    sheet = _normalize_character(system, character)
    wanted = str(sheet.get("id") or "") or slug(str(sheet.get("name", "")), "pc1")
    if sheet.get("id") and wanted in taken:
        raise InputError(f"There is already a character with id {wanted!r}.")
    cid = unique(wanted, taken)
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
        out[:] = [unique(slug(track_name, "track"), ctx.state.tracks)]
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
        out[:] = [unique(slug(clock_name, "clock"), ctx.state.clocks)]
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
    if isinstance(text, str) and len(text) > MAX_TEXT:  # a runaway narration never undoes the move it narrates
        text = text[: MAX_TEXT - 1].rstrip() + "…"
    body = _text(text, "Narration")

    def build(ctx: AppendContext) -> Event:
        if isinstance(event_seq, bool) or not isinstance(event_seq, int) or not 1 <= event_seq <= ctx.state.last_seq:
            raise InputError(f"No event {event_seq!r} to narrate in {name!r} (events 1-{ctx.state.last_seq}).")
        return NarrationRecorded(event_seq=event_seq, text=body)

    return _append_one(name, build, store)


# ---- questions -------------------------------------------------------------------------------------


def ask_question(name: str, question: dict[str, Any], *, store: CampaignStore | None = None) -> StoredEvent:
    """Keep ``question`` as the campaign's open question (it replaces any open one), so a reload keeps it."""
    json.dumps(question)  # must be JSON
    return _append_one(name, lambda ctx: QuestionAsked(question=dict(question)), store)


def settle_question(
    name: str,
    how: Literal["answered", "cancelled"] = "answered",
    *,
    expect: dict[str, Any] | None = None,
    store: CampaignStore | None = None,
) -> StoredEvent | None:
    """Close the open question (``answered`` or ``cancelled``); nothing is appended when none is open, nor, with
    ``expect`` (the question the player was shown), when the open one is another (someone else's)."""

    def build(ctx: AppendContext) -> list[Event]:
        open_now = ctx.state.pending_question
        if open_now is None or (expect is not None and open_now != expect):
            return []
        return [QuestionSettled(how=how)]

    stored = _store(store).append_with(check_name(name), build)
    return stored[0] if stored else None


# ---- moves -----------------------------------------------------------------------------------------


def resolve_event(
    name: str,
    request: Request | dict[str, Any] | str,
    rng: random.Random | None = None,
    *,
    narration: str | None = None,
    store: CampaignStore | None = None,
) -> tuple[Result, int]:
    """:func:`resolve_in_campaign`, also returning the number of the event it appended (the move to narrate,
    choose on or undo later: another writer may have appended after it by the time the caller looks)."""
    raw = request_dict(request)
    out: list[Result] = []

    def build(ctx: AppendContext) -> list[Event]:
        event, result = move_event(ctx.state, raw, ctx.next_seq, rng, narration)
        out[:] = [result]
        return [event]

    stored = _store(store).append_with(check_name(name), build)
    return out[0], stored[0].seq


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
    return resolve_event(name, request, rng, narration=narration, store=store)[0]


# ---- undo and replay -------------------------------------------------------------------------------


def undo_last(name: str, *, expect: int | None = None, store: CampaignStore | None = None) -> StoredEvent:
    """Append an ``undo`` compensating the last state-changing event still in effect. With ``expect`` (the
    event the player saw last), refuse with :class:`~assistant.store.followups.StaleEventError` when another
    writer acted since."""
    return followups.undo(_store(store), name, expect)


def redo_move(
    name: str,
    target_seq: int | None,
    options_update: dict[str, Any],
    *,
    doing: str = "change the move",
    store: CampaignStore | None = None,
) -> tuple[Result, int]:
    """Replace the last move (event ``target_seq``) by itself with the same dice and updated options (open
    choices picked, momentum burned); see :func:`assistant.store.followups.redo_move`."""
    return followups.redo_move(_store(store), name, target_seq, options_update, doing=doing)


def replay(name: str, *, store: CampaignStore | None = None) -> CampaignState:
    """Re-resolve every move of the log and check results and state match what is stored; raises
    :class:`ReplayMismatch` at the first difference (see :func:`assistant.store.replay.replay_log`)."""
    st = _store(store)
    return replay_log(st.events(name), st.load(name), name)


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
    _check_importable(events)
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


def _check_importable(events: list[Event]) -> None:
    """Refuse a journal whole unless it is a log we could have written: every move replays to its stored result
    with its stored dice, and every character is within its sheet's bounds after every event (so a hand-edited
    momentum of 99, a made-up stat or a fake outcome never becomes a campaign that cannot be played)."""
    from assistant.store.state import apply

    state = CampaignState()
    try:
        for seq, event in enumerate(events, 1):
            stored = StoredEvent(seq=seq, event=event)
            if event.type == "move_resolved":
                check_move(state, stored)
            apply(state, stored)
            if seq == 1:
                get_ruleset(state.system)  # an unknown system is refused here
            for cid, character in state.characters.items():
                try:
                    _normalize_character(state.system, {k: v for k, v in character.items() if k != "id"})
                except InputError as exc:
                    raise InputError(f"character {character.get('name') or cid!r} after record {seq}: {exc.message}") from None
    except (ReplayMismatch, InputError) as exc:
        raise InputError(
            f"This journal cannot be imported: {exc.message} It was changed after it was exported, or written by "
            "another version; nothing was imported."
        ) from None
    except AssistantError as exc:
        raise InputError(f"This journal cannot be imported ({exc.message}); nothing was imported.") from None


def fold(events: list[StoredEvent]) -> CampaignState:
    from assistant.store.state import fold as _fold

    return _fold(events)
