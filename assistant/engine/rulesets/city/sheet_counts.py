"""What the city sheet counts rather than holds (unmet demands, schemes, advances), whether you have a
connection to the neighborhood, and which belief a player named."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from assistant.engine.context import Resolution, option_bool
from assistant.engine.data import normalize_name
from assistant.engine.rulesets.city import sheet_lists


def counted(character: Mapping[str, Any], name: str) -> int | None:
    """The values a condition names that the sheet counts rather than holds: ``unmet_demands``, ``schemes`` (how
    many are going), ``schemes_to_run`` (0 once Run the Scheme was used this session: "You may do this once per
    session"), ``secrets`` (how many are known), ``advances``; None for any other name."""
    if name == "unmet_demands":
        return sum(1 for d in character.get("demands") or [] if not (isinstance(d, dict) and d.get("met")))
    if name == "schemes":
        return len(character.get("schemes") or [])
    if name == "schemes_to_run":
        used = character.get("session_used") or []
        return 0 if "run_the_scheme" in used else len(character.get("schemes") or [])
    if name == "demands_to_perceive":  # "You may not take another Demand until you meet this one"; once per session
        unmet = counted(character, "unmet_demands")
        return 0 if unmet or "perceive_demand" in (character.get("session_used") or []) else 1
    if name == "secrets":  # the secrets known (Use a Secret: "When you use secret knowledge")
        return len(character.get("secrets") or [])
    if name == "advances":
        return int(character.get("advances", 0))
    return None


def connected(ctx: Resolution) -> bool | None:
    """Whether you have a connection to the neighborhood (``options.connected``, else the sheet; None = unknown)."""
    if "connected" in ctx.options:
        return option_bool(ctx, "connected")
    here = ctx.character.get("neighborhood") or ""
    if not here:
        return None
    return normalize_name(here) in {normalize_name(n) for n in ctx.character["connections"]}


def belief_index(ctx: Resolution, name: object) -> int:
    return sheet_lists.find(ctx.character, "beliefs", name, "belief")
