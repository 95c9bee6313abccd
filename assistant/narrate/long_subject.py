"""A sentence about someone else whose subject runs long before its verb ("A bounty hunter in scarred red armor steps
out of the smoke and draws on you"): told as the player put it, not as a thing to turn to ("You turn your attention to a
bounty hunter in scarred red armor steps out of the smoke ..." was no sentence), and one whose subject is a name
typed before a verb the verb list does not know ("Maelis strums a chord")."""

from __future__ import annotations

import re

from assistant.narrate.line_grammar import _AFTER_VERB, _DETERMINERS, _WORD, _verb_base
from assistant.narrate.verbs import is_verb

#: Words that carry a subject on past its noun ("a hunter *in* red armor", "a man *with* a scar").
_CARRY_ON = frozenset(["in", "with", "from", "of", "wearing", "carrying", "holding", "behind", "near"])
#: Words a verb takes at once that are not a direction ("kicks *open* the door", "pushes *aside* the curtain").
_PARTICLES = frozenset(["open", "shut", "apart", "aside", "away", "back", "loose", "free"])


def long_subject_clause(intent: str) -> bool:
    """Whether ``intent`` is a sentence about someone else (see :func:`_long_subject` and :func:`_named_subject`)."""
    return _long_subject(intent) or _named_subject(intent)


def _named_subject(intent: str) -> bool:
    """A name, then a verb in -s the verb list may not know, then its object ("Maelis strums a chord and tries to
    charm Rook": not "You focus on Maelis strums a chord ...")."""
    found = _WORD.findall(intent)
    if len(found) < 3 or not found[0][:1].isupper() or found[0] in {"I", "You", "We"} or is_verb(found[0].lower()):
        return False
    verb, nxt = found[1].lower(), found[2].lower()
    return verb.endswith("s") and not verb.endswith("ss") and (nxt in _DETERMINERS or nxt in _AFTER_VERB)


def _long_subject(intent: str) -> bool:
    """Whether ``intent`` opens with an article, a noun and a phrase carrying it on, then a verb in -s followed by a
    direction, a person or an article ("steps out", "draws on you", "levels a rifle")."""
    found = _WORD.findall(re.sub(r"(?<=\w)-(?=\w)", "", intent))
    lowered = [w.lower() for w in found]
    if len(lowered) < 5 or lowered[0] not in _DETERMINERS:
        return False
    carried = next((i for i, w in enumerate(lowered[2:8], 2) if w in _CARRY_ON), None)
    if carried is None:
        return False
    for i in range(carried + 2, min(len(lowered) - 1, carried + 7)):
        w, nxt = lowered[i], lowered[i + 1]
        if not w.endswith("s") or w.endswith("ss") or lowered[i - 1] in _DETERMINERS | _CARRY_ON:
            continue  # "the guards", "in bolts": a noun
        if nxt in _AFTER_VERB or (_verb_base(w) and nxt in _DETERMINERS | _PARTICLES):  # "steps out", "kicks open"
            return True
    return False
