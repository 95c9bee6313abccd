"""A sheet change asked for in words ("set my coin to 2", "change Mara's hp to 12", "put my stress at 3"): no action
to suggest moves for, but a field to edit; the chat points to the ``/set`` line that does it and changes nothing."""

from __future__ import annotations

import re

from assistant.chat.field_names import label
from assistant.engine import InputError
from assistant.engine.character_edit import character_rules

_SET_WORDS = re.compile(
    r"^\s*(?:please\s+)?"
    # asked of the assistant: "could you set ...", "can you please change ...", "can I set ..."
    r"(?:(?:could|can|would|will)\s+(?:you|we|i)\s+(?:please\s+)?|(?:may|might)\s+i\s+(?:please\s+)?)?"
    r"(?:(?:i|we)\s+(?:want|wanna|need|would\s+like|'d\s+like)\s+(?:to\s+)?|let\s+me\s+|let'?s\s+)?"
    r"(?:set|change|put|make|update|adjust|raise|lower|drop|bump|reduce|increase)\s+"
    r"(?:(?P<whose>my|our|the|[A-Z][\w-]*(?:'s|’s))\s+)?(?P<field>[a-z][a-z ]{0,20}?)\s+(?:to|at|=)\s+"
    r"(?P<value>[-+]?\d{1,3})\s*(?:for\s+me\s*)?(?:,?\s*please)?\s*[.!?]*\s*$",
    re.IGNORECASE,
)

#: The systems whose sheets name the fields a player may ask for ("coin" is Blades', "momentum" Starforged's).
_SYSTEMS = ("starforged", "elegy", "blades", "city", "dungeon-world")


def set_in_words(text: str, system: str) -> str | None:
    """The ``/set`` line a sheet change said in words asks for ("/set coin 2", "/set Mara: hp 12"), or None when the
    words change no field of the system's sheets ("I set the charge to 3 minutes" names no field). A field of another
    game's sheet asked for on one's own sheet ("could you set my coin to 2" in Starforged) is refused in the player's
    words, naming the fields this game has; nothing is changed."""
    found = _SET_WORDS.match(text)
    if not found:
        return None
    asked = found.group("field").strip()
    try:
        field = character_rules(system).find(asked)
    except InputError as exc:
        if (found.group("whose") or "").lower() != "the" and _elsewhere(asked, system):
            raise InputError(f"{exc.message} Nothing was changed; set one with /set <field> <value>.") from None
        return None
    whose = found.group("whose") or ""
    who = "" if whose.lower() in ("", "my", "our", "the") else whose[:-2] + ": "
    return f"/set {who}{label(field.name)} {found.group('value')}"


def set_pointer(command: str) -> str:
    """What the chat says to a sheet change asked for in words: the line that makes it (nothing is changed yet)."""
    return f"To change your sheet, type {command} (a field and its new value). Nothing was changed."


def _elsewhere(asked: str, system: str) -> bool:
    """Whether another game's sheet has a field called ``asked`` (the player names a sheet field, not a thing)."""
    for other in _SYSTEMS:
        if other == system:
            continue
        try:
            character_rules(other).find(asked)
        except InputError:
            continue
        return True
    return False
