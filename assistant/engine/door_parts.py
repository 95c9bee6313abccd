"""What every door shares: its shape (:class:`Door`), the bounds of its numbers, and reading its reason and whole
numbers; see ``doors`` for the doors themselves."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from assistant.engine.context import Resolution
from assistant.engine.errors import InputError
from assistant.engine.ruleset import Ruleset
from assistant.engine.tracks import MAX_TICKS

MAX_DELTA = 99
MAX_MARKS = MAX_TICKS
"""The most marks one change takes: an epic track fills one tick a mark, 40 to its ten boxes ("epic=1 tick")."""
REASON = "why, in the story (optional)"
CHOOSE = "ids of the options you pick from the choices the change opened"


def label(name: str) -> str:
    return name.replace("_", " ")


@dataclass(frozen=True)
class Door:
    """One kind of door: how it reads its target, its move (name, options), and what it does."""

    target: Callable[[Ruleset, str], str]
    title: Callable[[Ruleset, str], str]
    options: dict[str, str]
    apply: Callable[[Resolution, str], None]
    text: str


def reason_of(ctx: Resolution, default: str) -> str:
    raw = ctx.options.get("reason")
    if raw is None:
        return default
    if not isinstance(raw, str) or len(raw) > 300:
        raise InputError("The reason is a short text (at most 300 characters).", missing="reason")
    return raw.strip() or default


def whole_number(ctx: Resolution, name: str, lo: int, hi: int, what: str) -> int:
    value = ctx.options[name]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InputError(f"{what} is a whole number from {lo} to {hi}; {value!r} won't do.", missing=name)
    return value


def unchanged(ctx: Resolution) -> bool:
    return ctx.character == ctx.before and not ctx.choices and not ctx.follow_ups
