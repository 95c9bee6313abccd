"""A premise about another game, told before a question about this one.

"in dungeon world my armor subtracts from the damage. does my character's armour reduce the harm i take here?"
tells how another game does it, then asks about the game searched. The premise's words are the other game's rule
("armor", "damage"), and this game's texts matching them say nothing about whether this game has it: whether the
texts cover the question is judged on what it asks without that premise (:func:`without_other_games`). A game
named in the asking sentence itself ("do we have a heat track like in blades?") stays: that sentence is the question.
"""

from __future__ import annotations

import re

from rules_index.phrasing import label_end
from rules_index.routing import NAMES, opening_span

#: Games the assistant does not hold, named as a player compares with them.
OTHER_GAMES = re.compile(r"\b(?:d&d|dnd|5e|pathfinder|pbta)\b", re.I)
#: A sentence's end: the premise is a sentence of its own before the one that asks.
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


def names_another_game(text: str, system: str) -> bool:
    """Does ``text`` name a game other than ``system`` (another of the five, or one the assistant does not hold)?"""
    words = " ".join(re.findall(r"[a-z0-9&-]+", text.lower()))
    for other, names in NAMES.items():
        if other != system and any(re.search(rf"\b{re.escape(n)}\b", words) for n in names):
            return True
    return bool(OTHER_GAMES.search(text))


def without_other_games(question: str, system: str | None) -> str:
    """``question`` without its sentences before the last that name another game than ``system`` (the opening
    label, "magistrate city game: ...", kept); ``question`` itself when it has none or no system is searched."""
    if not system:
        return question
    end = max(opening_span(question), label_end(question))  # "starforged question from our blades crew: ..." too
    label, rest = question[:end].strip(), question[end:].strip()
    sentences = [s for s in _SENTENCE_END.split(rest) if s.strip()]
    if len(sentences) < 2:
        return question
    kept = [s for s in sentences[:-1] if not names_another_game(s, system)]
    if len(kept) == len(sentences) - 1:
        return question
    return " ".join([*([label] if label else []), *kept, sentences[-1]])
