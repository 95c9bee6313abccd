"""Checks on a Dungeon World character beyond what ``sheet.yaml`` types (HP ceiling, class, lists)."""

from __future__ import annotations

from typing import Any

from assistant.engine.errors import InputError, RulesError
from assistant.engine.rulesets.dungeon_world.damage import check_grit

#: Debility -> the stat it lowers by 1 ("There's a Debility for each stat ... Debilities do not stack").
DEBILITIES: dict[str, str] = {
    "weak": "str",
    "shakey": "dex",
    "sick": "con",
    "stunned": "int",
    "confused": "wis",
    "disfigured": "cha",
}

MAX_POISONS = 2


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(character: dict[str, Any], field: str) -> list[str]:
    value = character[field]
    if not all(isinstance(v, str) and v.strip() for v in value):
        raise InputError(f'character.{field} must be a list of names, like ["Bless"]; got {value!r}.')
    return list(value)


def check_character(character: dict[str, Any]) -> None:
    """Raise :class:`InputError` (or :class:`RulesError`) for a sheet the rules can't hold."""
    max_hp = character["max_hp"]
    if not _is_int(max_hp) or not 1 <= max_hp <= 99:
        raise InputError(f"character.max_hp must be a whole number 1-99; got {max_hp!r}.")
    if character["hp"] > max_hp:
        raise InputError(f"character.hp ({character['hp']}) is above max_hp ({max_hp}); lower hp or raise max_hp.")
    if not isinstance(character["class"], str) or not character["class"].strip():
        raise InputError(f'character.class must be a class name such as "fighter"; got {character["class"]!r}.')
    if not 1 <= character["level"] <= 10:
        raise InputError(f"character.level must be 1-10; got {character['level']!r}.")
    if character["grit"] is not None:
        check_grit(character["grit"], "character.grit")
    for field in ("ongoing_spells", "lost_spells"):
        _names(character, field)
    poisons = _names(character, "poisons")
    if len(poisons) > MAX_POISONS:
        raise RulesError(f"You can have up to two poisons per encounter; the sheet lists {len(poisons)}.")
    if poisons and character["class"].strip().lower() != "thief":
        raise RulesError("Poisons are optional combat inventory for Thieves only; remove character.poisons.")


def check_debility(name: object, where: str) -> str:
    key = str(name).strip().lower() if isinstance(name, str) else ""
    if key not in DEBILITIES:
        raise InputError(
            f"{where} is one of {', '.join(DEBILITIES)}; not {name!r}.", missing="debility", choices=list(DEBILITIES)
        )
    return key


def debility_for(stat: str) -> str:
    return next(name for name, s in DEBILITIES.items() if s == stat)
