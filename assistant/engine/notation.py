"""Free dice notation (``2d6+1``, ``3d6kh2``, ``1d10-1``, ``4d6ro1``) through the ``d20`` library.

``d20`` parses and evaluates the expression; it draws its faces from the module-level ``random``
functions, so we route those draws to the :class:`DiceSource` of the current call through a context
variable. Outside :func:`roll_notation` the proxy behaves like a private ``random.Random``, so other
users of ``d20`` in the same process are unaffected.
"""

from __future__ import annotations

import contextvars
import random
from dataclasses import dataclass
from typing import Any

import d20
import d20.expression

from assistant.engine.dice import DiceSource, Die
from assistant.engine.errors import DiceError

#: Limits for notation rolls coming from users or an LLM (d20's RollContext counts dice).
MAX_NOTATION_ROLLS = 200
MAX_NOTATION_LENGTH = 200

_current: contextvars.ContextVar[DiceSource | None] = contextvars.ContextVar("dice_source", default=None)


class _RandomProxy:
    """Stands in for the ``random`` module inside ``d20.expression``."""

    def __init__(self) -> None:
        self._fallback = random.Random()

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        source = _current.get()
        if source is None:
            return self._fallback.randrange(start, stop, step) if stop is not None else self._fallback.randrange(start)
        if stop is None:  # randrange(size) -> 0..size-1
            sides = start
            value, forced = source.face(sides)
            source.rolled.append(Die(sides=sides, value=value, role="notation", forced=forced))
            return value - 1
        # randrange(0, 100, 10): the percentile die of d20's "d%"
        if (start, stop, step) == (0, 100, 10):
            value, forced = source.face(10)
            source.rolled.append(Die(sides=10, value=value, role="notation", forced=forced))
            return (value % 10) * 10
        raise DiceError("Unsupported dice expression.")  # pragma: no cover - d20 uses only the two forms

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fallback, name)


d20.expression.random = _RandomProxy()


class _Context(d20.RollContext):
    def __init__(self) -> None:
        super().__init__(max_rolls=MAX_NOTATION_ROLLS)


@dataclass(frozen=True)
class NotationRoll:
    """The result of a free notation roll."""

    expression: str
    total: int
    detail: str
    """d20's rendering, e.g. ``3d6kh2 (5, **6**, ~~1~~) = `11```."""
    dice: list[Die]

    def to_dict(self) -> dict[str, object]:
        return {
            "expression": self.expression,
            "total": self.total,
            "detail": self.detail,
            "dice": [d.value for d in self.dice],
            "dice_detail": [d.to_dict() for d in self.dice],
        }


def _mark_kept(expr: d20.Expression, dice: list[Die]) -> list[Die]:
    """Use d20's tree to mark which recorded dice were dropped or rerolled.

    The record is chronological (the order faces were drawn, which is what forced dice follow);
    the tree groups rerolls under their die. Marks are matched to records by face value, which is
    exact up to swapping equal faces.
    """
    marks: list[tuple[int, bool, bool]] = []  # (face, kept, rerolled)

    def visit(node: Any) -> None:
        if isinstance(node, d20.expression.Die):
            for i, lit in enumerate(node.values):
                last = i == len(node.values) - 1
                face = int(lit.number) // 10 if node.size == "%" else int(lit.number)
                marks.append((face if node.size != "%" else (face or 10), bool(node.kept) and last, not last))
            return
        kids = node.values if isinstance(node, d20.expression.Set) else getattr(node, "children", [])
        for child in kids:
            visit(child)

    visit(expr)
    out = list(dice)
    used = [False] * len(dice)
    for face, kept, rerolled in marks:
        for i, die in enumerate(dice):
            if not used[i] and die.value == face:
                used[i] = True
                out[i] = die.but(kept=kept, rerolled=rerolled)
                break
    return out


def roll_notation(expression: str, source: DiceSource | None = None, rng: random.Random | None = None) -> NotationRoll:
    """Roll a dice expression, drawing faces from ``source`` (or a fresh source on ``rng``)."""
    if not isinstance(expression, str) or not expression.strip():
        raise DiceError("Give a dice expression such as '2d6+1', '3d6kh2' or '1d10-1'.")
    if len(expression) > MAX_NOTATION_LENGTH:
        raise DiceError(f"Dice expression too long (limit {MAX_NOTATION_LENGTH} characters).")
    src = source if source is not None else DiceSource(rng=rng)
    start = len(src.rolled)
    token = _current.set(src)
    try:
        result = d20.Roller(context=_Context()).roll(expression.strip(), allow_comments=False)
    except d20.TooManyRolls:
        raise DiceError(f"'{expression}' rolls too many dice (limit {MAX_NOTATION_ROLLS}).") from None
    except d20.RollSyntaxError:
        raise DiceError(f"Can't read dice notation '{expression}'. Try forms like 2d6+1 or 3d6kh2.") from None
    except d20.RollError as exc:
        raise DiceError(f"Can't roll '{expression}': {exc}.") from None
    except ZeroDivisionError:
        raise DiceError(f"'{expression}' divides by zero.") from None
    finally:
        _current.reset(token)
    dice = src.rolled[start:]
    marked = _mark_kept(result.expr, dice)
    src.rolled[start:] = marked
    return NotationRoll(expression=expression.strip(), total=int(result.total), detail=str(result), dice=marked)


def parse_notation(expression: str) -> None:
    """Validate notation without rolling (raises :class:`DiceError`)."""
    try:
        d20.parse(expression)
    except d20.RollSyntaxError:
        raise DiceError(f"Can't read dice notation '{expression}'. Try forms like 2d6+1 or 3d6kh2.") from None
