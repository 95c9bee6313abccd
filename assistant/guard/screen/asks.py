"""A model's sentence that asks or instructs: the prompt read out ("Now, what does it do in answer?", "Choose two.",
"Envision how you react.") or the player's turn taken. The chat hands the turn over itself."""

from __future__ import annotations

import re

from assistant.guard.model import Violation, ViolationKind
from assistant.guard.screen._util import excerpt
from assistant.guard.text import Sentence

ORDERS = (
    "choose pick select envision describe decide roll make tell mark take gain lose say imagine consider remember note "
    "narrate write continue add"
)
#: The turn handed over ("What do you do?", "What happens because of it?"): a question the labels read as story.
_HANDOVER = re.compile(r"\s*(?:now,? )?what (?:do|will|would) you (?:do|choose)\b|\s*what happens\b")
_ORDER = re.compile(r"\s*[\"'(]?\s*(?:" + "|".join(ORDERS.split()) + r")\b")


def screen_asks(sentence: Sentence) -> list[Violation]:
    """A question in the narrator's voice, or a sentence that opens with an order."""
    if "?" in sentence.narr and not _HANDOVER.match(sentence.narr):
        detail = f"'{excerpt(sentence)}': a question to the player; the story tells, the chat hands the turn over"
        return [Violation(ViolationKind.ECHO, detail, excerpt(sentence))]
    if _ORDER.match(sentence.narr):
        detail = f"'{excerpt(sentence)}': an instruction, not story; tell what happens in the world"
        return [Violation(ViolationKind.ECHO, detail, excerpt(sentence))]
    return []
