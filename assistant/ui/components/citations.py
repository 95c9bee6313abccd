"""A citation as a player reads it: the game's name where the index keeps its id ("dungeon-world ›" reads
"Dungeon World ›"), and the lines of the rules text in words ("dungeon-world.txt:L186-L195" reads
"dungeon-world.txt, lines 186–195"). The file name stays: it is where a GM looks the passage up."""

from __future__ import annotations

import re
from functools import cache

#: ``[2] blades › Heat (blades.txt:L48-L67)``: an optional answer number, the system id, the section path, then the
#: source file and its lines.
_CITATION = re.compile(
    r"^(?P<n>\[\d+\] )?(?P<system>[a-z][a-z0-9-]*) › (?P<path>.*?)"
    r"(?: \((?P<source>[^():]+):(?P<lines>L\d+(?:-L\d+)?)\))?$"
)


@cache
def game_name(system: str) -> str | None:
    """The game's name without its parenthesised aside ("Dungeon World", not "Dungeon World (PvP combat
    variant)"); None for an id no ruleset has (a homebrew text keeps its own name)."""
    try:
        from assistant.engine import get_ruleset

        title = get_ruleset(system).title
    except Exception:  # noqa: BLE001 - a system known only to the rules index
        return None
    return re.sub(r"\s*\([^)]*\)\s*$", "", title or "").strip() or None


def _lines(spec: str) -> str:
    start, _, end = spec.replace("L", "").partition("-")
    return f"line {start}" if not end or end == start else f"lines {start}–{end}"


def shown_citation(citation: str) -> str:
    """``starforged › Face Danger (starforged.txt:L138-L152)`` as ``Ironsworn: Starforged › Face Danger
    (starforged.txt, lines 138–152)``; anything else (a rules note, a free text) as it is."""
    m = _CITATION.match(citation.strip())
    if m is None:
        return citation
    name = game_name(m["system"]) or m["system"]
    where = f" ({m['source']}, {_lines(m['lines'])})" if m["source"] else ""
    return f"{m['n'] or ''}{name} › {m['path']}{where}"


def shown_citations(citations: list[str]) -> str:
    """The caption under a card or an answer: "Rules: " and each citation as a player reads it."""
    return "Rules: " + "; ".join(shown_citation(c) for c in citations)
