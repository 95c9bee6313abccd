"""A character's sheet as the chat shows it: their name as the player calls them, and each editable field in words."""

from __future__ import annotations

from typing import Any

from assistant.engine.character_edit import character_rules, words
from assistant.store.state import CampaignState


def shown_name(state: CampaignState, cid: str) -> str:
    """A character as the player calls them: their name; "Your character" or "Character 2" when unnamed (never the
    store's id)."""
    name = state.characters[cid].get("name")
    if name:
        return str(name)
    if cid == state.active_character:
        return "Your character"
    return f"Character {cid.removeprefix('pc')}"


#: Fields whose values the rules text writes as names ("Felix is a Fighter"): shown so, not as the sheet's ids.
_NAMED_VALUES = frozenset({("dungeon-world", "class")})


def value_text(system: str, field: str, value: Any) -> str:
    """A field's value as the player reads it: a Dungeon World class as the text names it ("Fighter", not "fighter")."""
    shown = str(value)
    return shown[:1].upper() + shown[1:] if (system, field) in _NAMED_VALUES else shown


def _entry_text(entry: Any) -> str:
    """One entry of a list field: a belief with its marks ("The Magistrate lies (marked)"), a name, a plain text."""
    if not isinstance(entry, dict):
        return words(str(entry))
    text = words(str(entry.get("text", entry.get("name", ""))))
    marks = [m.replace("_", " ") for m in ("marked", "proven_wrong", "met") if entry.get(m) is True]
    return f"{text} ({', '.join(marks)})" if marks else text


def sheet_text(state: CampaignState, cid: str) -> str:
    """A character's editable fields and what each takes, in words."""
    sheet = state.characters[cid]
    rules = character_rules(state.system)
    playing = " (playing)" if cid == state.active_character else ""
    lines = [f"{shown_name(state, cid)}{playing}"]
    for f in rules.fields:
        value = rules.get(sheet, f)
        if isinstance(value, list):
            shown = "; ".join(_entry_text(v) for v in value) or "none"
        elif isinstance(value, bool):
            shown = "yes" if value else "no"
        else:
            shown = _unset(state.system, f.name, sheet) if value in (None, "") else value_text(state.system, f.name, value)
        lines.append(f"- {f.label}: {shown}")
    others = [shown_name(state, i) for i in state.characters if i != cid]
    if others:
        lines.append("Also in this campaign: " + ", ".join(others) + ".")
    if cid == state.active_character:
        lines.append("Change a field with /set <field> <value>; lists with /add and /remove.")
    else:  # "/set <field>" changes the one playing: another's sheet is changed by their name
        who = shown_name(state, cid)
        lines.append(f"Change a field with /set {who}: <field> <value>; lists with /add {who}: and /remove {who}:.")
    return "\n".join(lines)


def field_line(state: CampaignState, cid: str) -> str:
    """The character's fields besides stats, meters, impacts and lists, on one line for /sheet, as their own sheet
    shows them ("Class: wizard · Level: 1 · Grit: the wizard's, d4"); "" when it has none with a value."""
    sheet = state.characters[cid]
    rules = character_rules(state.system)
    parts = []
    for f in rules.fields:
        if f.kind in ("stat", "meter", "impacts", "list", "bool"):
            continue
        value = rules.get(sheet, f)
        shown = _unset(state.system, f.name, sheet) if value in (None, "") else value_text(state.system, f.name, value)
        parts.append(f"{f.label}: {shown}")
    return " · ".join(parts)


def list_lines(state: CampaignState, cid: str) -> list[str]:
    """The character's list fields that hold something, a line each ("Lost spells: Sleep; Fireball"), for /sheet."""
    sheet = state.characters[cid]
    rules = character_rules(state.system)
    lines = []
    for f in rules.fields:
        value = rules.get(sheet, f) if f.kind == "list" else None
        if isinstance(value, list) and value:
            lines.append(f"{f.label}: " + "; ".join(_entry_text(v) for v in value))
    return lines


def _unset(system: str, field: str, sheet: dict[str, Any]) -> str:
    """A field left empty, as the player reads it: Dungeon World's Grit is the class's damage die then."""
    if system == "dungeon-world" and field == "grit":
        from assistant.engine.rulesets.dungeon_world.damage import grit_of

        grit = grit_of(sheet)
        whose = value_text(system, "class", sheet.get("class") or "class")
        return f"the {whose}'s, d{grit}" if grit else "not set (the text gives none for this class)"
    return "-"
