"""The campaign's transcript, drawn from its event log (so a reload loses nothing): the player's
messages, each move as a dice card with its narration, undos, and small notes for tracks and clocks."""

from __future__ import annotations

from typing import Any

import streamlit as st

from assistant.store.events import StoredEvent
from assistant.ui.components.dice_card import render_dice_card

#: How many of the latest events are drawn (older ones stay in the log and the exports).
SHOWN_EVENTS = 300
PLAYER_ROLES = frozenset({"user", "gm"})


def undone_seqs(events: list[StoredEvent]) -> set[int]:
    return {ev.event.target_seq for ev in events if ev.event.type == "undo"}


def note_for(stored: StoredEvent) -> str | None:
    """A one-line note for bookkeeping events (tracks, clocks, characters), or None."""
    ev: Any = stored.event
    t = ev.type
    if t == "track_created":
        return f"New track: {ev.track.get('name', ev.track_id)} ({ev.track.get('rank', '')})"
    if t == "clock_created":
        return f"New clock: {ev.clock.get('name', ev.clock_id)} ({ev.clock.get('segments')} segments)"
    if t == "track_updated":
        why = f" — {ev.reason}" if ev.reason else ""
        return f"Track {ev.track.get('name', ev.track_id)}: {ev.track.get('ticks')} ticks{why}"
    if t == "clock_updated":
        return f"Clock {ev.clock.get('name', ev.clock_id)}: {ev.clock.get('filled')}/{ev.clock.get('segments')}"
    if t == "character_added" and stored.seq > 2:
        return f"New character: {ev.character.get('name') or ev.character_id}"
    if t == "character_updated":
        return f"Character {ev.character_id} updated" + (f" — {ev.reason}" if ev.reason else "")
    if t == "undo":
        return f"↩ Undone: event {ev.target_seq} ({ev.target_type.replace('_', ' ')})"
    return None


def render_transcript(events: list[StoredEvent]) -> None:
    undone = undone_seqs(events)
    for stored in events[-SHOWN_EVENTS:]:
        ev: Any = stored.event
        if ev.type == "chat_message":
            with st.chat_message("user" if ev.role in PLAYER_ROLES else "assistant"):
                st.markdown(ev.text)
        elif ev.type == "move_resolved":
            with st.chat_message("assistant"):
                if stored.seq in undone:
                    with st.expander(f"~~{ev.result.get('move', 'Move')}~~ (undone)"):
                        render_dice_card(ev.result)
                else:
                    render_dice_card(ev.result)
                if ev.narration:
                    st.markdown(ev.narration)
        elif ev.type == "narration_recorded":
            with st.chat_message("assistant"):
                st.markdown(f"~~{ev.text}~~" if ev.event_seq in undone else ev.text)
        else:
            note = note_for(stored)
            if note:
                st.caption(note)
