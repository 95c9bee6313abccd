"""Character sheets: normalise a character's JSON against a system's ``sheet.yaml``."""

from __future__ import annotations

import marshal
from typing import Any

from assistant.engine.errors import InputError
from assistant.engine.model import MAX_ADDS
from assistant.engine.safe_json import ATOMS, copy_value
from assistant.engine.sheet_copy import Copier, copier
from assistant.engine.sheet_schema import SheetFile

#: Keys any character may carry that the engine ignores but keeps.
FREE_KEYS = frozenset({"name", "id", "assets", "notes", "pronouns", "callsign"})


#: How many normalised characters each sheet keeps, by the exact character given (see :meth:`Sheet.normalized_pair`).
MAX_NORMALIZED = 512

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
        #: The meters whose maximum falls per marked impact (``max_less_per_impact``), in the sheet's order.
        self.shrinking_meters = tuple((m.name, m) for m in spec.meters if m.max_less_per_impact)
        # What normalising reads, worked out once (every resolution normalises its character).
        self._stat_bounds = tuple((s.name, s.default, s.min, s.max) for s in spec.stats)
        self._meter_bounds = tuple((m.name, m.default, m.min, m.max) for m in spec.meters)
        self._field_defaults = tuple((name, value, FIELD_BOUNDS.get(name)) for name, value in spec.fields.items())
        #: Characters normalised before: the exact bytes of the character given -> the function that copies the
        #: normalised character, and the character itself (a private copy, never handed out).
        self._normalized: dict[bytes, tuple[Copier, dict[str, Any]]] = {}

    def default_character(self) -> dict[str, Any]:
        return self.normalize({})

    def normalized_pair(self, character: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
        """The character normalised (:meth:`normalize`), twice: a working copy and the untouched ``before``; the
        two share nothing with each other, with the character given, or with any later call.

        A character normalised before is not checked again: the key is its exact ``marshal`` bytes (types,
        order and values; 1, 1.0 and True differ), so only a character identical to one that passed reads
        the stored result. A character ``marshal`` cannot write (a Python object of another kind) is simply
        normalised."""
        try:
            key: bytes | None = marshal.dumps(character, 2)  # version 2: no back-references
        except ValueError:
            key = None
        stored = self._normalized.get(key) if key is not None else None
        if stored is None:
            out = self.normalize(character)
            template = copy_value(out)
            stored = (copier(template), template)
            if key is not None:
                if len(self._normalized) >= MAX_NORMALIZED:
                    self._normalized.clear()
                self._normalized[key] = stored
            return out, stored[0](template)
        copy, template = stored
        return copy(template), copy(template)

    def normalize(self, character: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate; raises :class:`InputError` naming the bad field."""
        given = {} if character is None else character
        if not isinstance(given, dict):
            raise InputError("character must be a JSON object (or omitted for the system's default character).")
        known = self.known_fields
        if not given.keys() <= known:
            unknown = sorted(set(given) - known)
            raise InputError(f"Unknown character field(s) {unknown} for {self.spec.system}; known: {sorted(known - FREE_KEYS)}.")
        out: dict[str, Any] = {}
        if not FREE_KEYS.isdisjoint(given):
            out = {k: copy_value(given[k]) for k in FREE_KEYS if k in given}
        stats_in = given.get("stats") or {}
        if not isinstance(stats_in, dict):
            raise InputError('character.stats must be an object like {"edge": 2, ...}.')
        if not stats_in.keys() <= self.stats.keys():
            bad = sorted(set(stats_in) - set(self.stats))
            raise InputError(f"Unknown stat(s) {bad}; {self.spec.system} stats are {list(self.stats)}.")
        stats: dict[str, int] = {}
        for name, default, lo, hi in self._stat_bounds:
            value = stats_in.get(name, default)
            if not (type(value) is int or _is_int(value)) or not lo <= value <= hi:
                raise InputError(f"Stat {name} must be a whole number {lo}-{hi}; got {value!r}.")
            stats[name] = value
        out["stats"] = stats
        out["impacts"] = self._impacts(given.get("impacts", []))
        for name, default, bounds in self._field_defaults:
            value = given.get(name)
            if value is None:
                value = default if type(default) in ATOMS else copy_value(default)
            else:
                value = _merge_defaults(default, value, name)
            out[name] = value
            if bounds is not None and _is_int(value) and not bounds[0] <= value <= bounds[1]:
                raise InputError(
                    f"{name.replace('_', ' ')} must be a whole number from {bounds[0]} to {bounds[1]}; got {value!r}."
                )
        for name, default, lo, hi in self._meter_bounds:
            value = given.get(name, default)
            if not (type(value) is int or _is_int(value)) or not lo <= value <= hi:
                raise InputError(f"{name} must be a whole number {lo}-{hi}; got {value!r}.")
            out[name] = value
        return out

    def _impacts(self, impacts: object) -> list[str]:
        """The marked impacts as the sheet spells them, each once."""
        if not isinstance(impacts, list) or not all(isinstance(i, str) for i in impacts):
            raise InputError("character.impacts must be a list of impact names.")
        norm_impacts: list[str] = []
        for impact in impacts:
            key = impact.strip().lower().replace(" ", "_")
            if self.impacts and key not in self.impacts:
                raise InputError(f"Unknown impact {impact!r}; {self.spec.system} impacts are {self.impacts}.")
            if key not in norm_impacts:
                norm_impacts.append(key)
        return norm_impacts
