"""A citation as a player reads it, in the app and in the terminal chat: the game's name where the index keeps its id
("dungeon-world ›" reads "Dungeon World ›"), and the lines of the rules text in words ("dungeon-world.txt:L186-L195" reads
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


#: ``Rules note: starforged › Negative momentum (from the published Starforged rules)``: a note the project wrote
#: where the texts are silent, cited with where it comes from.
_NOTE = re.compile(r"^(?P<n>\[\d+\] )?Rules note: (?P<system>[a-z][a-z0-9-]*) › (?P<path>.*?)(?: \(from (?P<origin>.*)\))?$")

#: Where a note's words come from, as the index records it ("the engine's starforged moves data"), in a player's words.
_ORIGINS = (
    (re.compile(r"^the engine's [a-z0-9-]+ moves data$"), "how this app reads the moves"),
    (re.compile(r"^the engine's [a-z0-9-]+ tables data$"), "this app's tables"),
    (re.compile(r"^the engine's "), "this app's "),
)


def _origin(origin: str) -> str:
    for pattern, words in _ORIGINS:
        if pattern.search(origin):
            return pattern.sub(words, origin, count=1)
    return origin


def shown_citation(citation: str) -> str:
    """``starforged › Face Danger (starforged.txt:L138-L152)`` as ``Ironsworn: Starforged › Face Danger
    (starforged.txt, lines 138–152)``; a rules note with the game's name and its origin in words ("Rules note:
    Ironsworn: Starforged › Momentum (from how this app reads the moves)"); anything else (a free text) as it is."""
    text = citation.strip()
    note = _NOTE.match(text)
    if note is not None:
        name = game_name(note["system"]) or note["system"]
        origin = f" (from {_origin(note['origin'])})" if note["origin"] else ""
        return f"{note['n'] or ''}Rules note: {name} › {note['path']}{origin}"
    m = _CITATION.match(text)
    if m is None:
        return citation
    name = game_name(m["system"]) or m["system"]
    where = f" ({m['source']}, {_lines(m['lines'])})" if m["source"] else ""
    return f"{m['n'] or ''}{name} › {m['path']}{where}"


def shown_citations(citations: list[str]) -> str:
    """The caption under a card or an answer: "Rules: " and each citation as a player reads it."""
    return "Rules: " + "; ".join(shown_citation(c) for c in citations)


#: A citation inside a sentence ("the nearest sections are starforged › Momentum (starforged.txt:L10-L12); …"): a
#: system id, its section path, and the file and lines it names.
_INLINE = re.compile(
    r"(?:Rules note: )?\b(?P<system>[a-z][a-z0-9]*(?:-[a-z0-9]+)*) › "
    r"(?:[^()\n;\[\]]|\(\d+\)|\((?!from )[^()\n:;]*\))*?"  # "Cast a Spell (Wizard) is read (1)"
    r"(?: \([^()\n:]+:L\d+(?:-L\d+)?\)| \(from [^()\n]*(?:\([^()\n]*\)[^()\n]*)*\))"
)


def shown_text(text: str) -> str:
    """A rules answer's or a note's text with each citation in it as :func:`shown_citation` shows it (only those of a
    game the app knows: a homebrew text keeps its own words), and a sheet field named as the engine names it
    ("character.projects") as the player's sheet ("your sheet's projects")."""

    def one(m: re.Match[str]) -> str:
        return shown_citation(m.group(0)) if game_name(m["system"]) else m.group(0)

    text = _INLINE.sub(one, text) if " › " in text else text
    return _FIELD.sub(lambda m: f"your sheet's {m.group(1).replace('_', ' ')}", text) if "character." in text else text


#: A sheet field as the engine names it ("a clock in character.projects"), which a move's question can carry.
_FIELD = re.compile(r"\bcharacter\.([a-z][a-z_]*[a-z])\b")
