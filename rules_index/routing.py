"""Which system a rules question is about, when it names one ("in Blades, how does heat work?")."""

from __future__ import annotations

import re

ALL_SYSTEMS = "all"  #: the system value that searches every system ("all systems" in the Rules tab)

#: How players name the systems, longest first within each; "city" alone is too common a word.
NAMES: dict[str, tuple[str, ...]] = {
    "blades": ("blades in the dark", "bitd", "blades"),
    "starforged": ("ironsworn starforged", "ironsworn", "starforged"),
    "dungeon-world": ("dungeon world", "dungeon-world"),
    "elegy": ("elegy rpg", "elegy game", "in elegy", "for elegy", "elegy rules"),
    "city": ("city game", "city rules", "the magistrate", "magistrate"),
}


def named_system(question: str) -> str | None:
    """The one system ``question`` names, or None (none named, or several)."""
    text = " ".join(re.findall(r"[a-z0-9-]+", question.lower()))
    found = {system for system, names in NAMES.items() if any(re.search(rf"\b{re.escape(n)}\b", text) for n in names)}
    return found.pop() if len(found) == 1 else None
