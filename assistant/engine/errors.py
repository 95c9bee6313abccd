"""The one error hierarchy of the project.

Everything the engine raises on purpose is an :class:`AssistantError`. Messages are in the player's
words and say what went wrong *and what to do next*. Other layers (index, store, LLM, UI) subclass
these or reuse them; they are re-exported from :mod:`assistant.errors`.

An error about a value the player can supply carries it in machine-readable form, so a chat layer can
ask for it instead of showing the message::

    InputError("Endure Harm needs an amount: how much harm you suffer, 1 to 3.", missing="amount", choices=[1, 2, 3])

* ``missing`` names the request value that is missing (or unusable as given): a top-level field
  (``"stat"``) or an option (``"amount"``, ``"track"``, ``"odds"``).
* ``choices`` lists the values that would do, when they are few (stats, odds, amounts 1-3...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class AssistantError(Exception):
    """Base class of every error the project raises on purpose."""

    #: Short machine-readable name used in the JSON contract (``{"error": {"type": ...}}``).
    kind = "error"

    def __init__(self, message: str, *, missing: str | None = None, choices: Sequence[Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.missing = missing
        """The request value the player must give (or give again): ``"stat"``, ``"amount"``, ``"track"``..."""
        self.choices: list[Any] | None = list(choices) if choices is not None else None
        """The values that would do, when there are few."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "message": self.message}
        if self.missing is not None:
            out["missing"] = self.missing
        if self.choices is not None:
            out["choices"] = self.choices
        return out


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
    """A configuration problem: missing data file, bad setting, unreachable service. Never the player's fault."""

    kind = "configuration"


class InternalError(AssistantError):
    """A bug in the engine: the request was fine but the engine failed on it. Never blamed on the player."""

    kind = "internal"
