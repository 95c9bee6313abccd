"""Rolls that are no move: an oracle's answer, a table's row, free dice. They decide nothing on a sheet, a track or a
clock, so a move's pick still open under them stays open (Enter the Fray's "Take +2 momentum" or "You are in
control" can be picked after asking the oracle whether the raider is alone), and undoing one puts nothing back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.engine import Result

#: The kinds of roll that tell the player something without acting in the story's mechanics.
NO_MOVE_ROLLS = frozenset({"oracle", "table", "notation"})


def decides_nothing(result: Result | Mapping[str, Any]) -> bool:
    """Whether a resolved roll is no move: an oracle, a table or free dice that changed nothing (no effect, no track,
    no clock, the character as it was) and offers no pick of its own."""

    def field(name: str) -> Any:
        return getattr(result, name) if isinstance(result, Result) else result.get(name)

    return bool(
        field("roll") in NO_MOVE_ROLLS
        and not field("effects")
        and not field("choices")
        and field("track") is None
        and field("clock") is None
        and field("character_before") == field("character")
    )


def stored_decides_nothing(stored: Any) -> bool:
    """Whether a stored event is a roll that is no move (see :func:`decides_nothing`)."""
    ev = stored.event
    return bool(ev.type == "move_resolved" and decides_nothing(ev.result))
