"""A character's name typed as the first line of a new campaign ("Kira Vance"): the name, not an action.

A new character has no name, and a player who has just opened a campaign often types one first. Only words that can
be nothing but a name are read so: one to four capitalised words (with "of", "the", "van"... between them), no verb
the player wrote as "I ...", no sentence punctuation. Anything else is the action it always was.
"""

from __future__ import annotations

import re

_PARTICLES = frozenset({"of", "the", "de", "del", "della", "di", "da", "du", "van", "von", "der", "al", "la", "le", "bin", "ibn"})
_WORD = re.compile(r"[A-Z][A-Za-z'’-]*\.?$")
#: Capitalised first words that open an action or a reply, never a name ("Run", "Attack", "Yes").
_NOT_NAMES = frozenset(
    {"i", "we", "my", "our", "yes", "no", "ok", "okay", "run", "attack", "hide", "wait", "look", "go", "stop", "help",
     "fight", "flee", "search", "sneak", "rest", "sleep", "feed", "hunt", "pray", "continue", "next", "roll", "start"}
)  # fmt: skip
NAMED_NOTE = 'Read as your character\'s name. If you meant an action, type /undo and tell it as one ("I slip past the guard").'


def bare_name(text: str) -> str | None:
    """The name ``text`` is when it can be nothing else (see the module), else None."""
    words = text.strip().rstrip(".!").split()
    if not 1 <= len(words) <= 4 or words[0].lower() in _NOT_NAMES:
        return None
    if not all(_WORD.match(w) or (i and w in _PARTICLES) for i, w in enumerate(words)):
        return None
    if words[-1] in _PARTICLES or not _WORD.match(words[-1]):
        return None
    return " ".join(words)
