"""The fields a player may set on a character (each system's ``sheet.yaml`` ``editing:`` section): finding one
by the player's words, its bounds for this character, reading a value typed as text, and refusing a value in the
player's words (which field, the valid range or values, the rule it rests on). Pure; used by
:mod:`assistant.engine.character_edit`."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError
from assistant.engine.registry import get_ruleset
from assistant.engine.sheet import Sheet
from assistant.engine.sheet_schema import EditField, EditingSpec
from assistant.engine.spellings import american_words

MAX_TEXT = 200
"""The longest text a field or a list entry holds."""


def words(name: str) -> str:
    """``wanted_level`` -> ``wanted level`` (never show a snake_case id)."""
    return name.replace("_", " ")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def entry_text(item: Any) -> str:
    """A list entry's words (a belief may be ``{"text": ..., "marked": true}`` or plain text)."""
    if isinstance(item, dict):
        return str(item.get("text", item.get("name", "")))
    return str(item)


class SheetFields:
    """One system's editable fields: finding, bounding, reading and refusing a value."""

    def __init__(self, system: str) -> None:
        ruleset = get_ruleset(system)
        self.system = ruleset.system_id
        self.title = ruleset.title or ruleset.system_id
        self.sheet: Sheet = ruleset.sheet
        spec = self.sheet.spec.editing
        self.spec: EditingSpec = spec if spec is not None else EditingSpec(fields=[])
        self.fields: list[EditField] = list(self.spec.fields)
        self._index: dict[str, EditField] = {}
        for f in self.fields:
            for key in (f.name, f.label, f.name.split(".")[-1], *f.aliases):
                self._index.setdefault(normalize_name(key), f)

    # ---- the fields ---------------------------------------------------------------------------------
    def bounds(self, f: EditField, character: Mapping[str, Any] | None = None, *, creating: bool = False) -> tuple[int, int]:
        """The lowest and highest value of a number field (for this character: HP up to its max HP, momentum
        10 minus 1 per impact)."""
        if f.kind == "stat":
            stat = self.sheet.stats[f.name]
            lo, hi = (stat.min if f.min is None else f.min), (stat.max if f.max is None else f.max)
        elif f.kind == "meter":
            meter = self.sheet.meters[f.name]
            lo, hi = (meter.min if f.min is None else f.min), (meter.max if f.max is None else f.max)
            if character is not None and meter.max_less_per_impact:
                hi -= meter.max_less_per_impact * len(character.get("impacts") or [])
        else:
            lo, hi = (f.min if f.min is not None else 0), (f.max if f.max is not None else 0)
        if creating and f.create_max is not None:
            hi = min(hi, f.create_max)
        if f.max_field and character is not None and _is_int(character.get(f.max_field)):
            hi = min(hi, int(character[f.max_field]))
        return lo, hi

    def find(self, word: str) -> EditField:
        """The field a player names (``edge``, ``stat edge``, ``belief``, ``max hp``, ``vice``)."""
        said = re.sub(r"^\s*(stat|meter)\s+", "", str(word), flags=re.IGNORECASE)
        found = self._lookup(normalize_name(said)) or self._lookup(normalize_name(american_words(said, self._words)))
        if found is None and (told_by := self._told_by(said)) is not None:  # "/set hunger 2": told by blood, set there
            low, high = self.bounds(told_by)
            why = f" ({told_by.rule.split(';')[0].strip().rstrip('.')})" if told_by.rule else ""
            raise InputError(
                f"{self.title} has no {said.strip().lower()} to set: it is told by {told_by.label.lower()}{why}. "
                f"Set that instead: /set {told_by.label.lower()} <{low}-{high}>.",
                missing="field",
                choices=[f.label for f in self.fields],
            )
        if found is None:
            raise InputError(
                f"{self.title} characters have no field called {word!r}. You can set: name, {self.names()}.",
                missing="field",
                choices=[f.label for f in self.fields],
            )
        return found

    def _told_by(self, word: str) -> EditField | None:
        """The field a word that is not a field is told by (Elegy's hunger by blood: ``asked_as``), or None."""
        key = normalize_name(word)
        return next((f for f in self.fields if key in {normalize_name(w) for w in f.asked_as}), None)

    def _lookup(self, key: str) -> EditField | None:
        return self._index.get(key) or (self._index.get(key[:-1]) if key.endswith("s") else None)

    @property
    def _words(self) -> frozenset[str]:
        """The words of the fields' names and other names ("armor", "max", "hp"): what a British spelling may be."""
        return frozenset(w for f in self.fields for n in (f.name, f.label, *f.aliases) for w in re.findall(r"[a-z]+", n.lower()))

    def names(self) -> str:
        return ", ".join(f.label for f in self.fields) or "its name only"

    def describe(self, f: EditField, character: Mapping[str, Any] | None = None, *, creating: bool = False) -> str:
        """What a field takes, in words: ``a whole number from 1 to 3``, ``one of Cutter, Hound...``."""
        if f.kind in ("stat", "meter", "int"):
            lo, hi = self.bounds(f, character, creating=creating)
            return f"a whole number from {lo} to {hi}"
        if f.kind == "one_of":
            empty = " (or empty)" if f.allow_empty else ""
            return f"one of {', '.join(f.values)}{empty}"
        if f.kind == "bool":
            return "yes or no"
        if f.kind == "impacts":
            return f"marked from: {', '.join(words(i) for i in self.sheet.impacts)}"
        if f.kind == "list":
            most = f" (at most {f.max_items})" if f.max_items else ""
            return f"a list of short texts{most}"
        return f"a short text (at most {MAX_TEXT} characters)"

    # ---- reading and writing one field ----------------------------------------------------------------
    def get(self, character: Mapping[str, Any], f: EditField) -> Any:
        if f.kind == "stat":
            return (character.get("stats") or {}).get(f.name)
        node: Any = character
        for part in f.name.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        return node

    @staticmethod
    def _put(character: dict[str, Any], f: EditField, value: Any) -> None:
        if f.kind == "stat":
            character.setdefault("stats", {})[f.name] = value
            return
        *parents, last = f.name.split(".")
        node = character
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value

    def _refuse(
        self, f: EditField, given: object, character: Mapping[str, Any] | None, creating: bool, why: str = ""
    ) -> InputError:
        shown = given if not isinstance(given, str) or re.fullmatch(r"[+-]?\d+", given.strip()) else f'"{given}"'
        shown = f"{str(shown)[:60]}…" if len(str(shown)) > 60 else shown
        rule = f" {f.rule}" if f.rule else ""
        reason = f" {why}" if why else ""
        verb = "are" if f.kind in ("impacts", "list") else "is"
        pick = "Pick from those" if f.kind in ("one_of", "impacts") else "Pick a value from that range"
        example = f" (e.g. {f.label.lower()} {self._example(f, character, creating)})"
        if f.kind in ("text", "list"):
            pick, example = f"Write it on one line, in at most {MAX_TEXT} characters", ""
        return InputError(
            f"{f.label} {verb} {self.describe(f, character, creating=creating)}; you gave {shown}.{reason}{rule} "
            f"{pick}{example}.",
            missing=f.name,
            choices=self._choices(f, character, creating),
        )

    def _example(self, f: EditField, character: Mapping[str, Any] | None, creating: bool) -> str:
        if f.kind in ("stat", "meter", "int"):
            return str(self.bounds(f, character, creating=creating)[1])
        if f.kind == "one_of":
            return f.values[0]
        if f.kind == "bool":
            return "yes"
        if f.kind == "impacts":
            return words(self.sheet.impacts[0]) if self.sheet.impacts else "none"
        return "<text>"

    def _choices(self, f: EditField, character: Mapping[str, Any] | None, creating: bool) -> list[Any] | None:
        if f.kind in ("stat", "meter", "int"):
            lo, hi = self.bounds(f, character, creating=creating)
            return list(range(lo, hi + 1)) if hi - lo <= 20 else None
        if f.kind == "one_of":
            return list(f.values)
        return None

    def value(self, f: EditField, raw: object, character: Mapping[str, Any] | None = None, *, creating: bool = False) -> Any:
        """``raw`` (a number, text typed by the player, a list) as the field's value, checked against its bounds."""
        if f.kind in ("stat", "meter", "int"):
            number: int | None = raw if isinstance(raw, int) and not isinstance(raw, bool) else None
            if isinstance(raw, str) and re.fullmatch(r"\s*[+-]?\d{1,4}\s*", raw):
                number = int(raw)
            lo, hi = self.bounds(f, character, creating=creating)
            if number is None or not lo <= number <= hi:
                why = ""
                if number is not None and number > hi and f.max_field and character is not None:
                    ceiling = words(f.max_field).replace("max hp", "max HP")
                    why = f"It can't be above your {ceiling} ({character.get(f.max_field)})."
                if number is not None and f.kind == "meter" and self.sheet.meters[f.name].max_less_per_impact and character:
                    why = f"With {len(character.get('impacts') or [])} impact(s) marked its maximum is {hi}."
                if number is not None and creating and f.create_max is not None and number <= self.bounds(f, character)[1]:
                    why = f"A new character starts at {f.create_max} or less; raise it later."
                raise self._refuse(f, raw, character, creating, why)
            return number
        if f.kind == "bool":
            if isinstance(raw, bool):
                return raw
            low = str(raw).strip().lower()
            if low in {"yes", "true", "on", "1"}:
                return True
            if low in {"no", "false", "off", "0"}:
                return False
            raise self._refuse(f, raw, character, creating)
        if f.kind == "one_of":
            text = "" if raw is None else str(raw).strip()
            if not text and f.allow_empty:
                return self._typed_empty(f)
            match = next((v for v in f.values if v.lower() == text.lower()), None)
            if match is None:
                raise self._refuse(f, raw, character, creating)
            default = self.get(self.sheet.default_character(), f)
            return int(match) if (default is None or _is_int(default)) and match.isdigit() else match
        if f.kind == "text":
            if not isinstance(raw, str) or len(raw.strip()) > MAX_TEXT or any(ord(c) < 32 for c in raw):
                raise self._refuse(f, raw, character, creating)
            return raw.strip()
        if f.kind == "impacts":
            items = raw if isinstance(raw, list) else [raw]
            return [self._impact(f, item, character, creating) for item in items]
        # list
        items = raw if isinstance(raw, list) else [raw]
        return [self._entry(f, item, character, creating) for item in items]

    def _typed_empty(self, f: EditField) -> Any:
        default = self.get(self.sheet.default_character(), f)
        return None if default is None else ""

    def _impact(self, f: EditField, item: object, character: Mapping[str, Any] | None, creating: bool) -> str:
        key = str(item).strip().lower().replace(" ", "_").replace("-", "_")
        if key not in self.sheet.impacts:
            raise self._refuse(f, item, character, creating)
        return key

    def _entry(self, f: EditField, item: object, character: Mapping[str, Any] | None, creating: bool) -> Any:
        if isinstance(item, dict):
            text = item.get("text", item.get("name"))
            if isinstance(text, str) and text.strip() and len(text) <= MAX_TEXT:
                return copy.deepcopy(item)
        elif isinstance(item, str) and item.strip() and len(item) <= MAX_TEXT and not any(ord(c) < 32 for c in item):
            return item.strip()
        raise self._refuse(f, item, character, creating)
