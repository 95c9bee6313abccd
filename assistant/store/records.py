"""A campaign's records beside its moves: characters, progress tracks, clocks, slots (crew, factions...), the
transcript and the chat's open question. Each change is one atomic append; :mod:`assistant.store.service`
re-exports them all."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from assistant.engine.tracks import Clock, ProgressTrack, Rank
from assistant.errors import InputError
from assistant.store.access import (
    MAX_TEXT,
    append_one,
    check_name,
    checked_text,
    new_character,
    normalize_character,
    store_or_default,
)
from assistant.store.base import AppendContext, CampaignStore
from assistant.store.events import (
    CHAT_ROLES,
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
from assistant.store.moves import find_id, slug, unique

#: The most notes kept with one narration (a turn shows a few).
MAX_NOTES = 20

# ---- characters, tracks, clocks, slots -------------------------------------------------------------


def add_character(
    name: str, character: dict[str, Any] | None = None, *, active: bool = False, store: CampaignStore | None = None
) -> str:
    """Add a character (the system's defaults filled in); returns its id."""
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        cid, sheet = new_character(ctx.state.system, character, ctx.state.characters)
        out[:] = [cid]
        return CharacterAdded(character_id=cid, character=sheet, active=active)

    append_one(name, build, store)
    return out[0]


def update_character(
    name: str, character_id: str, character: dict[str, Any], reason: str = "", *, store: CampaignStore | None = None
) -> StoredEvent:
    def build(ctx: AppendContext) -> Event:
        cid = find_id("character", ctx.state.characters, character_id)
        sheet = normalize_character(ctx.state.system, character)
        sheet["id"] = cid
        return CharacterUpdated(character_id=cid, character=sheet, reason=reason)

    return append_one(name, build, store)


def set_active_character(name: str, character_id: str, *, store: CampaignStore | None = None) -> StoredEvent:
    return append_one(name, lambda ctx: SetActive(character_id=find_id("character", ctx.state.characters, character_id)), store)


def create_track(
    name: str, track_name: str, rank: str = "formidable", kind: str = "vow", ticks: int = 0, *, store: CampaignStore | None = None
) -> str:
    """Add a progress track; returns its id. Moves then refer to it as ``options.track: "<name or id>"``."""
    track = ProgressTrack(rank=Rank.parse(rank), ticks=ticks, name=checked_text(track_name, "A track name"), kind=kind).to_dict()
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        out[:] = [unique(slug(track_name, "track"), ctx.state.tracks)]
        return TrackCreated(track_id=out[0], track=track)

    append_one(name, build, store)
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

    return append_one(name, build, store)


def create_clock(name: str, clock_name: str, segments: int, filled: int = 0, *, store: CampaignStore | None = None) -> str:
    clock = Clock(segments=segments, filled=filled, name=checked_text(clock_name, "A clock name")).to_dict()
    out: list[str] = []

    def build(ctx: AppendContext) -> Event:
        out[:] = [unique(slug(clock_name, "clock"), ctx.state.clocks)]
        return ClockCreated(clock_id=out[0], clock=clock)

    append_one(name, build, store)
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

    return append_one(name, build, store)


def set_slot(name: str, slot: str, key: str, value: Any, *, store: CampaignStore | None = None) -> StoredEvent:
    """Set ``slots[slot][key]`` (crew, factions, combatants...); ``value=None`` removes it."""
    checked_text(slot, "A slot name")
    checked_text(key, "A slot key")
    json.dumps(value)  # must be JSON
    return append_one(name, lambda ctx: SlotUpdated(slot=slot, key=key, value=value), store)


# ---- transcript ------------------------------------------------------------------------------------


def chat_event(role: str, text: str) -> ChatMessage:
    """A line of the chat as the log keeps it (checked: a known role, a text of a sane size)."""
    if role not in CHAT_ROLES:
        raise InputError(f"Unknown chat role {role!r}; use one of {', '.join(CHAT_ROLES)}.")
    return ChatMessage(role=role, text=checked_text(text, "A chat message"))


def append_chat(name: str, role: str, text: str, *, store: CampaignStore | None = None) -> StoredEvent:
    return store_or_default(store).append(name, [chat_event(role, text)])[0]


def record_narration(
    name: str,
    event_seq: int,
    text: str,
    *,
    notes: Sequence[str] = (),
    narrator: str = "",
    store: CampaignStore | None = None,
) -> StoredEvent:
    """Record the narration shown for event ``event_seq`` (usually a move), with the ``notes`` shown under it and
    the ``narrator`` that told it."""
    if isinstance(text, str) and len(text) > MAX_TEXT:  # a runaway narration never undoes the move it narrates
        text = text[: MAX_TEXT - 1].rstrip() + "…"
    body = checked_text(text, "Narration")
    lines = [checked_text(note, "A note") for note in notes if isinstance(note, str) and note.strip()][:MAX_NOTES]

    def build(ctx: AppendContext) -> Event:
        if isinstance(event_seq, bool) or not isinstance(event_seq, int) or not 1 <= event_seq <= ctx.state.last_seq:
            raise InputError(f"No event {event_seq!r} to narrate in {name!r} (events 1-{ctx.state.last_seq}).")
        return NarrationRecorded(event_seq=event_seq, text=body, notes=lines, narrator=str(narrator or "")[:40])

    return append_one(name, build, store)


# ---- questions -------------------------------------------------------------------------------------


def ask_question(name: str, question: dict[str, Any], *, store: CampaignStore | None = None) -> StoredEvent:
    """Keep ``question`` as the campaign's open question (it replaces any open one), so a reload keeps it."""
    json.dumps(question)  # must be JSON
    return append_one(name, lambda ctx: QuestionAsked(question=dict(question)), store)


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

    stored = store_or_default(store).append_with(check_name(name), build)
    return stored[0] if stored else None
