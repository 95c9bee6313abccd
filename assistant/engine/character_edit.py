"""Creating and editing a character within the text's bounds: the fields a player may set (each system's
``sheet.yaml`` ``editing:`` section), their values read from plain words, and one check of a whole sheet.

Pure: the store turns an accepted edit into a ``character_updated`` event. Every refusal is an
:class:`InputError` in the player's words: which field, the valid range or values, and what to do; nothing
is changed by a refused edit (the caller's sheet is never modified)."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError
from assistant.engine.registry import get_ruleset
from assistant.engine.schema import EditField, EditingSpec
from assistant.engine.sheet import FREE_KEYS, Sheet

MAX_TEXT = 200
"""The longest text a field or a list entry holds."""

Op = Literal["set", "add", "remove"]


@dataclass(frozen=True)
class Edit:
    """One change: set a field, or add to / remove from a list field (a belief, an asset, an impact)."""

    field: str
    """The field in the player's words (``edge``, ``belief``, ``vice``) or its sheet name."""
    value: Any
    op: Op = "set"


def words(name: str) -> str:
    """``wanted_level`` -> ``wanted level`` (never show a snake_case id)."""
    return name.replace("_", " ")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class CharacterRules:
    """One system's editable fields and the check of a whole sheet against them."""

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
        key = normalize_name(re.sub(r"^\s*(stat|meter)\s+", "", str(word), flags=re.IGNORECASE))
        found = self._index.get(key) or (self._index.get(key[:-1]) if key.endswith("s") else None)
        if found is None:
            raise InputError(
                f"{self.title} characters have no field called {word!r}. You can set: name, {self.names()}.",
                missing="field",
                choices=[f.label for f in self.fields],
            )
        return found

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
            return f"impacts from: {', '.join(words(i) for i in self.sheet.impacts)}"
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
        rule = f" {f.rule}" if f.rule else ""
        reason = f" {why}" if why else ""
        return InputError(
            f"{f.label} is {self.describe(f, character, creating=creating)}; you gave {shown}.{reason}{rule} "
            f"Pick a value from that range (e.g. {f.label.lower()} {self._example(f, character, creating)}).",
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

    @staticmethod
    def _entry_text(item: Any) -> str:
        if isinstance(item, dict):
            return str(item.get("text", item.get("name", "")))
        return str(item)

    # ---- edits ------------------------------------------------------------------------------------------
    def apply(
        self, character: Mapping[str, Any], edits: Iterable[Edit], *, creating: bool = False
    ) -> tuple[dict[str, Any], list[str]]:
        """The character after ``edits`` (checked as a whole afterwards) and what changed, in words. Raises
        :class:`InputError` on the first bad edit; ``character`` itself is never modified."""
        sheet = self.sheet.normalize(copy.deepcopy(dict(character)))
        changes: list[str] = []
        # a ceiling first (max HP), then what it caps (HP): "/set hp 30 max hp 30" works in either order
        ordered = sorted(edits, key=lambda e: normalize_name(e.field) != "name" and self._capped(e.field))
        for edit in ordered:
            if normalize_name(edit.field) == "name":
                name = edit.value.strip() if isinstance(edit.value, str) else ""
                if not name or len(name) > 80 or any(ord(c) < 32 for c in name):
                    raise InputError("A character's name is 1-80 printable characters, e.g. Kira.")
                changes.append(f"name {sheet.get('name', '')!r} → {name!r}")
                sheet["name"] = name
                continue
            f = self.find(edit.field)
            before = self.get(sheet, f)
            after = self._changed(f, sheet, before, edit, creating)
            self._put(sheet, f, after)
            changes.append(self._said(f, before, after, edit))
        checked = self.check(sheet, creating=creating)
        return checked, changes

    def _capped(self, word: str) -> bool:
        try:
            return self.find(word).max_field is not None
        except InputError:
            return False

    def _changed(self, f: EditField, sheet: Mapping[str, Any], before: Any, edit: Edit, creating: bool) -> Any:
        if edit.op == "set" or f.kind not in ("list", "impacts"):
            if edit.op != "set":
                raise InputError(
                    f"{f.label} is a single value: set it (e.g. {f.label.lower()} {self._example(f, sheet, creating)})."
                )
            return self.value(f, edit.value, sheet, creating=creating)
        current = list(before or [])
        if edit.op == "add":
            added = self.value(f, edit.value, sheet, creating=creating)
            new = current + [a for a in added if f.kind != "impacts" or a not in current]
            if f.max_items is not None and len(new) > f.max_items:
                raise InputError(f"{f.label} holds at most {f.max_items} entries; remove one first.")
            return new
        return current[:i] + current[i + 1 :] if (i := self._index_of(f, current, edit.value)) >= 0 else current

    def _index_of(self, f: EditField, current: Sequence[Any], ref: object) -> int:
        text = str(ref).strip()
        if re.fullmatch(r"\d{1,3}", text) and 1 <= int(text) <= len(current):
            return int(text) - 1
        key = text.lower().replace("_", " ")
        for i, item in enumerate(current):
            if words(self._entry_text(item)).strip().lower() == key:
                return i
        listed = "; ".join(f"{i + 1}. {words(self._entry_text(x))}" for i, x in enumerate(current)) or "none yet"
        raise InputError(f"No {f.label.lower()} {text!r} on the sheet; name one by its number or words ({listed}).")

    def _said(self, f: EditField, before: Any, after: Any, edit: Edit) -> str:
        if edit.op == "add":
            return (
                f"{f.label}: added {', '.join(words(self._entry_text(a)) for a in after[len(before or []) :]) or 'nothing new'}"
            )
        if edit.op == "remove":
            gone = [x for x in (before or []) if x not in after]
            return f"{f.label}: removed {', '.join(words(self._entry_text(g)) for g in gone)}"

        def show(v: Any) -> str:
            if isinstance(v, list):
                return ", ".join(words(self._entry_text(x)) for x in v) or "none"
            if isinstance(v, bool):
                return "yes" if v else "no"
            return "empty" if v in (None, "") else str(v)

        return f"{f.label} {show(before)} → {show(after)}"

    # ---- the whole sheet -------------------------------------------------------------------------------
    def check(self, character: Mapping[str, Any], *, creating: bool = False) -> dict[str, Any]:
        """The normalised sheet when every editable field is within the text's bounds (and a new character
        follows the starting rules); else an :class:`InputError` naming the first field that is not."""
        self._check_given(character, creating)
        try:
            sheet = self.sheet.normalize(copy.deepcopy(dict(character)))
        except InputError as exc:
            raise InputError(_plain(exc.message, self)) from None
        for f in self.fields:
            if f.kind == "impacts":
                continue  # normalize checked the names
            value = self.get(sheet, f)
            if f.kind == "one_of" and value in (None, "") and f.allow_empty:
                continue
            if f.kind == "list":
                value = [] if value is None else value
                if not isinstance(value, list):
                    raise self._refuse(f, value, sheet, creating)
                if f.max_items is not None and len(value) > f.max_items:
                    raise InputError(f"{f.label} holds at most {f.max_items} entries; the sheet lists {len(value)}.")
                for item in value:
                    self._entry(f, item, sheet, creating)
                continue
            self.value(f, value, sheet, creating=creating)
        if creating:
            self._check_creation(sheet)
        return sheet

    def _check_given(self, character: Mapping[str, Any], creating: bool) -> None:
        """The fields a sheet names, checked before defaults fill the rest (so a refusal names the field)."""
        known = {"stats", "impacts", *self.sheet.meters, *self.sheet.spec.fields, *FREE_KEYS}
        unknown = [k for k in character if k not in known]
        if unknown:
            raise InputError(
                f"{self.title} characters have no field {words(str(unknown[0]))!r}. The fields are: name, {self.names()}."
            )
        stats = character.get("stats")
        if stats is not None and not isinstance(stats, Mapping):
            raise InputError(f'Stats are given by name, e.g. {{"{next(iter(self.sheet.stats))}": 2}}.')
        for name in stats or {}:
            if name not in self.sheet.stats:
                raise InputError(f"{self.title} has no stat {name!r}; its stats are {', '.join(self.sheet.stats)}.")
        for f in self.fields:
            value = self.get(character, f)
            if value is None or f.kind in ("list", "impacts"):
                continue
            self.value(f, value, character, creating=creating)

    def _check_creation(self, sheet: Mapping[str, Any]) -> None:
        rule = self.spec.creation
        stats = sheet.get("stats") or {}
        if rule.stat_spread is not None:
            got = sorted(stats.values(), reverse=True)
            want = sorted(rule.stat_spread, reverse=True)
            if Counter(got) != Counter(want):
                shown = ", ".join(f"{k} {v}" for k, v in stats.items())
                raise InputError(
                    f"{rule.rule} This character has {shown}. Give each of {', '.join(map(str, want))} to one stat.",
                    missing="stats",
                )
        if rule.stat_total is not None and sum(stats.values()) > rule.stat_total:
            raise InputError(
                f"{rule.rule} This character has {sum(stats.values())} dots; take {sum(stats.values()) - rule.stat_total} away.",
                missing="stats",
            )


def _plain(message: str, rules: CharacterRules) -> str:
    """The sheet loader's words for the player: no ``character.`` prefixes or snake_case names."""
    text = message.replace("character.", "")
    for name in list(rules.sheet.meters) + list(rules.sheet.spec.fields):
        if "_" in name:
            text = text.replace(name, words(name))
    return text


_RULES: dict[str, CharacterRules] = {}


def character_rules(system: str) -> CharacterRules:
    """The (cached) editing rules of ``system``."""
    key = get_ruleset(system).system_id
    if key not in _RULES:
        _RULES[key] = CharacterRules(key)
    return _RULES[key]


def check_character(system: str, character: Mapping[str, Any] | None, *, creating: bool = False) -> dict[str, Any]:
    """One check per system's sheet: the normalised character, or an :class:`InputError` in the player's words."""
    if character is not None and not isinstance(character, Mapping):
        raise InputError('A character is an object with its name and fields, e.g. {"name": "Kira", "stats": {"edge": 3}}.')
    return character_rules(system).check(dict(character or {}), creating=creating)


def edit_character(
    system: str, character: Mapping[str, Any], edits: Iterable[Edit] | Mapping[str, Any], *, creating: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """``character`` with ``edits`` applied (a mapping is ``field -> value``, each a set), and what changed."""
    items = [Edit(k, v) for k, v in edits.items()] if isinstance(edits, Mapping) else list(edits)
    if not items:
        raise InputError(
            f"Name a field to change; a {character_rules(system).title} character has: {character_rules(system).names()}."
        )
    return character_rules(system).apply(character, items, creating=creating)


def parse_assignments(pairs: Sequence[str]) -> list[Edit]:
    """``["edge=3", "belief+=The Magistrate lies", "impact-=wounded"]`` (the CLI's words) as edits."""
    out: list[Edit] = []
    for pair in pairs:
        m = re.fullmatch(r"\s*([^=+\-]+?)\s*(\+=|-=|=)\s*(.*)", pair, flags=re.DOTALL)
        if m is None:
            raise InputError(f"Write each change as field=value (or field+=entry, field-=entry); not {pair!r}.")
        op: Op = {"=": "set", "+=": "add", "-=": "remove"}[m.group(2)]  # type: ignore[assignment]
        out.append(Edit(m.group(1), m.group(3).strip(), op))
    return out
