"""Re-export of the project's error hierarchy (defined in the engine, which depends on nothing)."""

from assistant.engine.errors import (
    AssistantError,
    ConfigError,
    DiceError,
    InputError,
    RulesError,
    UnknownNameError,
)

__all__ = ["AssistantError", "ConfigError", "DiceError", "InputError", "RulesError", "UnknownNameError"]
