"""What /undo took back, said as the player would: "Undone: your Deal Damage on Bart — rolled 6." for the player's
own damage on Bart (the store's words name whose sheet changed: "Bart's Deal Damage")."""

from __future__ import annotations

from typing import Any

from assistant.store.followups import describe
from assistant.store.state import CampaignState

__all__ = ["undone_words"]


def _name(state: CampaignState, cid: str) -> str:
    return str((state.characters.get(cid) or {}).get("name") or cid)


def undone_words(stored: Any, state: CampaignState) -> str:
    """The event ``stored`` in the player's words: a move made on another character's sheet (damage dealt to Bart)
    is the mover's, "on Bart"; anything else as the store describes it."""
    ev: Any = stored.event
    said = describe(stored, state)
    if ev.type != "move_resolved":
        return said
    target = str((ev.request.get("options") or {}).get("target") or "")
    sheet = ev.state_change.character_id
    if not target or target != sheet or target == state.active_character or target not in state.characters:
        return said
    maker = str(ev.request.get("character_id") or "")
    whose = "your" if not maker or maker in (target, state.active_character) else f"{_name(state, maker)}'s"
    move = str((ev.result or {}).get("move") or "")
    plain = describe(stored)  # "Deal Damage — rolled 6", with no owner
    if not move or not plain.startswith(move):
        return said
    return f"{whose} {move} on {_name(state, target)}{plain[len(move) :]}"
