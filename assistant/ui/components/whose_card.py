"""Whose move a dice card shows, read where the chat reads it: a move made on another character's sheet (the
player's Deal Damage on Mara) is its maker's, "on Mara" (:func:`assistant.chat.undone_words.made_on`)."""

from __future__ import annotations

from typing import Any

import streamlit as st

from assistant.chat.undone_words import made_on
from assistant.engine import Result
from assistant.ui import state


def _campaign_state(campaign: str) -> Any:
    """The open campaign's state as its chat session has it (None before the session is open)."""
    for (name, _), session in st.session_state.get(state.SESSIONS, {}).items():
        if name == campaign:
            return session.state
    return None


def made_on_for(result: Result | dict[str, Any], seq: int | None = None) -> tuple[str, str] | None:
    """(who made it, "" for the one playing; whose sheet it changed) when the card's move was made on another
    character's sheet; None otherwise. ``seq``: the stored move (a card of the log); without it, the campaign's last
    stored move with the same dice (a card drawn as its turn is played: the store has it already)."""
    campaign = state.current_campaign()
    if not campaign:
        return None
    camp = _campaign_state(campaign)
    if camp is None or len(camp.characters) < 2:  # one character: every move is theirs
        return None
    res = result if isinstance(result, Result) else Result.model_validate(result)
    for stored in reversed(state.campaign_events(campaign)):
        ev: Any = stored.event
        if ev.type != "move_resolved" or (seq is not None and stored.seq != seq):
            continue
        if seq is None and (ev.result.get("move_id") != res.move_id or ev.result.get("dice") != res.dice):
            continue
        return made_on(ev.request, ev.state_change.character_id, camp)
    return None
