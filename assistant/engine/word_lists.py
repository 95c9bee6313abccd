"""A list as a sentence says it, and a name's possessive, for every layer that writes to the player: the engine's
messages, the narration and the chat."""

from __future__ import annotations

from collections.abc import Sequence


def and_list(items: Sequence[str]) -> str:
    """ "Feed, Compel and Face Danger": the items joined with commas and a last "and"; empty items are left out,
    and no items give ""."""
    kept = [item for item in items if item]
    if len(kept) <= 1:
        return "".join(kept)
    return ", ".join(kept[:-1]) + " and " + kept[-1]


def possessive(name: str) -> str:
    """ "Mara's", "Entanglements'" (a name ending in s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
