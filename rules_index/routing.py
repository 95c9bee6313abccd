"""Which system a rules question is about, when it names one ("in Blades, how does heat work?")."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules_index.qa import Answer

ALL_SYSTEMS = "all"  #: the system value that searches every system ("all systems" in the Rules tab)

#: How players name the systems, longest first within each; "city" alone is too common a word.
NAMES: dict[str, tuple[str, ...]] = {
    "blades": ("blades in the dark", "bitd", "blades"),
    "starforged": ("ironsworn starforged", "ironsworn", "starforged", "sf"),
    "dungeon-world": ("dungeon world", "dungeon-world", "dw"),
    "elegy": (
        "elegy rpg",
        "elegy game",
        "in elegy",
        "for elegy",
        "elegy rules",
        "elegy s",
        "elegy version",
        "vampire game",
        "vampire rpg",
        "the vampire one",
    ),
    "city": ("city game", "city rules", "the city one", "the magistrate", "magistrate"),
}


#: Ambiguous names that name the game only as the question's first word, the way a GM labels a question at
#: the table ("elegy pay the price, rolled a 70", "city: ..."); anywhere else "elegy" is a word of the Elegy
#: game and "city" a word of every game.
LEADING: dict[str, re.Pattern[str]] = {
    "elegy": re.compile(r"^\W*elegy\b(?!-)", re.I),
    "city": re.compile(r"^\W*city\s*:", re.I),
}


def _label(name: str) -> re.Pattern[str]:
    """``name`` as the label a question opens with: "city game: ...", "dungeon world pvp - ...", "blades, ...", "city
    game question while the vampire game is on pause: ..."."""
    return re.compile(rf"^\W*{re.escape(name)}(?:\s+(?:pvp|rpg|game|rules))?(?:\s*[:,;\-–—]|\s+questions?\b)", re.I)


#: The words a question opens with as a label, before a colon or a dash: "magistrate city game: ...", "sf - ...".
_OPENING = re.compile(r"^\W*((?:[\w'&]+\s+){0,4}[\w'&]+)\s*(?::|\s[-–—]\s)")


def opening_span(question: str) -> int:
    """Where the question's opening label ("magistrate city game:", "sf -") ends: 0 when it has none."""
    m = _OPENING.match(question)
    return m.end() if m else 0


def opening_label(question: str) -> str | None:
    """The one system the question's opening label names ("magistrate city game: in starforged a miss ..." ->
    city), or None (no label, or one naming no game or several)."""
    m = _OPENING.match(question)
    if not m:
        return None
    text = " ".join(re.findall(r"[a-z0-9-]+", m.group(1).lower()))
    named = {system for system, names in NAMES.items() if _names(text, names)}
    return named.pop() if len(named) == 1 else None


#: A game named only to compare with ("does the action score stop at 10 like in ironsworn?", "unlike blades", "is it
#: like momentum in starforged?", a mechanic of that game between): the question asks about another game.
_COMPARED = re.compile(
    r"(?:\b(?:like|unlike|as|compared (?:to|with)|same as)\s+(?:in\s+|with\s+)?(?:the\s+)?"
    r"|(?<!feel )(?<!feels )(?<!felt )\b(?:like|unlike|compared (?:to|with)|same as|similar to)\s+(?!to\b)"
    r"(?:[a-z0-9-]+\s+){1,3}?(?:(?:in|from)\s+)?(?:the\s+)?)$"
)
#: A game named only to say the question is not about it ("for blades, not our city game", "rather than dungeon world").
_NOT_THIS = re.compile(r"\b(?:not|instead of|rather than|other than)\s+(?:in\s+|for\s+|about\s+)?(?:the|our|my|this)?\s*$")


def _names(text: str, names: tuple[str, ...]) -> bool:
    """Does ``text`` name the game by one of ``names`` other than to compare with it?"""
    return bool(_mentions(text, names))


#: Words that say the game named next is the one asked about: "this one is for dungeon world", "my question is about
#: blades", "asking about starforged" (matched on the question's words joined by single spaces, apostrophes dropped).
_ASKED_FOR = re.compile(
    r"\b(?:(?:this|that|the|my|our|which)\s+(?:one|question|q)\s+(?:s\s+|is\s+|was\s+)?(?:for|about|on|in)"
    r"|(?:asking|wondering|question|questions|talking)\s+(?:about|for|on)|(?:it|this)\s+(?:s\s+|is\s+)?(?:for|about)"
    # "quick one about the city game", "a rules q for blades", "switching to dungeon world", "trying dungeon world"
    r"|(?:quick|one|a|another)\s+(?:quick\s+|rules\s+)?(?:one|question|q)\s+(?:for|about|on)"
    r"|switch(?:ing|ed)?\s+(?:over\s+|back\s+)?to|(?:trying|try)(?:\s+out)?)"
    r"\s+(?:in\s+|the\s+|our\s+|my\s+|a\s+)*$"
)
#: Words after a game's name that say the question is about it: "a quick city game question while ...", "elegy q:",
#: "blades rules question" ...
_ASKED_AFTER = re.compile(r"^\s+(?:(?:pvp|rpg|game|rules)\s+)?(?:rules\s+)?(?:question|questions|q)\b")
#: ... and before it, the game a question's verb asks of: "does elegy cap it too?", "do blades crews get ..."; not
#: "do blades and dungeon world both ...", which asks of both.
_ASKED_OF_BEFORE = re.compile(r"\b(?:does|do|doesn t|don t|dont|doesnt)\s+(?:the\s+)?$")
_ALONGSIDE_AFTER = re.compile(r"^\s+(?:and|or|vs|versus|nor)\b")
#: Words that say the game named next is only the one the table usually plays: "my group plays the city game", "we
#: usually run blades", "i'm running starforged", both of "we play blades and dungeon world".
_PLAYED = re.compile(
    r"\b(?:we|i|group|table|friends|crew|gm)\s+(?:re\s+|m\s+|are\s+|am\s+)?(?:usually\s+|normally\s+|mostly\s+|also\s+"
    r"|still\s+|always\s+)?(?:play|plays|played|playing|run|runs|running|ran)\s+(?:in\s+|the\s+|our\s+|my\s+|a\s+)*"
    r"(?:(?:[a-z0-9-]+\s+){1,4}(?:and|or)\s+(?:the\s+)?)?$"
)
#: Words before a game's name that set it aside as the table's own game, paused for the question: "while we're paused
#: on blades", "taking a break from starforged", "our blades crew ...", "we're a starforged table ...".
_SET_ASIDE_BEFORE = re.compile(
    r"\b(?:(?:paused|pausing|pause|break|hold|halt)\s+(?:on|from|with|in)|(?:on\s+)?(?:pause|hold)\s+(?:on|with|in)"
    r"|away\s+from|while\s+(?:we|i)\s+(?:re\s+|m\s+|are\s+|am\s+)?(?:still\s+)?(?:on|in|playing|running|doing))"
    r"\s+(?:the\s+|our\s+|my\s+)*$"
)
#: A game named as the table's own ("our blades crew", "my starforged campaign", "we're a starforged table") or said
#: to be paused ("the vampire game is on pause"): the words before and after its name.
_OWN_BEFORE = re.compile(r"\b(?:our|my|we\s+re\s+a|we\s+are\s+a|i\s+m\s+in\s+a|i\s+run\s+a|we\s+have\s+a)\s+$")
_OWN_AFTER = re.compile(r"^\s+(?:crew|table|group|campaign|campaigns|game|games|session|sessions|party|players|gang|chronicle)\b")
_PAUSED_AFTER = re.compile(
    r"^\s+(?:(?:crew|table|group|campaign|game|session)\s+)?(?:is|s|are|re)\s+"
    r"(?:on\s+(?:pause|hold|a\s+break)|paused|in\s+downtime)\b"
)
#: A sentence's end in the question as written; a colon ends the part that tells the situation ("we're a starforged
#: table trying dungeon world: in dungeon world, what ...").
_CLAUSE_END = re.compile(r"(?<=[.!?;:])\s+")


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9-]+", text.lower()))


#: A game's bare name where it is common as a word of that game ("sing an elegy", "my elegy") but names the game after
#: words that ask of, play or talk about a game: "does elegy cap it too?", "asking about elegy", "we play elegy", "a
#: quick elegy question" (matched on the question's words joined by single spaces).
IN_CONTEXT: dict[str, re.Pattern[str]] = {
    "elegy": re.compile(
        r"\b(?:about|does|do|play|plays|playing|run|runs|running|try|trying|to)\s(?P<name>elegy)\b"
        r"|\b(?P<named>elegy)(?=\s+(?:rules\s+)?(?:question|questions|q|rules|rpg|game)\b)"
    ),
}


def _name_span(m: re.Match[str]) -> tuple[int, int]:
    """Where the match names the game: its ``name`` or ``named`` group when it has one, else all of it."""
    group = next((g for g in ("name", "named") if m.re.groupindex.get(g) and m.group(g)), None)
    return m.span(group) if group else m.span()


def _spans(text: str, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where ``text`` names the game by one of ``names`` other than to compare with it or set it aside (start, end)."""
    patterns = [re.compile(rf"\b{re.escape(n)}\b") for n in names]
    system = next((s for s, known in NAMES.items() if known == names), None)
    if system in IN_CONTEXT:
        patterns.append(IN_CONTEXT[system])
    found = {_name_span(m) for pattern in patterns for m in pattern.finditer(text)}
    return sorted(
        (start, end)
        for start, end in found
        if not _COMPARED.search(text[:start])
        and not _NOT_THIS.search(text[:start])
        and not any(s <= start and end <= e and (s, e) != (start, end) for s, e in found)
    )


def _mentions(text: str, names: tuple[str, ...]) -> list[int]:
    """Where ``text`` names the game by one of ``names`` other than to compare with it or set it aside."""
    return [start for start, _ in _spans(text, names)]


def _played(text: str, start: int, end: int) -> bool:
    """Is the game named at ``text[start:end]`` named only as the table's usual game ("we usually run blades"), its own
    ("our blades crew", "we're a starforged table") or one paused for the question ("while we're paused on blades",
    "the vampire game is on pause")?"""
    before, after = text[:start], text[end:]
    return bool(
        _PLAYED.search(before)
        or _SET_ASIDE_BEFORE.search(before)
        or (_OWN_BEFORE.search(before) and _OWN_AFTER.match(after))
        or _PAUSED_AFTER.match(after)
    )


def _asked_for(text: str, start: int, end: int) -> bool:
    """Does the question say it asks about the game named at ``text[start:end]``: "this one is for dungeon world", "a
    quick city game question", "does elegy cap it too?"."""
    before, after = text[:start], text[end:]
    return bool(
        _ASKED_FOR.search(before)
        or _ASKED_AFTER.match(after)
        or (_ASKED_OF_BEFORE.search(before) and not _ALONGSIDE_AFTER.match(after))
    )


def asked_of(question: str, found: set[str], label: set[str]) -> str | None:
    """Of several games ``found`` in ``question``, the one it asks about: the one it says it is for ("my group
    plays the city game, but this one is for dungeon world"), else the one it is labelled with (``label``: "city game:
    do we have momentum like in starforged?"), else the only one not named as the table's usual game
    ("we usually run blades - how does harm work in starforged?"), else the only one named in the sentence that asks
    when the others are named only before it ("in blades i can push myself. can i in starforged?"); None otherwise
    ("is blades better than dungeon world?")."""
    text = _words(question)
    mentions = {system: _spans(text, NAMES[system]) for system in found}
    asked = {s for s, spans in mentions.items() if any(_asked_for(text, i, j) for i, j in spans)}
    if len(asked) == 1:
        return asked.pop()
    if len(label) == 1:
        return next(iter(label))
    played = {s for s, spans in mentions.items() if spans and all(_played(text, i, j) for i, j in spans)}
    if played and len(found - played) == 1:
        return (found - played).pop()
    sentences = [s for s in _CLAUSE_END.split(question.strip()) if s.strip()]
    if len(sentences) > 1:
        last = _words(sentences[-1])
        in_last = {s for s in found if _mentions(last, NAMES[s])}
        if len(in_last) == 1:
            return in_last.pop()
    return None


def named_system(question: str) -> str | None:
    """The one system ``question`` names, or None (none named, or several). Of several, one the question opens
    with is the game it is labelled with ("city game: do we have momentum like in starforged?" asks about the
    city game, as do "dungeon world pvp - ..." and "magistrate city game: in starforged ...") and wins unless the
    question says it asks about another (:func:`asked_of`); with no label, none does ("is blades better than dungeon
    world?") unless the question tells which it asks about.
    A game named only to compare with ("... stop at 10 like in ironsworn?") is not the one asked about."""
    text = " ".join(re.findall(r"[a-z0-9-]+", question.lower()))
    found = {system for system, names in NAMES.items() if _names(text, names)}
    label = {system for system, leading in LEADING.items() if leading.match(question)}
    label |= {system for system, names in NAMES.items() if any(_label(n).match(question) for n in names)}
    opening = opening_label(question)
    if opening and not label:
        label = {opening}
    found |= label
    if len(found) > 1:
        return asked_of(question, found, label)
    return found.pop() if len(found) == 1 else None


def choose_system(question: str, system: str | None) -> str | None:
    """The system to search: the game the question asks about when it names one (:func:`named_system`), else
    ``system`` (the open campaign's or the picked one; the campaign's when None and a provider is registered);
    ``"all"`` means every system."""
    from rules_index.search import resolve_system  # search reads the question's phrasing, which reads these names

    named = named_system(question)
    if named:
        return named
    if system and system.strip().lower() == ALL_SYSTEMS:
        return None
    return resolve_system(system)


def from_named_game(result: Answer, searched: str) -> Answer:
    """``result``, answered from the game its question names rather than ``searched`` (the open campaign's or the
    picked one), saying so first: "From Dungeon World, the game the question names (not Ironsworn: Starforged): ..."."""
    from assistant.engine.registry import game_title

    if result.system is None:
        return result
    lead = f"From {game_title(result.system)}, the game the question names (not {game_title(searched)}):"
    return replace(result, text=f"{lead} {result.text}")
