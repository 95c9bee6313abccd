"""How an answer quotes the sentences it leads with: an outcome line whole, each rule once, a sentence that points
back with the one it points at, a list item under its heading.

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


#: A sentence that opens by pointing back at the one before it ("To reflect this, your crew acquires heat ...",
#: "Because of this, ...", "As a result, ..."): quoted alone, it begins mid-thought.
_POINTS_BACK = re.compile(
    r"^\W*(?:to\s+reflect\s+this|because\s+of\s+this|as\s+a\s+result|for\s+this\s+reason|this\s+is\s+why"
    r"|that\s+is\s+why|that's\s+why|that’s\s+why|in\s+that\s+case|in\s+this\s+case|therefore|thus|hence)\b",
    re.I,
)


def with_antecedent(text: str, sentence: str) -> str:
    """``sentence`` as quoted: with the sentence of the passage ``text`` before it when it opens by pointing back at
    that one ("The city is full of prying eyes ... evidence left behind. To reflect this, your crew acquires heat
    ..."); any other sentence as it is."""
    if not _POINTS_BACK.match(sentence):
        return sentence
    for line in text.splitlines():
        parts = split_sentences(line)
        if sentence in parts and parts.index(sentence) > 0:
            before = parts[parts.index(sentence) - 1]
            joined = f"{before} {sentence}"
            return joined if joined in line else sentence
    return sentence


#: A short line heading a list inside a passage ("Extreme" above "- NPCs: Elder vampires and adult werewolves").
_LIST_HEADING = re.compile(r"^[\w'’ ,&/()-]{2,40}$")


#: A label the rules text puts before a rule ("Note: Attacking a vulnerable target ignores armor."): the answer
#: quotes the rule. ("Example:" stays: it says the sentence is not the rule.)
_NOTE_LABEL = re.compile(r"^\W*note\s*:\s*(?=\S)", re.I)


def unlabelled(sentence: str) -> str:
    """``sentence`` as the answer quotes it, without a "Note:" label before the rule."""
    return _NOTE_LABEL.sub("", sentence, count=1)


def with_heading(text: str, sentence: str) -> str:
    """``sentence`` as the answer quotes it: a list item that only makes sense under the short heading above its
    list gets that heading ("Extreme: NPCs: Elder vampires and adult werewolves"); any other sentence as it is."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        item = line.strip()
        if not item.startswith(("- ", "* ")) or sentence not in item:
            continue
        for above in reversed(lines[:n]):
            head = above.strip()
            if head.startswith(("- ", "* ")):
                continue
            if head and _LIST_HEADING.match(head) and len(head.split()) <= 4 and head.lower() not in sentence.lower():
                return f"{head.rstrip(':')}: {sentence}"
            break
        break
    return sentence


def as_quoted(text: str, sentence: str) -> str:
    """A lead sentence of the passage ``text`` as the answer quotes it: its whole outcome line, with the sentence it
    points back at, under the heading of its list, without a "Note:" label."""
    return unlabelled(with_heading(text, with_antecedent(text, outcome_line(text, sentence))))
