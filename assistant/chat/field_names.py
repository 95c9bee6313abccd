"""A sheet field's name as a player reads it, the same in the sidebar's sheet and in ``/sheet``: ``hp`` is ``HP``,
``crew_coin`` is ``crew coin``, and where the name heads a line or an entry it starts with a capital (``Health``)."""

from __future__ import annotations

#: Fields whose name is not just the id with spaces.
LABELS = {
    "crew_coin": "crew coin",
    "wanted_level": "wanted",
    "next_move_add": "next move add",
    "max_hp": "max HP",
    "hp": "HP",
    "companion_health": "companion health",
    "xp": "XP",
}


def label(name: str) -> str:
    """``companion_health`` -> ``companion health``; ``hp`` -> ``HP``."""
    return LABELS.get(name, name.replace("_", " "))


def heading(name: str) -> str:
    """A field's name where it heads a line or an entry: ``Health``, ``Crew coin``, ``HP``."""
    text = label(name)
    return text[:1].upper() + text[1:]
