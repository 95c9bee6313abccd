"""A model's sentence that tells a change of state, or that a state held: the engine's opening says what changed.

"The airlock finally gives way", "The airlock remains jammed, and the reactor continues to burn", "The pirate
cutter's engines are now ablaze", "the raider strikes again": where a small model tells what changed it most often
tells it the other way. Colour that changes nothing ("the wind howls") is left alone. Words a story uses for no change
("suddenly", "still") carried over poorly and are not read.
"""

from __future__ import annotations

import re

from assistant.guard.model import Violation, ViolationKind
from assistant.guard.screen._util import excerpt, first_match
from assistant.guard.text import Sentence

_CHANGE = re.compile(r"\b(?:now|finally|at last|remains?|again|no longer|any ?more|gives? way)\b")


def screen_changes(sentence: Sentence) -> list[Violation]:
    """A change-of-state word in the narrator's voice."""
    found = first_match(_CHANGE, sentence)
    if not found:
        return []
    detail = f"'{excerpt(sentence)}': '{found}' tells what changed; the engine's opening says that, add only colour"
    return [Violation(ViolationKind.OUTCOME, detail, excerpt(sentence))]
