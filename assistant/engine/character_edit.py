"""Creating and editing a character within the text's bounds: edits applied to a sheet, and one check of a whole
sheet per system (each field's bounds, then a new character's starting rules: Starforged's spread, Blades' dots).

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

from assistant.engine.character_fields import SheetFields, entry_text, words
from assistant.engine.data import normalize_name
from assistant.engine.errors import InputError
from assistant.engine.registry import get_ruleset
from assistant.engine.sheet import FREE_KEYS
from assistant.engine.sheet_schema import EditField

__all__ = ["CharacterRules", "Edit", "character_rules", "check_character", "edit_character", "parse_assignments", "words"]

Op = Literal["set", "add", "remove"]


@dataclass(frozen=True)
class Edit:
    """One change: set a field, or add to / remove from a list field (a belief, an asset, an impact)."""

    field: str
    """The field in the player's words (``edge``, ``belief``, ``vice``) or its sheet name."""
    value: Any
    op: Op = "set"


class CharacterRules(SheetFields):
    """One system's editable fields, edits applied to a sheet, and the check of a whole sheet."""

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
        touched: set[str] = set()
        full = {f.name for f in self.fields if f.max_field and self._full(sheet, f)}  # HP at max HP before the edits
        for edit in ordered:
            if normalize_name(edit.field) == "name":
                name = edit.value.strip() if isinstance(edit.value, str) else ""
                if not name or len(name) > 80 or any(ord(c) < 32 for c in name):
                    raise InputError("A character's name is 1-80 printable characters, e.g. Kira.")
                old = sheet.get("name")
                if old == name:  # "/set name Ash" for Ash: nothing to tell
                    continue
                changes.append(f"Name {old} → {name}" if old else f"Name set to {name}")
                sheet["name"] = name
                continue
            f = self.find(edit.field)
            before = self.get(sheet, f)
            after = self._changed(f, sheet, before, edit, creating)
            self._put(sheet, f, after)
            touched.add(f.name)
            changes.append(self._said(f, before, after, edit))
        for f in self.fields:
            if f.name in touched and (f.brings or f.brings_none):
                changes.extend(self._bring(f, sheet, touched, full))
        if creating:
            return self.check(sheet, creating=True), changes
        for f in self.fields:  # a full meter stays full when its maximum is lowered: "max hp 16" on HP 22 of 22 is 16 of 16
            if f.name in full and f.name not in touched and f.max_field in touched:
                hi = self.get(sheet, self.find(f.max_field))
                if isinstance(hi, int) and isinstance(self.get(sheet, f), int) and self.get(sheet, f) > hi:
                    changes.append(self._said(f, self.get(sheet, f), hi, Edit(f.name, hi)))
                    self._put(sheet, f, hi)
        return self._check_edited(sheet, touched), changes

    def brought(self, character: Mapping[str, Any]) -> list[str]:
        """What the values a new character gives bring with them, in words (a bard's HP and armor; a class the text
        gives no numbers for), without changing ``character``."""
        try:
            sheet = self.sheet.normalize(copy.deepcopy(dict(character)))
        except InputError:
            return []
        return self._bring_given(character, sheet)

    def _bring_given(self, character: Mapping[str, Any], sheet: dict[str, Any]) -> list[str]:
        given = {g.name for g in self.fields if self.get(character, g) is not None}
        full = {g.name for g in self.fields if g.max_field and g.name not in given}
        said: list[str] = []
        for f in self.fields:
            if f.name in given and (f.brings or f.brings_none):
                said.extend(self._bring(f, sheet, given, full))
        return said

    def _bring(self, f: EditField, sheet: dict[str, Any], touched: set[str], full: set[str]) -> list[str]:
        """The fields ``f``'s new value brings (a class's HP and armor), set on ``sheet`` unless the edit set them;
        a meter that was full, or that the new maximum caps, follows its maximum."""
        value = self.get(sheet, f)
        brought = f.brings.get(str(value).strip().lower(), {})
        if not brought:
            return [f.brings_none.format(value=value)] if f.brings_none and value not in (None, "") else []
        said: list[str] = []
        for name, new in brought.items():
            target = self.find(name)
            if target.name in touched:
                continue
            before = self.get(sheet, target)
            self._put(sheet, target, new)
            if before != new:
                said.append(f"{target.label} {before} → {new} (a {value}'s)")
            for capped in self.fields:
                now = self.get(sheet, capped)
                if capped.max_field != target.name or capped.name in touched or not isinstance(now, int):
                    continue
                if capped.name in full or now > new:
                    self._put(sheet, capped, new)
                    if now != new:
                        said.append(f"{capped.label} {now} → {new}")
        return said

    def _check_edited(self, sheet: dict[str, Any], touched: set[str]) -> dict[str, Any]:
        """An edited sheet: each edited field was checked as it was set; what another field bounds (HP by max HP,
        momentum by the impacts) is checked again. Fields nobody edited are left as they are."""
        try:
            out = self.sheet.normalize(sheet)
            get_ruleset(self.sheet.spec.system).check_sheet(out)  # the system's own rules (Blades' harm, factions)
        except InputError as exc:
            raise InputError(_plain(exc.message, self)) from None
        for f in self.fields:
            bounded = f.max_field is not None or (f.kind == "meter" and self.sheet.meters[f.name].max_less_per_impact)
            if not bounded:
                continue
            value = self.get(out, f)
            if f.name in touched:
                self.value(f, value, out)  # set before what bounds it changed: checked against the final sheet
                continue
            lo, hi = self.bounds(f, out)
            if isinstance(value, int) and not lo <= value <= hi:
                raise InputError(
                    f"{f.label} ({value}) would be above its new maximum ({hi}); lower {f.label} first "
                    f"(e.g. {f.label.lower()} {hi}), or in the same edit.",
                    missing=f.name,
                )
        return out

    def _full(self, sheet: Mapping[str, Any], f: EditField) -> bool:
        value, top = self.get(sheet, f), self.get(sheet, self.find(f.max_field or ""))
        return isinstance(value, int) and isinstance(top, int) and value == top

    def _capped(self, word: str) -> bool:
        try:
            return self.find(word).max_field is not None
        except InputError:
            return False

    def _changed(self, f: EditField, sheet: Mapping[str, Any], before: Any, edit: Edit, creating: bool) -> Any:
        if edit.op == "set" or f.kind not in ("list", "impacts"):
            if edit.op != "set":
                given = str(edit.value).strip() if isinstance(edit.value, str) and str(edit.value).strip() else ""
                example = given or self._example(f, sheet, creating)  # "/add neighborhood Saltmarket": that one
                raise InputError(f"{f.label} is one value, not a list: set it instead (set {f.label.lower()} {example}).")
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
            if words(entry_text(item)).strip().lower() == key:
                return i
        listed = "; ".join(f"{i + 1}. {words(entry_text(x))}" for i, x in enumerate(current)) or "none yet"
        raise InputError(f"There is no “{text}” in {f.label} on the sheet; name one by its number or words ({listed}).")

    def _said(self, f: EditField, before: Any, after: Any, edit: Edit) -> str:
        if edit.op == "add":
            return f"{f.label}: added {', '.join(words(entry_text(a)) for a in after[len(before or []) :]) or 'nothing new'}"
        if edit.op == "remove":
            gone = [x for x in (before or []) if x not in after]
            return f"{f.label}: removed {', '.join(words(entry_text(g)) for g in gone)}"

        def show(v: Any) -> str:
            if isinstance(v, list):
                return ", ".join(words(entry_text(x)) for x in v) or "none"
            if isinstance(v, bool):
                return "yes" if v else "no"
            return "empty" if v in (None, "") else str(v)

        if before == after:
            return f"{f.label} is already {show(after)}"
        return f"{f.label} {show(before)} → {show(after)}"

    # ---- the whole sheet -------------------------------------------------------------------------------
    def check(self, character: Mapping[str, Any], *, creating: bool = False) -> dict[str, Any]:
        """The normalised sheet when every editable field is within the text's bounds (and a new character
        follows the starting rules); else an :class:`InputError` naming the first field that is not."""
        self._check_given(character, creating)
        try:
            sheet = self.sheet.normalize(copy.deepcopy(dict(character)))
            get_ruleset(self.sheet.spec.system).check_sheet(sheet)  # the system's own rules (Blades' harm, factions)
        except InputError as exc:
            raise InputError(_plain(exc.message, self)) from None
        if creating:  # a class given on a new sheet brings its HP and armor, unless the sheet gives them
            self._bring_given(character, sheet)
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
