"""How an answer quotes the sentences it leads with: an outcome line whole, each rule once.

The sentence splitter cuts an outcome line into sentences ("On a miss, your spell fails." / "Take two
penalties."); quoted alone, its first sentence drops what the result costs. The answer quotes the line whole
when it is short, and a later quote already inside an earlier one is not repeated.
"""

from __future__ import annotations

import re

from rules_index.results import result_range
from rules_index.sentences import split_sentences

#: An outcome line named by its result rather than a number ("On a miss, ...", "On a strong hit, ...").
_OUTCOME = re.compile(r"^\W*on\s+an?\s+(?:miss|hit|strong\s+hit|weak\s+hit)\b", re.I)
_BULLET = re.compile(r"^[\s\-*•✴]+")
#: An outcome line longer than this is quoted from its first sentence only (a table cell, a walkthrough).
MAX_LINE_WORDS = 45


def outcome_line(text: str, sentence: str) -> str:
    """``sentence`` as quoted: the whole outcome line of the passage ``text`` it is part of ("On a miss, your spell
    fails. Take two penalties.", "10+ You hear a rumor ... You may write a new belief based on the rumor."); any
    other sentence as it is."""
    for line in text.splitlines():
        item = _BULLET.sub("", line).strip()
        if sentence not in item or len(item) <= len(sentence) or len(item.split()) > MAX_LINE_WORDS:
            continue
        # the line is one outcome line: its result and every sentence of it belong together (not a table's rows
        # run together into one line, "57–62. ... 63–68. ... 69–74. You waste blood")
        outcomes = sum(1 for part in split_sentences(item) if result_range(part) or _OUTCOME.match(part))
        return item if outcomes == 1 and (result_range(item) or _OUTCOME.match(item)) else sentence
    return sentence


def once_each(quotes: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The (quote, passage) pairs without one whose words an earlier quote already holds."""
    kept: list[tuple[str, int]] = []
    for quote, n in quotes:
        if not any(quote.strip(" .").lower() in earlier.lower() for earlier, _ in kept):
            kept.append((quote, n))
    return kept
