"""Whose a card's move is, said as the player reads it: another character's own move is theirs ("Mara's Hack &
Slash"), but the damage the player's blow lands on Mara's sheet is the player's Deal Damage *to* her, not "Mara's
Deal Damage" (the move is resolved on the sheet of the one it hurts)."""

from __future__ import annotations

from assistant.engine import Result

__all__ = ["owned_title"]

#: Moves resolved on the sheet of the one they hurt, not the one who makes them (Dungeon World's Deal Damage: "Damage
#: minus armor comes off the HP of the one hit").
_ON_THE_HURT = frozenset({("dungeon-world", "deal_damage")})


def owned_title(result: Result, title: str, whose: str) -> str:
    """``title`` with ``whose`` sheet it was made on (another character's than the one playing): "Deal Damage to Mara"
    for damage landing on her, "Mara's Hack & Slash" for her own move; ``title`` when ``whose`` is empty."""
    if not whose:
        return title
    if (result.system, result.move_id) in _ON_THE_HURT:
        return f"{title} to {whose}"
    return f"{whose}'s {title}"
