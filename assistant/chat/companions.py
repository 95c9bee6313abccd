"""A companion the player named in their own words ("I push on through the ion storm, my drone Pip scouting ahead"):
later words about that name ("pip gets clipped by a shard of debris") are about the companion, and ranked so ("my
companion pip gets clipped ..."): Companion Takes a Hit, "When your companion faces physical hardship", was not
offered, since nothing on the sheet said who Pip was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The words a player puts before a companion's name ("my drone Pip", "our hound Rex").
_KINDS = (
    "companion|drone|robot|bot|droid|pet|beast|hound|dog|cat|hawk|falcon|raven|wolf|mount|horse|familiar|sidekick|"
    "protocol droid|combat drone|utility drone|mech|android|automaton|creature"
)
_INTRODUCED = re.compile(rf"\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{_KINDS})[,]?\s+(?:named\s+|called\s+)?([A-Z][a-z'’-]+)\b")


#: A companion's name typed in lower case ("with my drone pip scouting ahead"): a word after the kind that is no deed
#: of it ("my drone scouts ahead", "my hound is hurt"), followed by a deed in -ing, a comma or the end of the words.
_INTRODUCED_LOWER = re.compile(
    rf"\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{_KINDS})[,]?\s+(?:named\s+|called\s+)?([a-z][a-z'’-]+)(?=\s*(?:[,.;!?]|$)|\s+[a-z]+ing\b)",
    re.IGNORECASE,
)
#: Words after a companion's kind that are no name ("my drone ahead", "my hound again").
_NO_NAME = frozenset({"ahead", "again", "too", "also", "here", "there", "now", "then", "is", "was", "and", "or", "it", "out"})


def _a_name(word: str) -> bool:
    low = word.lower()
    return low not in _NO_NAME and not low.endswith(("s", "ing", "ed", "ly"))


def companion_names(lines: Iterable[str]) -> set[str]:
    """The names the player's ``lines`` gave companions ("my drone Pip", "my drone pip scouting ahead": Pip), lower
    case."""
    said = list(lines)
    named = {m.group(1).lower() for line in said for m in _INTRODUCED.finditer(line)}
    return named | {m.group(1).lower() for line in said for m in _INTRODUCED_LOWER.finditer(line) if _a_name(m.group(1))}


def as_companion(text: str, names: set[str]) -> str:
    """``text`` with a companion's name told as one ("pip gets clipped" -> "my companion pip gets clipped"), once; the
    words unchanged when they name none, or already say what it is."""
    if not names or re.search(rf"\b(?:my|our)\s+(?:[a-z]+\s+)?(?:{_KINDS})\b", text, re.IGNORECASE):
        return text
    for name in sorted(names):
        found = re.search(rf"\b{re.escape(name)}\b(?!['’]s\b)", text, re.IGNORECASE)
        if found:
            return f"{text[: found.start()]}my companion {text[found.start() :]}"
    return text
