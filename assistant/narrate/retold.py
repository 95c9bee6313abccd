"""What a model's sentence says again, and what it leans on, read against the story the player already has.

A small model going on from the engine's opening often starts by telling it again in its own words ("The raider lunges
at you with a vibroblade, but you are prepared." after "A raider lunges at you with a vibroblade; you fight back."),
or puts its own part after a copy of it ("The ambient introduces a new hazard: the watchman is awake and sees you.").
The chat leaves out the copy and keeps the new part. When a sentence is left out, the next one may point back at it
("It's a sign of activity from long ago." after the left-out "You notice a faint glow on the wall."): shown alone it
makes no sense, so it is left out too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from assistant.narrate.echo_words import FUNCTION_WORDS

RUN_WORDS = 5
"""A run of this many words, word for word as in the opening, is the opening told again."""
RUN_CONTENT_WORDS = 2
"""…when at least this many of them carry meaning ("at the end of the" is no copy)."""
TAIL_MIN_WORDS = 3
"""The model's own part after a copied head is kept when it has at least this many words."""

_WORD = re.compile(r"[a-z0-9']+")
#: where a model joins a copy of the opening to its own part: a colon, a semicolon, a dash
_JOIN = re.compile(r"\s*(?::|;|\s[-\u2013\u2014]\s|\u2014)\s*")
#: a sentence that opens on a word pointing back at the one before it
_POINTS_BACK = re.compile(r"^[\s\"'\u201c]*(?:it|its|it's|they|them|their|this|that|these|those|he|she|his|her)\b", re.I)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def copies_run(sentence: str, told: Iterable[str], run: int = RUN_WORDS) -> bool:
    """Whether ``sentence`` has ``run`` words in a row, word for word, from one of ``told`` (at least
    :data:`RUN_CONTENT_WORDS` of them meaningful), or is shorter and all in one of them."""
    words = _words(sentence)
    told = list(told)
    if len(words) < run:  # a short sentence is a copy when all of it is in one of them ("You fight back.")
        return len(words) >= 2 and any(f" {' '.join(words)} " in f" {' '.join(_words(t))} " for t in told)
    runs: set[tuple[str, ...]] = set()
    for text in told:
        seen = _words(text)
        runs.update(tuple(seen[i : i + run]) for i in range(len(seen) - run + 1))
    for i in range(len(words) - run + 1):
        key = tuple(words[i : i + run])
        if key in runs and sum(1 for w in key if w not in FUNCTION_WORDS and len(w) > 2) >= RUN_CONTENT_WORDS:
            return True
    return False


def fresh_tail(sentence: str, retold: Callable[[str], bool]) -> str:
    """The model's own part of a sentence that opens with a copy of what was told ("" when there is none): the words
    after a colon, semicolon or dash, when the part before it is ``retold`` and the part after it is not."""
    parts = _JOIN.split(sentence.strip(), maxsplit=1)
    if len(parts) != 2:
        return ""
    head, tail = parts
    tail = tail.strip()
    if len(_words(tail)) < TAIL_MIN_WORDS or not retold(head) or retold(tail):
        return ""
    return tail[0].upper() + tail[1:] + sentence[len(sentence.rstrip()) :]  # the space after it, as it came


def points_back(sentence: str) -> bool:
    """Whether ``sentence`` opens on a word pointing back at the sentence before it ("It", "He", "They", "This")."""
    return bool(_POINTS_BACK.match(sentence))
