"""What a suggestion says where its odds go: the exact odds of its request, what they wait for (Endure Harm's amount,
asked when it is made), that it makes no roll as the sheet stands, or why the rules refuse it now ("not now: …")."""

from __future__ import annotations

import re
from typing import Any

from assistant.engine.options import uncap

__all__ = ["NO_ROLL_WORDS", "_burn_meter", "_burnable", "_never_rolls", "_not_now", "_odds", "_odds_wait_for"]


def _burnable(ruleset: Any) -> bool:
    return "burn" in (getattr(ruleset, "common_options", {}) or {})


def _burn_meter(ruleset: Any) -> str:
    meters = getattr(getattr(ruleset, "sheet", None), "meters", {}) or {}
    for name in ("momentum", "focus"):
        if name in meters:
            return name
    return "momentum"


def _odds(request: dict[str, Any], notes: list[str], refusals: list[str] | None = None) -> dict[str, Any] | None:
    from assistant.engine import RulesError
    from assistant.engine.probability import odds_for_request

    try:
        table = odds_for_request(request)
    except Exception as exc:  # the engine explains what is missing (a progress track, a rank...)
        notes.append(f"odds unavailable: {exc}")
        if refusals is not None and isinstance(exc, RulesError):  # the rules refuse it now (no mana for a spell)
            refusals.append(str(exc))
        return None
    return table.to_dict()


def _odds_wait_for(ruleset: Any, move_name: str, notes: list[str], request: dict[str, Any]) -> str | None:
    """What the odds wait for when the move needs a number the player gives as they make it (Endure Harm's amount):
    "odds follow the amount you give (harm suffered: 1 minor, 2 serious, 3 major)", not "odds unknown"; or, when no
    number it may take makes it roll as the sheet stands (Endure Harm above 0 health), that it makes no roll."""
    missing = next((n.split(": ", 1)[1] for n in notes if n.startswith("odds unavailable: ")), "")
    try:
        options = ruleset.options_for(ruleset.find_move(move_name))
    except Exception:  # noqa: BLE001 - a move the ruleset does not know: nothing to say
        return None
    given = dict(request.get("options") or {})
    for name, spec in options.items():
        if spec.min is None or spec.max is None or name in given:
            continue
        with_it = {**request, "options": {**given, name: spec.min}}  # Elegy asks "how much harm?" in its own words
        if f"needs the {name.replace('_', ' ')}" in missing or (missing and _odds(with_it, []) is not None):
            if _never_rolls(request, name, range(spec.min, spec.max + 1)):
                return NO_ROLL_WORDS
            help_words = f" ({spec.help})" if spec.help else ""
            return f"odds follow the {name.replace('_', ' ')} you give{help_words}, asked when you make it"
    return None


#: A move that, as the sheet stands, is made without dice whatever the player gives it.
NO_ROLL_WORDS = "no roll as the sheet stands: the move happens without dice"


def _never_rolls(request: dict[str, Any], option: str, values: range) -> bool:
    """Whether the move makes no roll for any of ``values`` of ``option`` (a handful: an amount from 1 to 3)."""
    if len(values) > 10:
        return False
    for value in values:
        table = _odds({**request, "options": {**(request.get("options") or {}), option: value}}, [])
        if table is None or set(table.get("outcomes") or {}) - {"match"} != {"none"}:
            return False
    return True


def _not_now(refusals: list[str]) -> str | None:
    """Why the rules refuse the move as the sheet stands, said where its odds would be ("not now: ... you have 0
    mana ..."), so the player reads it before confirming it."""
    if not refusals:
        return None
    said = re.split(r"(?<=[.!?])\s+", refusals[0].strip())[0].rstrip(".")  # the reason; confirming says what to do
    return f"not now: {uncap(said)}"
