"""What /undo took back, said as the player would: "Undone: your Deal Damage on Bart — rolled 6." for the player's
own damage on Bart (the store's words name whose sheet changed: "Bart's Deal Damage")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.store.followups import describe
from assistant.store.state import CampaignState

__all__ = ["made_on", "taken_by_target", "undone_words"]


def _name(state: CampaignState, cid: str) -> str:
    return str((state.characters.get(cid) or {}).get("name") or cid)


def undone_words(stored: Any, state: CampaignState) -> str:
    """The event ``stored`` in the player's words: a move made on another character's sheet (damage dealt to Bart)
    is the mover's, "on Bart"; anything else as the store describes it."""
    ev: Any = stored.event
    said = describe(stored, state)
    if ev.type != "move_resolved":
        return said
    made = made_on(ev.request, ev.state_change.character_id, state)
    if made is None:
        return said
    maker, target = made
    move = str((ev.result or {}).get("move") or "")
    plain = describe(stored)  # "Deal Damage — rolled 6", with no owner
    if not move or not plain.startswith(move):
        return said
    whose = f"{maker}'s" if maker else "your"
    return f"{whose} {move} on {target}{plain[len(move) :]}"


def made_on(request: Mapping[str, Any], sheet: str | None, state: CampaignState) -> tuple[str, str] | None:
    """A move made on another character's sheet (the player's damage dealt to Bart): (the name of the one who made
    it, "" for the one playing; the name of the one whose sheet it changed). None for a move made with its maker's
    own sheet. The app's dice card names a move by this too ("Deal Damage on Bart")."""
    target = str((request.get("options") or {}).get("target") or "")
    if not target and sheet and taken_by_target(str(request.get("system") or ""), str(request.get("move") or "")):
        target = sheet  # "I deal damage" after a blow on Mara: her sheet takes it, the blow is the one playing's
    if not target or target != sheet or target == state.active_character or target not in state.characters:
        return None
    maker = str(request.get("character_id") or "")
    return ("" if not maker or maker in (target, state.active_character) else _name(state, maker)), _name(state, target)


def taken_by_target(system: str, move: str) -> bool:
    """A move resolved on the sheet of the one it hurts, not of the one who makes it (Dungeon World's Deal Damage)."""
    from assistant.engine import AssistantError, get_ruleset

    if not system or not move:
        return False
    try:
        ruleset = get_ruleset(system)
        return ruleset.system_id == "dungeon-world" and ruleset.find_move(move).id == "deal_damage"
    except AssistantError:  # an unknown game or move: no such rule
        return False
