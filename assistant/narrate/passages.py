"""The rules passages a narrator is given, shaped for a story: a move's passage cut before the results it lists,
without the sentences on dice, on the reading's sources or on how the roll is made (the engine has rolled)."""

from __future__ import annotations

import re
from typing import Any

#: A line of a move's text that starts telling its results ("On a weak hit…", "- 7 - 9 Pick 2", "1-3: Tier -1").
_RESULTS_START = re.compile(
    r"\bon an? (?:strong|weak|miss|hit|critical|full|partial|bad|match|\d)|^\s*[-*•]?\s*\d+\s*(?:\+|[-–]\s*\d+)"
    r"|\b\d+\s*[-–/]\s*\d+\s*:",
    re.I | re.M,
)


def before_results(text: str) -> str:
    """A move's passage up to where it starts listing its results: the trigger and the fiction, without the other
    outcomes and their numbers, which a small model tells as this turn's ("Take +2 momentum" on a weak hit)."""
    m = _RESULTS_START.search(text)
    if m is None:
        return text
    start = text.rfind("\n", 0, m.start()) + 1
    return text[:start].rstrip() or text


#: A sentence of a passage that speaks of dice or of where a reading comes from, not of the fiction: given a rules note
#: ("… -1d6 when you take what you can get. This reading rests on the sentence: …"), a 1.5B model told "You deal 1d6
#: damage to the target."
_NOT_STORY_SENTENCE = re.compile(
    r"\b\d*d\d+\b|\brests on the sentence\b|\bshipped text\b|\bused as facts\b|\bCC BY\b|\bthe text (?:names|gives)\b",
    re.I,
)


#: A sentence on how the roll is made ("Otherwise, roll.", "The Magistrate will indicate whether you should roll with
#: Sway, Heat, or flat", "If you must roll with Heat, roll minus the number of marked Heat."): the engine has made
#: the roll, and a small model given it told the player "You must roll with Heat" after the roll (runs AY, BA, BA2).
#: A trigger ("When you use secret knowledge ..., then roll with advantage") stays: it says what the move is.
_ROLL_PROCEDURE = re.compile(
    r"\b(?:should|must|may|can|will|would|then)\s+roll\b(?!\s+with\s+the\s+punches)|\broll\s+(?:minus|plus)\b"
    r"|^\W*(?:otherwise,\s+)?roll\W*$",
    re.I,
)
_TRIGGER = re.compile(r"^\W*when\s+you\b", re.I)


def _story_sentence(sentence: str) -> bool:
    """Whether a sentence of a move's passage is background for a story (see :func:`story_passage`)."""
    if _NOT_STORY_SENTENCE.search(sentence):
        return False
    return not _ROLL_PROCEDURE.search(sentence) or bool(_TRIGGER.match(sentence))


def story_passage(text: str) -> str:
    """A move's passage as a narrator's background: before the results it lists (:func:`before_results`), without
    the sentences on dice and on the reading's sources (:data:`_NOT_STORY_SENTENCE`) or on how the roll is made
    (:data:`_ROLL_PROCEDURE`)."""
    kept = []
    for line in before_results(text).split("\n"):
        sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z\u201c\"])", line)
        told = [s for s in sentences if _story_sentence(s)]
        if told or not line.strip():
            kept.append(" ".join(told))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(kept)).strip()


def passage_origin(hit: Any) -> str:
    """Where a retrieved passage comes from: ``corpus``, ``note`` or ``homebrew`` ("" when it does not say)."""
    return str(getattr(getattr(hit, "chunk", None), "origin", "") or "")
