"""The rule systems the engine knows, by id."""

from __future__ import annotations

import importlib
from functools import cache

from assistant.engine.errors import AssistantError, UnknownNameError
from assistant.engine.ruleset import Ruleset

#: system id -> "module:Class" of its ruleset plug-in.
SYSTEMS: dict[str, str] = {
    "starforged": "assistant.engine.rulesets.starforged.ruleset:StarforgedRuleset",
    "city": "assistant.engine.rulesets.city.ruleset:CityRuleset",
    "elegy": "assistant.engine.rulesets.elegy.ruleset:ElegyRuleset",
    "dungeon-world": "assistant.engine.rulesets.dungeon_world.ruleset:DungeonWorldRuleset",
    "blades": "assistant.engine.rulesets.blades.ruleset:BladesRuleset",
}


def register_system(system_id: str, target: str) -> None:
    """Add (or replace) a system: ``target`` is ``"package.module:ClassName"``."""
    SYSTEMS[system_id] = target
    get_ruleset.cache_clear()


def available_systems() -> list[str]:
    return sorted(SYSTEMS)


#: Other spellings of the systems' ids.
ALIASES: dict[str, str] = {
    "ironsworn": "starforged",
    "sf": "starforged",
    "dw": "dungeon-world",
    "dungeon world": "dungeon-world",
    "dungeon_world": "dungeon-world",
    "bitd": "blades",
    "blades in the dark": "blades",
    "magistrate": "city",
}


def canonical_system_id(system_id: str) -> str:
    """``system_id`` as the registry keys it ("BitD" -> "blades"); an unknown id comes back lower-cased."""
    key = str(system_id).strip().lower()
    return ALIASES.get(key, key)


def results_by_die(system_id: str, move_id: str) -> bool:
    """Whether the move's results are read by the die that counts, not as success levels, as its data says
    (``results_by_die``: Reduce Heat's 1-3 clears one heat, it does not fail); False for a table, a door or a move
    the system does not have. The one source the dice card, the journal, the undo line and the story all read."""
    from assistant.engine.errors import AssistantError

    try:
        return get_ruleset(system_id).move_by_id(move_id).results_by_die
    except AssistantError:
        return False


@cache
def get_ruleset(system_id: str) -> Ruleset:
    key = canonical_system_id(system_id)
    if key not in SYSTEMS:
        raise UnknownNameError(f"Unknown system {system_id!r}; available: {', '.join(available_systems())}.")
    module_name, _, class_name = SYSTEMS[key].partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    ruleset: Ruleset = cls()
    ruleset.validate()  # a fault in the data is found when the system loads, never blamed on a request
    return ruleset


def game_title(system_id: str) -> str:
    """The game as a player knows it ("Dungeon World (PvP combat variant)", not ``dungeon-world``); a system the engine
    does not know (a text known only to the rules index) is named as stored."""
    try:
        return get_ruleset(system_id).title or system_id
    except AssistantError:
        return system_id
