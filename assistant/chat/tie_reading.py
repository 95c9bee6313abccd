"""A Tie of the city game's named in the player's words: the one a Social or Observe move is about, and the
advantage the rules give for it ("Observe Someone: If you have a Tie with them, you may roll with advantage";
"i watch marta closely as she counts" with the Tie “Marta the dock boss” rolled two dice, and its 12+ asked no third
question, the Tie not being read).

A "may" the player always takes: three dice keeping the best two is never worse than two."""

from __future__ import annotations

import re
from typing import Any

from assistant.store.state import CampaignState

#: Moves that roll with advantage when their target is a Tie.
_ADVANTAGE_WITH_TIE = frozenset({"observe_someone"})
#: Words of a Tie's entry that do not name the person ("Marta *the dock boss*").
_NOT_A_NAME = frozenset({"the", "a", "an", "of", "my", "our", "from", "at", "in", "who", "and"})


def _names_of(tie: str) -> list[str]:
    """The words a player calls a Tie by: the whole entry, and its first word when that is a name ("Marta")."""
    first = tie.split()[0] if tie.split() else ""
    names = [tie]
    if first and first.lower() not in _NOT_A_NAME and len(first) >= 3:
        names.append(first)
    return names


def tie_named(text: str, state: CampaignState) -> str | None:
    """The Tie on the sheet the words name, in any case ("marta" for “Marta the dock boss”), when only one is."""
    ties = [t if isinstance(t, str) else str((t or {}).get("name") or "") for t in (state.active() or {}).get("ties") or []]
    hits = [t for t in ties if t and any(re.search(rf"\b{re.escape(n)}\b", text, re.I) for n in _names_of(t))]
    return hits[0] if len(hits) == 1 else None


def with_tie(reading: Any, text: str, move: Any, state: CampaignState, given: dict[str, Any]) -> Any:
    """``reading`` with the Tie the words name as the move's target, and the advantage it brings where the rules
    give one (the notes say so)."""
    if state.system != "city" or move is None or "target" not in (getattr(move, "options", None) or {}):
        return reading
    if "target" in given or "target" in reading.options:
        return reading
    tie = tie_named(text, state)
    if tie is None:
        return reading
    reading.options["target"] = tie
    reading.notes.append(f"target {tie}, your Tie")
    if move.id in _ADVANTAGE_WITH_TIE and "advantage" not in given and "disadvantage" not in given:
        reading.options["advantage"] = True
        reading.notes.append("advantage (you have a Tie with them)")
    return reading
