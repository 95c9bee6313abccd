"""A Dungeon World class as the text has it: what changing class brings besides HP and armor (its spells and mana,
or that the text is silent), and a note when a move the text gives another class is offered ("Magic Missile is a
Wizard spell, and you are a Fighter"). Data: ``class_moves`` and ``class_change`` in ``words/<system>.yaml``."""

from __future__ import annotations

from functools import cache
from typing import Any

from assistant.chat.chat_words import and_list

__all__ = ["class_change_note", "of_another_class", "other_class_notes"]


@cache
def _words(system: str) -> dict[str, Any]:
    from assistant.chat.reading import WORDS_DIR
    from assistant.engine import get_ruleset, yaml_load

    path = WORDS_DIR / f"{get_ruleset(system).system_id}.yaml"
    return dict((yaml_load.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None) or {})


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


def class_change_note(system: str, sheet: dict[str, Any]) -> str:
    """What the class ``sheet`` now has brings besides HP and armor, in the text's words, or that the text gives it
    nothing more; "" for a game without classes."""
    said = _words(system).get("class_change") or {}
    cls = str(sheet.get("class") or "").strip().lower()
    if not said or not cls:
        return ""
    line = str(said.get(cls) or said.get("other") or "")
    return line.format(mana=sheet.get("mana", 0), Class=_title(cls)) + "." if line else ""


def _other_class(system: str, sheet: dict[str, Any] | None, suggestion: Any) -> dict[str, Any] | None:
    """The class entry of ``suggestion``'s move when the text gives it to another class than ``sheet``'s, else None."""
    moves = _words(system).get("class_moves") or {}
    cls = str((sheet or {}).get("class") or "").strip().lower()
    entry = moves.get(str(getattr(suggestion, "move_id", ""))) if cls else None
    return entry if entry is not None and str(entry.get("class")) != cls else None


def of_another_class(system: str, sheet: dict[str, Any] | None, suggestion: Any) -> bool:
    """Whether the text gives ``suggestion``'s move to another class than ``sheet``'s (Arcane Art for a Fighter)."""
    return _other_class(system, sheet, suggestion) is not None


def other_class_notes(system: str, sheet: dict[str, Any] | None, suggestions: list[Any]) -> list[str]:
    """A note on the moves of ``suggestions`` the character would make that the text gives another class ("Magic
    Missile is a Wizard spell, and you are a Fighter: ..."); [] when every one is their class's, anyone's, or made by
    another character ("Mara flings a fireball at me": her spell)."""
    cls = str((sheet or {}).get("class") or "").strip().lower()
    mine = ("", (sheet or {}).get("id"))
    own = [s for s in suggestions if ((getattr(s, "request", None) or {}).get("character_id") or "") in mine]
    others = [(s, m) for s in own if (m := _other_class(system, sheet, s)) is not None]
    if not others:
        return []
    said = and_list([f"{getattr(s, 'move', '')} is {m.get('as')}" for s, m in others])
    return [
        f"{said[:1].upper()}{said[1:]}, and you are a {_title(cls)}: a class's starting moves and spells are its own "
        "(“You can only cast spells explicitly provided to you by your class spell list or by additional appropriate "
        "moves”), unless a multiclass move gave you this one."
    ]
