"""An open project on the sheet that the player's words name lifts the move that works on it: "i keep tinkering on
the gilder" with the project “Build a spark-craft glider in my workshop” offered Crafting first (Blades: "When you
work on a long-term project (either a brand new one, or an already existing one) ... roll one of your actions")."""

from __future__ import annotations

import difflib
import re
from typing import Any

from assistant.suggest.catalog import normalize_name
from assistant.suggest.ranker import Scored

PROJECT_BOOST = 0.2  #: the move that works on a project, when the words name an open one
#: Moves that advance a project kept on the sheet.
_WORKS_ON_PROJECTS = frozenset({"longtermproject"})
#: Moves that make a new thing, not the project the words name ("tinkering" is Crafting's word).
_MAKES_ANOTHER = frozenset({"crafting", "inventing"})
MAKES_ANOTHER_PENALTY = 0.1
#: Words of a project's name that name no project ("Build a …", "… in my workshop" is where, not what).
_NOT_ITS_OWN = frozenset(
    [
        "build",
        "make",
        "work",
        "project",
        "clock",
        "long",
        "term",
        "new",
        "with",
        "into",
        "from",
        "about",
        "that",
        "this",
        "find",
        "learn",
        "start",
        "keep",
        "the",
        "and",
        "for",
        "workshop",
        "craft",
        "crafted",
        "crafting",
        "tinker",
        "invent",
        "ritual",
    ]
)


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 4]


def _said(word: str, said: list[str]) -> bool:
    """``word`` among ``said``, or a slip of it ("gilder" for "glider")."""
    return word in said or bool(difflib.get_close_matches(word, said, n=1, cutoff=0.8)) if len(word) >= 5 else word in said


def open_projects(character: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for p in character.get("projects") or []:
        if isinstance(p, dict) and int(p.get("filled", 0) or 0) < int(p.get("segments", 1) or 1):
            out.append(p)
    return out


def names_project(name: str, text: str) -> bool:
    """Whether ``text`` says a word of its own of the project ``name`` (or a slip of one: "gilder")."""
    said = _words(text)
    own = [w for w in _words(name) if w not in _NOT_ITS_OWN]
    return bool(own) and any(_said(w, said) for w in own)


def lift_named_project(scored: list[Scored], character: dict[str, Any], text: str) -> None:
    """Add :data:`PROJECT_BOOST` to the moves that work on projects when ``text`` names an open one, and take
    :data:`MAKES_ANOTHER_PENALTY` from those that make a new thing."""
    for project in open_projects(character):
        if names_project(str(project.get("name") or ""), text):
            for s in scored:
                if normalize_name(s.move.name) in _WORKS_ON_PROJECTS:
                    s.score += PROJECT_BOOST
                elif normalize_name(s.move.name) in _MAKES_ANOTHER:
                    s.score -= MAKES_ANOTHER_PENALTY
            return
