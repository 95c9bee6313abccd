"""The rules' text told as the story: a run of a rules passage the narrator was given, read out as what happens.

A small model short of story reads out what it was shown. Besides the prompt's own instructions
(:mod:`assistant.guard.prompt_copy`), the fact sheet's lines (:mod:`assistant.guard.sheet_copy`,
:mod:`assistant.guard.sheet_lines`) and earlier turns (:mod:`assistant.guard.earlier`), it was shown the rules
passages of the move (the retrieved reference, ``quotable``) and the move's own text in the ruleset; a sentence that
tells a long run of them as a claim reads the rules out: "The character demands that you provide information they have
access to or take an action they are capable of taking." (Direct Someone to Act's trigger, told as the story on its
weak hit). The check reads the shape, not the words of any miss: a run of :data:`RUN` words, :data:`SUBSTANCE` of them
words of substance, that is in a rules passage and in none of the texts the story may tell in their own words: this
turn's outcome text (the engine's result, which the standard lets a story tell in the rules' plain words), the
player's words, the engine's opening, the oracle question and the fact sheet.

It passes a quotation ('The rules say: "…"', a line set off in quotes), a rule recited with its condition ("When you
…", "If you …", "On a hit …": the rules quoted as rules), a question, and a sentence told as a hypothetical or a general
truth ("Anything you do might be witnessed, and there's always evidence left behind.": the rules' picture of the world,
no event told). Read only for a model's draft (``facts.sheet``): the offline template tells the engine's text as it is.
"""

from __future__ import annotations

import re
from functools import lru_cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, normalize_words

RUN = 8
"""Consecutive words shared with a rules passage that make a sentence its reading (a phrase of six, "the hustle and
bustle of the city", is still everyday speech)."""
SUBSTANCE = 3
"""Words of five letters or more the run must hold: a run of small words ("you do not get what you") says nothing of
the rules' own."""

_SPLIT = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")
#: A rule recited with its condition, or the rules named as the speaker: the rules quoted as rules.
_RECITED = re.compile(
    r"^\W*(?:when(?:ever)?\s+you|if\s+you|on\s+an?\s+(?:strong\s+|weak\s+)?(?:hit|miss|match)|on\s+\d|\d+\s*[+-])"
    r"|\b(?:the\s+)?(?:rules?|text|move)\s+(?:says?|reads?|states?)\b",
    re.I,
)


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


def _telling(run: tuple[str, ...]) -> bool:
    return sum(len(w) >= 5 for w in run) >= SUBSTANCE


@lru_cache(maxsize=64)
def _move_texts(system: str, moves: frozenset[str]) -> tuple[str, ...]:
    """The ruleset's own text of the moves made this turn (their trigger and full text), by name or id."""
    from assistant.guard.system_words import ruleset_moves

    out: list[str] = []
    for move in ruleset_moves(system):
        if move.name.lower() in moves or move.id.replace("_", " ") in moves:
            out += [str(getattr(move, "trigger", "") or ""), str(getattr(move, "text", "") or "")]
    return tuple(t for t in out if t)


@lru_cache(maxsize=64)
def _rules_runs(passages: tuple[str, ...], allowed: str) -> frozenset[tuple[str, ...]]:
    """The telling runs of the rules passages that no allowed text holds."""
    mine = _runs(normalize_words(allowed).split())
    found: set[tuple[str, ...]] = set()
    for passage in passages:
        found |= {run for run in _runs(normalize_words(passage).split()) if _telling(run)}
    return frozenset(found - mine)


def check_rules_told(text: str, facts: Facts, intent: str | None = None, question: str | None = None) -> list[Violation]:
    """A sentence of a model's draft that tells a run of the rules passages as the story (see the module's docstring).
    Read on the raw text: a sentence that is the rules word for word is set aside as engine text by the sentence
    reader."""
    if not facts.sheet or not facts.results:
        return []
    passages = tuple(facts.passages) + _move_texts((facts.system or "").lower(), frozenset(facts.moves))
    if not passages:
        return []
    own = [r.text or "" for r in facts.results]
    allowed = " | ".join([*own, intent or "", question or "", *facts.told, facts.sheet])
    rules = _rules_runs(passages, allowed)
    if not rules:
        return []
    for sentence in _SPLIT.split(text):
        line = sentence.strip().lstrip("> \t").strip()
        if not line or line.rstrip("\"')").endswith("?") or '"' in line or "\u201c" in line or _RECITED.search(line):
            continue
        words = normalize_words(line).split()
        if OUTCOME_HYPOTHETICAL & set(words):
            continue  # "Anything you do might be witnessed": the rules' picture of the world, no event told
        shared = _runs(words) & rules
        if shared:
            run = " ".join(sorted(shared)[0])
            excerpt = " ".join(line.split())
            detail = f"'{excerpt}' reads out the rules' text ('{run}…') as the story; tell what happens in this scene"
            return [Violation(ViolationKind.ECHO, detail, excerpt)]
    return []
