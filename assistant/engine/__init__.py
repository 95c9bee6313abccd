"""The deterministic mechanics engine: pure, seedable, and testable with forced dice.

It imports nothing from the LLM, index, store or UI layers. Entry points::

    from assistant.engine import resolve, Request, Result, get_ruleset, odds_for
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})

The names below are imported when first used, so that importing only the errors (``assistant.errors``, which
every command does) does not build the engine's models.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from assistant.engine.errors import AssistantError, ConfigError, DiceError, InputError, RulesError, UnknownNameError

if TYPE_CHECKING:
    from assistant.engine.model import Choice, Effect, FollowUp, Request, Result
    from assistant.engine.registry import available_systems, game_title, get_ruleset
    from assistant.engine.resolve import resolve

#: Each public name that is not an error -> the module that defines it.
_LAZY = {
    "Choice": "assistant.engine.model",
    "Effect": "assistant.engine.model",
    "FollowUp": "assistant.engine.model",
    "Request": "assistant.engine.model",
    "Result": "assistant.engine.model",
    "available_systems": "assistant.engine.registry",
    "game_title": "assistant.engine.registry",
    "get_ruleset": "assistant.engine.registry",
    "resolve": "assistant.engine.resolve",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AssistantError",
    "ConfigError",
    "DiceError",
    "InputError",
    "RulesError",
    "UnknownNameError",
    "Choice",
    "Effect",
    "FollowUp",
    "Request",
    "Result",
    "available_systems",
    "game_title",
    "get_ruleset",
    "resolve",
]
