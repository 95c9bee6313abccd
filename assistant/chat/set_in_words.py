"""A sheet change asked for in words ("set my coin to 2", "change Mara's hp to 12", "put my stress at 3"): no action
to suggest moves for, but a field to edit; the chat points to the ``/set`` line that does it and changes nothing."""

from __future__ import annotations

import re

from assistant.chat.field_names import label
from assistant.engine import InputError
from assistant.engine.character_edit import character_rules

_SET_WORDS = re.compile(
    r"^\s*(?:please\s+)?(?:(?:i|we)\s+(?:want|wanna|need|would\s+like|'d\s+like)\s+(?:to\s+)?|let\s+me\s+|let'?s\s+)?"
    r"(?:set|change|put|make|update|adjust|raise|lower|drop|bump|reduce|increase)\s+"
    r"(?:(?P<whose>my|our|the|[A-Z][\w-]*(?:'s|’s))\s+)?(?P<field>[a-z][a-z ]{0,20}?)\s+(?:to|at|=)\s+"
    r"(?P<value>[-+]?\d{1,3})\s*(?:,?\s*please)?\s*[.!]*\s*$",
    re.IGNORECASE,
)


def set_in_words(text: str, system: str) -> str | None:
    """The ``/set`` line a sheet change said in words asks for ("/set coin 2", "/set Mara: hp 12"), or None when the
    words change no field of the system's sheets ("I set the charge to 3 minutes" names no field)."""
    found = _SET_WORDS.match(text)
    if not found:
        return None
    try:
        field = character_rules(system).find(found.group("field").strip())
    except InputError:
        return None
    whose = found.group("whose") or ""
    who = "" if whose.lower() in ("", "my", "our", "the") else whose[:-2] + ": "
    return f"/set {who}{label(field.name)} {found.group('value')}"


def set_pointer(command: str) -> str:
    """What the chat says to a sheet change asked for in words: the line that makes it (nothing is changed yet)."""
    return f"To change your sheet, type {command} (a field and its new value). Nothing was changed."
