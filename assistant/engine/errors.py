"""The one error hierarchy of the project.

Everything the engine raises on purpose is an :class:`AssistantError`. Messages say what went wrong
*and what to do next*. Other layers (index, store, LLM, UI) subclass these or reuse them; they are
re-exported from :mod:`assistant.errors`.
"""

from __future__ import annotations


class AssistantError(Exception):
    """Base class of every error the project raises on purpose."""

    #: Short machine-readable name used in the JSON contract (``{"error": {"type": ...}}``).
    kind = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"type": self.kind, "message": self.message}


class InputError(AssistantError):
    """The request itself is malformed: bad JSON, unknown field, value out of range, bad notation."""

    kind = "invalid_input"


class UnknownNameError(InputError):
    """A system, move, stat or table name that does not exist."""

    kind = "unknown_name"


class DiceError(InputError):
    """Bad dice notation, or forced dice that do not fit the roll (wrong count, face out of range)."""

    kind = "invalid_dice"


class RulesError(AssistantError):
    """The request is well-formed but the rules do not allow it (e.g. Strike while in a bad spot)."""

    kind = "not_allowed"


class ConfigError(AssistantError):
    """A configuration problem: missing data file, bad setting, unreachable service."""

    kind = "configuration"
