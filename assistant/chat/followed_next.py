"""What the last move offers next, played from the player's words: a suggestion for a move the last move offers is
made as it offers it (a suffer move with its cost, Deal Damage on the one attacked with the attacker's die), so
"I lose some supplies" or "deal the damage" plays the follow-up, not a fresh move that asks again or lands on the
wrong sheet."""

from __future__ import annotations

import dataclasses
from typing import Any

from assistant.engine import AssistantError, Result, get_ruleset


def open_follow_ups(store: Any, campaign: str, top: int | None) -> list[Any]:
    """The follow-ups of move ``top`` (the last action this player knows of), or none when it is not a move."""
    if not isinstance(top, int) or isinstance(top, bool) or top <= 0:
        return []
    found = store.events(campaign, after=top - 1, upto=top)
    if not found or found[0].event.type != "move_resolved":
        return []
    try:
        return list(Result.model_validate(found[0].event.result).follow_ups)
    except ValueError:
        return []


def _same_move(ruleset: Any, name: Any, move_id: str) -> bool:
    try:
        return bool(name) and ruleset.find_move(str(name)).id == move_id
    except AssistantError:
        return False


def as_followed(system: str, suggestions: list[Any], follow_ups: list[Any]) -> list[Any]:
    """``suggestions`` with each one for a move in ``follow_ups`` made as the follow-up offers it ("make a suffer
    move (-1)": Sacrifice Resources of 1; Deal Damage: the follow-up's request, on its target's sheet)."""
    if not follow_ups:
        return suggestions
    ruleset = get_ruleset(system)
    out = []
    for s in suggestions:
        request = dict(getattr(s, "request", None) or {})
        try:
            move = ruleset.find_move(str(request.get("move") or ""))
        except AssistantError:
            out.append(s)
            continue
        options = dict(request.get("options") or {})
        for fu in follow_ups:
            if fu.kind == "suffer" and fu.amount and move.category == "suffer" and "amount" in move.options:
                if "amount" not in options:
                    request["options"] = {**options, "amount": abs(int(fu.amount))}
                break
            if fu.kind == "move" and fu.request and _same_move(ruleset, fu.request.get("move"), move.id):
                request = {**fu.request, **({"stat": request["stat"]} if "stat" in request else {})}
                if fu.target:  # resolved on the sheet of the one the move was aimed at
                    request["character_id"] = fu.target
                break
        out.append(dataclasses.replace(s, request=request) if dataclasses.is_dataclass(s) else s)  # type: ignore[type-var]
    return out
