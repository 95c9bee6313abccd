"""Copies of a normalised character sheet, made by a function written for the sheet's shape.

Every resolution copies the character it is given twice (the working copy and the untouched ``before``). A
sheet's shape (its keys, in order, and which values are objects or lists) is the same from call to call, so
:func:`copier` writes, once per shape, a function that builds the copy in one expression: nested objects as
new dicts, lists of plain values with ``list.copy``, anything else through
:func:`~assistant.engine.safe_json.copy_value`. The copy equals ``copy_value(sheet)`` exactly (same types,
same order, nothing shared but strings, numbers, booleans and None).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.engine.safe_json import ATOMS, copy_value

Copier = Callable[[dict[str, Any]], dict[str, Any]]

#: Nesting below this depth is copied by ``copy_value`` (the function stays small).
MAX_DEPTH = 6
#: How many shapes keep their function.
MAX_SHAPES = 256

_BY_SHAPE: dict[object, Copier] = {}


def _shape(value: Any, depth: int) -> object:
    """What the copier of ``value`` depends on: ``a`` (shared), ``l`` (a list of plain values), ``x``
    (``copy_value``), or a dict's keys with the shapes of their values."""
    kind = type(value)
    if kind in ATOMS:
        return "a"
    if kind is list:
        return "l" if all(type(v) in ATOMS for v in value) else "x"
    if kind is dict and depth < MAX_DEPTH and all(type(k) is str for k in value):
        return tuple((k, _shape(v, depth + 1)) for k, v in value.items())
    return "x"


def _expr(shape: object, src: str) -> str:
    if shape == "a":
        return src
    if shape == "l":
        return f"{src}.copy()"
    if shape == "x":
        return f"copy_value({src})"
    assert isinstance(shape, tuple)
    if all(s == "a" for _, s in shape):
        return f"{src}.copy()"
    return "{" + ", ".join(f"{k!r}: {_expr(s, f'{src}[{k!r}]')}" for k, s in shape) + "}"


def copier(sheet: dict[str, Any]) -> Copier:
    """A function that copies any sheet of ``sheet``'s shape (written once per shape)."""
    shape = _shape(sheet, 0)
    known = _BY_SHAPE.get(shape)
    if known is not None:
        return known
    if not isinstance(shape, tuple):
        return copy_value
    namespace: dict[str, Any] = {"copy_value": copy_value}
    exec(f"def copy_sheet(s):\n    return {_expr(shape, 's')}\n", namespace)  # noqa: S102 - code written here, from keys' reprs
    made: Copier = namespace["copy_sheet"]
    if len(_BY_SHAPE) >= MAX_SHAPES:
        _BY_SHAPE.clear()
    _BY_SHAPE[shape] = made
    return made
