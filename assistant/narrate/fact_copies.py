"""The fact sheet told again: a model's sentence that copies a fact of its prompt in the rules' terms, or only says again
what the engine's opening told (used by :mod:`assistant.narrate.echo` and the guard)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from assistant.narrate.echo_words import _QUOTED_LINE, RETOLD_MIN_WORDS, RETOLD_SHARE, _content, _content_words, _role, _words

_NOT_FACTS = ("your declared action", "already told to the player", "continue right after it")
#: what the fact sheet says of the player's own words and the engine's opening: a story may tell those again
FACT_MIN_WORDS = 3
FACT_SHARE = 0.8
"""A sentence of at least ``FACT_MIN_WORDS`` content words, ``FACT_SHARE`` of them one fact sentence's (and most of
that sentence's), is the fact sheet told again."""


def fact_sentences(messages: Iterable[Any]) -> list[set[str]]:
    """The content words of each sentence of the user messages (the fact sheet and the quoted reference), leaving out
    the story so far and the lines giving the player's words and the engine's opening."""
    found: list[set[str]] = []
    for message in messages:
        if _role(message) in ("ai", "assistant"):
            continue
        text = _content(message)
        if text.lstrip().lower().startswith("the story so far"):
            continue
        for line in text.splitlines():
            line = _QUOTED_LINE.sub("", line).strip()
            if not line or line.lower().startswith(_NOT_FACTS):
                continue
            whole = _content_words(_words(line)) - _RULES_TERMS  # "Outcome: a bad outcome: you try, but it goes badly."
            if FACT_MIN_WORDS <= len(whole) <= 2 * FACT_MIN_WORDS:
                found.append(whole)
            for clause in _CLAUSE_END.split(line):
                content = _content_words(_words(clause)) - _RULES_TERMS
                if len(content) >= FACT_MIN_WORDS:
                    found.append(content)
    return found


#: a fact sentence's clauses: "The text gives no result for a miss on this move; the Magistrate says what happens."
_CLAUSE_END = re.compile(r"(?<=[.!?;:])\s+")


RULES_WORDS = frozenset(
    re.findall(
        r"\S+",
        "outcome outcomes miss hit match roll rolls rolled envision answer magistrate choose pick option options hold "
        "move moves result otherwise",
    )
)
"""A copied fact is a fault when it talks rules ("The outcome is a miss: …", "On a match, imagine …", "The Magistrate
says what happens."); a move's outcome told in its own words ("You are emboldened and it is clear what you must do
next.") is story."""


_RULES_TERMS = frozenset({*(w.rstrip("s") for w in RULES_WORDS), "mean", "outcome"})
"""Left out of both sides before comparing: "The outcome means you try, but it goes badly." tells "you try, but it
goes badly" again."""


def copies_fact(words: list[str], facts: Iterable[set[str]]) -> bool:
    """Whether a sentence (its ``words``) tells one of ``facts`` (content-word sets) again, in its words or nearly,
    and in the rules' terms (:data:`RULES_WORDS`) or as the rules' alternatives ("You fail, or a momentary success is
    undermined by a dire turn of events.": a story tells what happened, not two things that might have)."""
    if words[:3] == ["you", "fail", "or"] or words[:4] == ["you", "are", "defeated", "or"]:
        return True  # the rules' alternatives for a miss, which the fact sheet no longer tells as story
    if not RULES_WORDS.intersection(words) and "or" not in words:
        return False
    content = _content_words(words) - _RULES_TERMS
    if len(content) < FACT_MIN_WORDS:
        return False
    return any(len(content & f) >= FACT_SHARE * len(content) and len(content & f) >= 0.6 * len(f) for f in facts)


def retells(sentence: str, told: Iterable[str]) -> bool:
    """Whether a model's ``sentence`` only says again what the story already opened with (``told``: the engine's
    opening and the fact sheet's formula sentences): the same words as one of them, or its content words all in
    the opening but for words that restate how it went ("You try to press the clerk, but it fails." after "You make
    your move to press the clerk. It goes wrong.")."""
    told = list(told)
    words = _words(sentence)
    if any(words == _words(t) for t in told):
        return True
    content = _content_words(words) - _OUTCOME_WORDS
    said = set().union(*(_content_words(_words(t)) for t in told)) if told else set()
    return len(content) >= RETOLD_MIN_WORDS and len(content & said) >= RETOLD_SHARE * len(content)


_OUTCOME_WORDS = frozenset(
    _content_words(
        re.findall(
            r"\S+",
            "try tried tries attempt fails failed succeed succeeds manage manages work works cost costs wrong badly well "
            "miss misses missed situation gets worse complication though however",
        )
    )
)
"""Words a model adds when it retells the opening with its outcome ("you try …, but it fails")."""
