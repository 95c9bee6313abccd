"""The city game's sheet lists: beliefs, ties, secrets, schemes, histories, demands and the faction.

``sheet.yaml`` gives their defaults (empty lists); these pure helpers normalise what a request
sends (a belief may be a plain string or ``{"text", "marked", "proven_wrong"}``) and find one entry
by name. They raise :class:`InputError` naming the field and what to send instead.
"""

from __future__ import annotations

from typing import Any

from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError

#: The list fields and, for each, its entries' fields with their defaults (``text`` is the name).
LIST_FIELDS: dict[str, dict[str, Any]] = {
    "beliefs": {"text": "", "marked": False, "proven_wrong": False},
    "secrets": {"text": "", "marked": False},
    "schemes": {"name": "", "productivity": 0},
    "histories": {"neighborhood": "", "marked": False},
    "demands": {"text": "", "met": False},
}
#: The field that names an entry of each list.
NAME_FIELD = {"beliefs": "text", "secrets": "text", "schemes": "name", "histories": "neighborhood", "demands": "text"}
#: Lists of plain names.
NAME_LISTS = ("ties", "connections")
FACTION_LISTS = ("aspects", "complications", "neighborhoods")


def _entry(field: str, raw: object, index: int) -> dict[str, Any]:
    spec = LIST_FIELDS[field]
    key = NAME_FIELD[field]
    if isinstance(raw, str):
        return {**spec, key: raw}
    if not isinstance(raw, dict):
        raise InputError(f"character.{field}[{index}] must be a string or an object with {sorted(spec)}.")
    unknown = sorted(set(raw) - set(spec))
    if unknown:
        raise InputError(f"character.{field}[{index}] has unknown field(s) {unknown}; use {sorted(spec)}.")
    out = {**spec, **raw}
    for name, default in spec.items():
        value = out[name]
        if isinstance(default, bool) and not isinstance(value, bool):
            raise InputError(f"character.{field}[{index}].{name} must be true or false; got {value!r}.")
        if isinstance(default, int) and not isinstance(default, bool) and (isinstance(value, bool) or not isinstance(value, int)):
            raise InputError(f"character.{field}[{index}].{name} must be a whole number; got {value!r}.")
        if isinstance(default, str) and not isinstance(value, str):
            raise InputError(f"character.{field}[{index}].{name} must be text; got {value!r}.")
    return out


def _names(where: str, raw: object) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise InputError(f'character.{where} must be a list of names, e.g. ["Donatella"].')
    return list(raw)


def normalize_lists(character: dict[str, Any]) -> None:
    """Normalise the list fields of a (copied) character in place."""
    for field in LIST_FIELDS:
        raw = character.get(field, [])
        if not isinstance(raw, list):
            raise InputError(f"character.{field} must be a list.")
        character[field] = [_entry(field, item, i) for i, item in enumerate(raw)]
    for field in NAME_LISTS:
        character[field] = _names(field, character.get(field, []))
    if not isinstance(character.get("neighborhood", ""), str):
        raise InputError("character.neighborhood must be the name of the neighborhood you are in.")
    faction = character.get("faction")
    if not isinstance(faction, dict):
        raise InputError('character.faction must be an object like {"name": "", "aspects": [], "complications": []}.')
    unknown = sorted(set(faction) - {"name", *FACTION_LISTS})
    if unknown:
        raise InputError(f"character.faction has unknown field(s) {unknown}; use name, {', '.join(FACTION_LISTS)}.")
    if not isinstance(faction.get("name", ""), str):
        raise InputError("character.faction.name must be text.")
    for field in FACTION_LISTS:
        faction[field] = _names(f"faction.{field}", faction.get(field, []))
    insights = character.get("insights", {})
    if not isinstance(insights, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in insights.items()):
        raise InputError('character.insights must map a Tie\'s name to the Insight you know, like {"Vess": "owes the guild"}.')
    forward = character.get("forward", [])
    if not isinstance(forward, list) or not all(
        isinstance(f, dict)
        and isinstance(f.get("add"), int)
        and not isinstance(f.get("add"), bool)
        and isinstance(f.get("moves", []), list)
        for f in forward
    ):
        raise InputError('character.forward must be a list like [{"add": 1, "moves": ["take_a_big_risk"]}].')


def find(character: dict[str, Any], field: str, name: object, what: str) -> int:
    """Index of the entry of ``field`` named ``name`` (case- and punctuation-insensitive, or a 0-based index)."""
    entries = character[field]
    key_field = NAME_FIELD.get(field)
    labels = [e[key_field] if key_field else e for e in entries]
    if isinstance(name, int) and not isinstance(name, bool):
        if 0 <= name < len(entries):
            return name
    elif isinstance(name, str):
        wanted = normalize_name(name)
        for i, label in enumerate(labels):
            if normalize_name(label) == wanted:
                return i
    shown = ", ".join(repr(x) for x in labels) or "none yet"
    raise InputError(
        f"There is no {what} called {name!r} on this character; {field}: {shown}.", missing=what, choices=labels or None
    )
