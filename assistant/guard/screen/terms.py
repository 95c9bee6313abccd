"""A model's sentence in the game's own terms: the card and the panel speak them, the story does not.

"You roll initiative", "the die that counts", "The PCs flip a coin.", "you must Pay the Price", "Envision what you
discover.": the workings read out, or a roll told that the engine did not make. Words a story uses too ("move",
"dice", "a clock ticks", "a formidable foe", "hit", "the Magistrate says what happens") are left alone: on sets 20–28
the rank words removed more good sentences than faults.
"""

from __future__ import annotations

import re

from assistant.guard.model import Violation, ViolationKind
from assistant.guard.screen._util import excerpt, first_match
from assistant.guard.text import Sentence

TERMS = (
    r"rolls?",
    r"rolled",
    r"rolling",
    r"the die",
    r"initiative",
    r"momentum",
    r"stress",
    r"pay the price",
    r"suffers?",
    r"pcs?",
    r"gm",
    r"the players?",
    r"envision",
    r"damage",
    r"hit points?",
    r"xp",
    r"stats?",
    r"bonus",
    r"modifier",
    r"meter",
    r"sheet",
)
_TERM = re.compile(r"\b(?:" + "|".join(TERMS) + r")\b")


def screen_terms(sentence: Sentence) -> list[Violation]:
    """One of the game's terms in the narrator's voice."""
    found = first_match(_TERM, sentence)
    if not found:
        return []
    detail = f"'{excerpt(sentence)}': '{found}' is the game's term, not the story's; tell only what the world does"
    return [Violation(ViolationKind.ECHO, detail, excerpt(sentence))]
