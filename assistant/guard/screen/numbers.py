"""A model's sentence with a number in it: every number the player reads is the engine's (the card shows it).

"You roll initiative… your number is 13" (the engine set 14), "the die that counts shows a 5" (it rolled 3), "a
death toll much lower, two dozen": the model has no number of its own to give. "One" is left alone ("no one",
"one of the guards").
"""

from __future__ import annotations

import re

from assistant.guard.model import Violation, ViolationKind
from assistant.guard.screen._util import excerpt, first_match
from assistant.guard.text import Sentence
from assistant.guard.vocab import NUMBER_WORDS as VOCAB_NUMBERS

#: The guard's number words from two up ("one" is left alone), and the words of an amount or a multiple.
NUMBER_WORDS = [
    *(word for word, value in VOCAB_NUMBERS.items() if value >= 2),
    *("hundreds", "thousand", "thousands", "half", "twice", "double", "triple"),
]
_NUMBER = re.compile(r"\d+|\b(?:" + "|".join(NUMBER_WORDS) + r")\b")


def screen_numbers(sentence: Sentence) -> list[Violation]:
    """A digit or a number word in the narrator's voice."""
    found = first_match(_NUMBER, sentence)
    if not found:
        return []
    detail = f"'{excerpt(sentence)}': the story gives the number '{found}'; every number is the engine's, leave it out"
    return [Violation(ViolationKind.NUMBER, detail, excerpt(sentence))]
