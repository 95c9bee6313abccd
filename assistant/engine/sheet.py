"""Character sheets: normalise a character's JSON against a system's ``sheet.yaml``."""

from __future__ import annotations

from typing import Any

from assistant.engine.errors import InputError
from assistant.engine.model import MAX_ADDS
from assistant.engine.safe_json import copy_value
from assistant.engine.schema import SheetFile

#: Keys any character may carry that the engine ignores but keeps.
FREE_KEYS = frozenset({"name", "id", "assets", "notes", "pronouns", "callsign"})


#: Bounds of the numeric sheet fields that are not meters: experience is never negative, and a bonus to the
#: next move is an add like any other (within the engine's limit on adds).
FIELD_BOUNDS: dict[str, tuple[int, int]] = {"xp": (0, 999), "next_move_add": (-MAX_ADDS, MAX_ADDS)}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _merge_defaults(default: Any, given: Any, where: str) -> Any:
    if isinstance(default, dict):
        if given is None:
            return copy_value(default)
        if not isinstance(given, dict):
            raise InputError(f"character.{where} must be an object like {default}.")
        out = copy_value(given)
        for key, value in default.items():
            out[key] = _merge_defaults(value, given.get(key), f"{where}.{key}")
        return out
    if given is None:
        return copy_value(default)
    if _is_int(default) and not _is_int(given):
        raise InputError(f"character.{where} must be a whole number; got {given!r}.")
    if isinstance(default, list) and not isinstance(given, list):
        raise InputError(f"character.{where} must be a list; got {given!r}.")
    return copy_value(given)


class Sheet:
    """The stats, meters, impacts and other fields of one system's characters."""

    def __init__(self, spec: SheetFile) -> None:
        self.spec = spec
        self.stats = {s.name: s for s in spec.stats}
        self.meters = {m.name: m for m in spec.meters}
        self.impacts = list(spec.impacts)
        self.known_fields = frozenset({"stats", "impacts", *self.meters, *spec.fields, *FREE_KEYS})

    def default_character(self) -> dict[str, Any]:
        return self.normalize({})

    def normalize(self, character: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raises :class:`InputError` naming the bad field."""
        given = {} if character is None else character
        if not isinstance(given, dict):
            raise InputError("character must be a JSON object (or omitted for the system's default character).")
        known = self.known_fields
        unknown = sorted(set(given) - known)
        if unknown:
            raise InputError(f"Unknown character field(s) {unknown} for {self.spec.system}; known: {sorted(known - FREE_KEYS)}.")
        out: dict[str, Any] = {k: copy_value(given[k]) for k in FREE_KEYS if k in given}
        stats_in = given.get("stats") or {}
        if not isinstance(stats_in, dict):
            raise InputError('character.stats must be an object like {"edge": 2, ...}.')
        bad = sorted(set(stats_in) - set(self.stats))
        if bad:
            raise InputError(f"Unknown stat(s) {bad}; {self.spec.system} stats are {list(self.stats)}.")
        stats: dict[str, int] = {}
        for name, spec in self.stats.items():
            value = stats_in.get(name, spec.default)
            if not _is_int(value) or not spec.min <= value <= spec.max:
                raise InputError(f"Stat {name} must be a whole number {spec.min}-{spec.max}; got {value!r}.")
            stats[name] = value
        out["stats"] = stats
        impacts = given.get("impacts", [])
        if not isinstance(impacts, list) or not all(isinstance(i, str) for i in impacts):
            raise InputError("character.impacts must be a list of impact names.")
        norm_impacts = []
        for impact in impacts:
            key = impact.strip().lower().replace(" ", "_")
            if self.impacts and key not in self.impacts:
                raise InputError(f"Unknown impact {impact!r}; {self.spec.system} impacts are {self.impacts}.")
            if key not in norm_impacts:
                norm_impacts.append(key)
        out["impacts"] = norm_impacts
        for name, value in self.spec.fields.items():
            out[name] = _merge_defaults(value, given.get(name), name)
            bounds = FIELD_BOUNDS.get(name)
            if bounds is not None and _is_int(out[name]) and not bounds[0] <= out[name] <= bounds[1]:
                raise InputError(
                    f"{name.replace('_', ' ')} must be a whole number from {bounds[0]} to {bounds[1]}; got {out[name]!r}."
                )
        for name, meter in self.meters.items():
            value = given.get(name, meter.default)
            if not _is_int(value) or not meter.min <= value <= meter.max:
                raise InputError(f"{name} must be a whole number {meter.min}-{meter.max}; got {value!r}.")
            out[name] = value
        return out
