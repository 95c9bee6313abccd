"""Damage dealt to someone with no sheet in the campaign ("I hack at the orc", the orc on no sheet here): Dungeon
World's Deal Damage is resolved on the sheet of the one it hurts, and with no such sheet it fell on the attacker's own
(HP 22 → 17 for hitting the orc). The next step is the damage roll itself (the attacker's 1dGrit), and a Deal Damage
that would land on the attacker's own sheet for their own blow is refused with what to do. Pure."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: The words of the follow-up an attack leaves (moves.yaml: "Deal your 1dGrit damage to the one you attacked"), not
#: Defend's "Take the attack's damage yourself", which is rightly the defender's own sheet.
_ON_THE_ONE_ATTACKED = "the one you attacked"
_DEAL_DAMAGE = "deal_damage"


def _unsheeted(fu: Any, characters: Mapping[str, Any]) -> bool:
    request = getattr(fu, "request", None) or {}
    return (
        getattr(fu, "kind", "") == "move"
        and str(request.get("move") or "") == _DEAL_DAMAGE
        and _ON_THE_ONE_ATTACKED in str(getattr(fu, "reason", "") or "").lower()
        and not (getattr(fu, "target", None) and fu.target in characters)
    )


def _die(fu: Any) -> int | None:
    grit = ((getattr(fu, "request", None) or {}).get("options") or {}).get("grit")
    return grit if isinstance(grit, int) and not isinstance(grit, bool) and grit > 1 else None


def damage_roll_step(fu: Any, characters: Mapping[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The next step for an attack's damage on someone with no sheet here: "Roll your damage (1d10)" and the dice roll
    that makes it; None for any other follow-up (Deal Damage on a campaign character stays a move on their sheet)."""
    if not _unsheeted(fu, characters) or (die := _die(fu)) is None:
        return None
    return f"Roll your damage (1d{die}): the one you attacked has no sheet here", {"move": f"roll:1d{die}"}


def own_blow_refused(
    request: Mapping[str, Any], active: str | None, follow_ups: Iterable[Any], characters: Mapping[str, Any]
) -> str:
    """Why a Deal Damage on the attacker's own sheet is refused while their attack's damage waits for someone with no
    sheet here ("" when it is not that): the damage would come off their own HP."""
    if str(request.get("move") or "") not in (_DEAL_DAMAGE, "Deal Damage"):
        return ""
    if request.get("character_id") not in (None, active) or "character" in request:
        return ""
    waiting = next((fu for fu in follow_ups if _unsheeted(fu, characters)), None)
    if waiting is None:
        return ""
    die = _die(waiting)
    roll = f"/dice 1d{die}" if die else "/dice with your damage die"
    return (
        "The one you attacked has no sheet here, so Deal Damage would take the damage off your own HP. Roll your damage "
        f"with {roll} and tell the story, or add them (/character add <name>) and deal it on their sheet. "
        "Nothing was rolled and nothing changed."
    )
