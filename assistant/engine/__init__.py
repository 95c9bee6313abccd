"""The deterministic mechanics engine: pure, seedable, and testable with forced dice.

It imports nothing from the LLM, index, store or UI layers. Entry points::

    from assistant.engine import resolve, Request, Result, get_ruleset, odds_for
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]})
"""

from assistant.engine.errors import AssistantError, ConfigError, DiceError, InputError, RulesError, UnknownNameError
from assistant.engine.model import Choice, Effect, FollowUp, Request, Result
from assistant.engine.registry import available_systems, get_ruleset
from assistant.engine.resolve import resolve

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
    "get_ruleset",
    "resolve",
]
