"""What other passages say a move is for: the words that send the reader to it ("anchor text").

A move is often described best by the passages that point to it. Fulfill Your Vow ends with "Give up on the
quest: Forsake Your Vow."; Endure Stress's table says "You give up. Forsake Your Vow."; Take a Break offers
"Stop for now: End a Session.". A GM who asks "what happens when I give up on a vow" names Forsake Your Vow
by those words, not by its own ("renounce your quest"). The ranking compares a question with these
phrases as if they were sentences of the move they point to (:mod:`rules_index.rank`), and the pointing
passage does not keep them as its own: the option is the other move's description.

Two forms are read, in passages of the same system:

- an option "Label: Move Name" (the label is the anchor);
- a short sentence followed by a sentence that is only a move's name ("You give up. Forsake Your Vow.");
  an outcome line ("On a miss, ... Pay the Price.") says when a move is made, not what it is, so it is not one.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from rules_index.chunk import Chunk
from rules_index.sentences import body, split_sentences

#: "Give up on the quest: Forsake Your Vow." -> ("Give up on the quest", "Forsake Your Vow")
_OPTION = re.compile(r"^\W*([^:|]{3,80}?):\s*(.+?)\s*[.!]?\s*$")
#: A table row's range before its result ("11-25 | You give up.").
_ROW_RANGE = re.compile(r"^\s*\d{1,3}\s*[-–]\s*\d{1,3}\s*\|\s*|^\s*\d{1,3}\s*\|\s*")
MAX_ANCHOR_WORDS = 8  #: a sentence before a bare move name longer than this is the passage's own rule


@dataclass(frozen=True)
class Anchors:
    """Per passage id: the phrases other passages use for it, and its own options that only point to another
    move ("Give up on the quest: Forsake Your Vow."), which describe that move rather than this one. A table
    row that names a move ("You give up. Forsake Your Vow.") stays the passage's own: it is its result."""

    to: dict[str, tuple[str, ...]]
    pointing: dict[str, frozenset[str]]


def plain_title(chunk: Chunk) -> str:
    """The passage's title without a parenthesis, lower-cased ("Steer Clear (Environs)" -> "steer clear")."""
    title = chunk.section_path[-1] if chunk.section_path else ""
    return " ".join(re.sub(r"\s*\(.*?\)\s*", " ", title).lower().split())


def _name(text: str) -> str:
    return " ".join(text.strip(" *.!").lower().split())


def find_anchors(chunks: list[Chunk]) -> Anchors:
    """The anchors among ``chunks`` (rules notes neither point nor are pointed to)."""
    by_title: dict[tuple[str, str], Chunk] = {}
    every_title = {(c.system, plain_title(c)) for c in chunks}
    for chunk in chunks:
        title = plain_title(chunk)
        if chunk.origin != "note" and len(title.split()) >= 2:
            by_title.setdefault((chunk.system, title), chunk)
    to: dict[str, list[str]] = defaultdict(list)
    pointing: dict[str, set[str]] = defaultdict(set)
    for chunk in chunks:
        if chunk.origin == "note":
            continue
        raw = split_sentences(body(chunk))
        sentences = [_ROW_RANGE.sub("", s) for s in raw]
        for i, sentence in enumerate(sentences):
            option = _OPTION.match(sentence)
            target = by_title.get((chunk.system, _name(option.group(2)))) if option else None
            if option and target is not None and target is not chunk:
                to[target.id].append(option.group(1).strip())
                pointing[chunk.id].add(raw[i])
                continue
            target = by_title.get((chunk.system, _name(sentence)))
            before = sentences[i - 1] if i else ""
            if (
                target is not None
                and target is not chunk
                and before
                and len(before.split()) <= MAX_ANCHOR_WORDS
                and not before.lower().startswith("on a")
                and (chunk.system, _name(before)) not in every_title
            ):
                to[target.id].append(before.strip(" :"))
    return Anchors(
        {cid: tuple(dict.fromkeys(phrases)) for cid, phrases in to.items()},
        {cid: frozenset(s) for cid, s in pointing.items()},
    )
