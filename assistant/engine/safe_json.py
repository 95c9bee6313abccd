"""JSON and text from outside, read with limits: every door that takes JSON or free text uses this module.

``json.loads`` alone lets three kinds of input through that later crash or hang the program: nesting a few
thousand levels deep (``RecursionError`` in the decoder or in any recursive reader after it), integers of
thousands of digits (Python refuses to convert them, or they are slow to), and lone UTF-16 surrogates in a
string (they cannot be printed or stored as UTF-8). Here each is refused with our own :class:`InputError`.

* :func:`loads` decodes JSON text (or UTF-8 bytes) and checks the value; :func:`check` checks a value that was
  decoded elsewhere (the Python API's dicts).
* :func:`clean_text` checks free text (a chat message, a name, a journal).
* :func:`printable` makes any text safe to print or store (never raises).
* :func:`copy_value` copies a decoded value (a character sheet) several times faster than ``copy.deepcopy``.

The limits (also in the README): at most :data:`MAX_DEPTH` levels of nesting, :data:`MAX_NODES` values,
whole numbers of at most :data:`MAX_INT_DIGITS` digits, finite numbers only, strings of at most
:data:`MAX_STRING` characters without NUL or lone surrogates, and :data:`MAX_DOCUMENT` characters per document.
"""

from __future__ import annotations

import copy
import json
import math
import re
from typing import Any

from assistant.engine.errors import InputError

MAX_DEPTH = 32
"""Levels of nested objects and lists (a request uses at most five)."""
MAX_NODES = 100_000
"""Values (objects, lists, strings, numbers...) in one document."""
MAX_INT_DIGITS = 19
"""Digits of a whole number (seeds go up to 2^62, 19 digits)."""
MAX_STRING = 100_000
"""Characters in one string."""
MAX_DOCUMENT = 2_000_000
"""Characters in one JSON document (a request, a batch line, an event record)."""

_BAD_CHAR = re.compile("[\x00\ud800-\udfff]")


class _Refused(ValueError):
    """A value the decoder hooks refuse; :func:`loads` turns it into an :class:`InputError`."""


INT_RANGE = range(-(2**63), 2**63)
"""Whole numbers a document may hold: what a database's 64-bit integer column takes."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"has a number of {digits} digits; numbers here have at most {MAX_INT_DIGITS}.")
    value = int(text)
    if value not in INT_RANGE:
        raise _Refused("has a number too large to store; numbers here are far smaller.")
    return value


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise _Refused("has a number written with too many digits.")
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("has a number too large to use; numbers here are small.")
    return value


def _parse_constant(name: str) -> float:
    raise _Refused(f"has {name}, which is not a number JSON allows; use an ordinary number.")


def _bad_char_message(what: str, text: str) -> str:
    found = _BAD_CHAR.search(text)
    char = found.group() if found else ""
    kind = "a NUL character" if char == "\x00" else "a broken character (a lone UTF-16 surrogate)"
    return f"{what} contains {kind}, which can't be stored; remove it and try again."


def check(value: Any, what: str = "The request") -> Any:
    """Check a decoded JSON value against the limits (see the module docstring); returns it unchanged."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InputError(f"{what} has more than {MAX_NODES} values; it is far larger than any game needs.")
        if isinstance(item, dict):
            if depth > MAX_DEPTH:
                raise InputError(f"{what} is nested more than {MAX_DEPTH} levels deep.")
            for key, child in item.items():
                if not isinstance(key, str):
                    raise InputError(f"{what} has a key that is not text ({type(key).__name__}).")
                _check_string(key, what)
                stack.append((child, depth + 1))
        elif isinstance(item, (list, tuple)):
            if depth > MAX_DEPTH:
                raise InputError(f"{what} is nested more than {MAX_DEPTH} levels deep.")
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            _check_string(item, what)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if item.bit_length() > 64 or item not in INT_RANGE:
                raise InputError(f"A number in {what.lower()} is too large; numbers here have at most {MAX_INT_DIGITS} digits.")
        elif isinstance(item, float) and not math.isfinite(item):
            raise InputError(f"{what} contains a number that is not finite (NaN or infinity).")
    return value


def _check_string(text: str, what: str) -> None:
    if len(text) > MAX_STRING:
        raise InputError(f"{what} has a text of {len(text)} characters; at most {MAX_STRING} are allowed.")
    if _BAD_CHAR.search(text):
        raise InputError(_bad_char_message(what, text))


def loads(text: str | bytes | bytearray, what: str = "The request") -> Any:
    """Decode JSON ``text`` with the limits; any problem is an :class:`InputError` naming ``what``."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{what} is not UTF-8 text; save it as UTF-8.") from None
    if not isinstance(text, str):
        raise InputError(f"{what} must be JSON text.")
    if len(text) > MAX_DOCUMENT:
        raise InputError(f"{what} is {len(text)} characters long; at most {MAX_DOCUMENT} are allowed.")
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno}).") from None
    except RecursionError:
        raise InputError(f"{what} is nested more than {MAX_DEPTH} levels deep.") from None
    except _Refused as exc:
        raise InputError(f"{what} {exc}") from None
    except ValueError as exc:  # a number Python refuses (a guard above should have caught it)
        raise InputError(f"{what} has a number that can't be read ({exc}).") from None
    return check(value, what)


def clean_text(text: object, what: str = "The text", max_chars: int = MAX_STRING) -> str:
    """Free text checked: a string, at most ``max_chars`` characters, no NUL or lone surrogates. Line endings are
    kept; nothing else is changed."""
    if not isinstance(text, str):
        raise InputError(f"{what} must be text.")
    if len(text) > max_chars:
        raise InputError(f"{what} is {len(text)} characters long; at most {max_chars} are allowed. Shorten it.")
    if _BAD_CHAR.search(text):
        raise InputError(_bad_char_message(what, text))
    return text


def printable(text: str) -> str:
    """``text`` with anything that cannot be encoded as UTF-8 (lone surrogates) replaced by U+FFFD; never raises."""
    if not _BAD_CHAR.search(text):
        return text
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").replace("\x00", "\ufffd")


def copy_value(value: Any) -> Any:
    """A deep copy of a decoded JSON value: objects and lists are copied, strings, numbers, booleans and None
    shared (they can't change); anything else is left to ``copy.deepcopy``."""
    kind = type(value)
    if kind is dict:  # the values that can't change are shared without a call (most of a sheet's values)
        return {k: v if type(v) in ATOMS else copy_value(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in ATOMS else copy_value(v) for v in value]
    if kind in ATOMS:
        return value
    return copy.deepcopy(value)


#: The types of JSON values that cannot change (shared, never copied).
ATOMS = frozenset({str, int, float, bool, type(None)})
