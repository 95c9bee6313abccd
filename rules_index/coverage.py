"""Do the texts cover a question? A calibrated judgement from how well the best passages match it.

Similarity alone cannot tell "the passage that answers" from "the nearest passage of a text that does
not say": a question about experience levels in a game without levels still finds the passage about
wanted levels. The top score weighs that already: it counts the share of the question's content words
the passage uses beside how close the passage's best sentence and lead are (:mod:`rules_index.rank`). The
judgement can also take off the question's words the texts never use (absent from the system's whole
vocabulary, or from the best passages).

``support = top score - VOCAB_WEIGHT * missing-from-system - TOP_WEIGHT * missing-from-passages -
SCOPE_WEIGHT * (closeness to a part of the game the shipped text lacks - closeness to the best passage)``;
below the threshold the texts do not cover the question. Nor do they when the question is clearly about a
part the shipped text lacks (character creation in the Blades downtime chapter; :mod:`rules_index.scope`).
A sentence that tells how another game does it before the question asks ("in dungeon world my armor subtracts
from the damage. does my armour reduce the harm here?") is left out of what is judged (:mod:`rules_index.premise`);
a mechanic borrowed from another game by a name this game's texts never use ("like spell slots in 5e, ...") lowers the
support (:mod:`rules_index.compared`).
A question whether a thing lapses with time alone ("does the rumor die down after a while?") is covered only when a best
passage says how long something lasts or when it ends (:mod:`rules_index.lapse`): the move that makes the thing matches
it well and says nothing of it lapsing.
Two more pieces of evidence count for a question: told as a story before it asks, with its asking clause
alone finding another passage first (the story names the rule), and its number of content words (the share
of them the passage uses is part of the top score, lower for a long question). Weights, threshold and scope
margin were fitted on the development sets pooled, each left out in turn (the numbers at :data:`rules_index.calibration.MINILM`),
and are reported on the held-out set written after them (``python -m evals retrieve``); the hash embedder
used by fast tests has its own, looser scale and no scope check.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from rules_index.asked_rule import absent_share, flat, named_in, quotes_the_text, unnamed_share
from rules_index.calibration import HASH, MINILM, NAME_FLOOR, SCOPE_FLOOR, TERMS_CENTRE, Calibration
from rules_index.compared import borrowed_thing, borrows_unused_name, uses_word
from rules_index.lapse import asks_lapse, says_lapse
from rules_index.phrasing import CHATTER, asking_clause, narrated_action, plain_question
from rules_index.premise import without_other_games
from rules_index.results import rolled_numbers
from rules_index.scope import Beyond, scope_lead
from rules_index.terms import terms

#: Words of a question that say nothing about which rule it asks for.
GENERIC = frozenset(
    terms(
        "character characters player players game games roll rolls rolling work works get gets much many need "
        "use make take someone something thing things way ways any all also about after before during "
        "would could should may might must one two three first new again more most each every other same "
        "there here long time times start end mean means meaning happen happens happened came come comes"
    )
) | frozenset(terms(" ".join(CHATTER)))


#: "How many / how much" asks for a number ...
_COUNTING = re.compile(r"\bhow\s+(?:many|much|long|far|often)\b|\bwhat\s+number\b|\bmax(?:imum)?\b", re.I)
#: ... which a sentence gives in digits or words.
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twice|half|once)\b", re.I)


@dataclass(frozen=True)
class Coverage:
    """The judgement and the evidence behind it."""

    covered: bool
    support: float
    top_score: float
    missing_from_system: list[str]
    missing_from_passages: list[str]
    beyond: Beyond | None = None
    """The part of the game the shipped text lacks that the question asks about, if any."""


def calibration_for(embedder: Any) -> Calibration:
    """The calibration of ``embedder``'s similarity scale."""
    return HASH if str(getattr(embedder, "name", "")).startswith("hash") else MINILM


_VOCAB: dict[tuple[int, str, str | None], frozenset[str]] = {}
_VOCAB_LOCK = threading.Lock()


def system_vocabulary(index: Any, system: str | None) -> frozenset[str]:
    """Every word (as tokenised) of the passages of ``system`` (or of all systems)."""
    revision = index.revision()
    key = (id(index), revision, system)
    with _VOCAB_LOCK:
        if key not in _VOCAB:
            words: set[str] = set()
            for chunk in index.chunks():
                if system is None or chunk.system == system:
                    words.update(terms(f"{chunk.section} {chunk.text}"))
            _VOCAB[key] = frozenset(words)
        return _VOCAB[key]


_TEXTS: dict[tuple[int, str, str | None], str] = {}


def system_text(index: Any, system: str | None) -> str:
    """Every passage of ``system`` (or of all systems) as one :func:`~rules_index.asked_rule.flat` text."""
    key = (id(index), index.revision(), system)
    with _VOCAB_LOCK:
        if key not in _TEXTS:
            _TEXTS[key] = " | ".join(
                flat(f"{c.section} {c.text}") for c in index.chunks() if system is None or c.system == system
            )
        return _TEXTS[key]


def content_terms(question: str) -> list[str]:
    """The question's words that name what it asks about."""
    words = terms(plain_question(question))
    return list(dict.fromkeys(t for t in words if t not in GENERIC and not t.isdigit() and len(t) > 1))


def one_edit_apart(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` the same word but for one letter added, dropped or changed ("neighbourhood")?"""
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    if len(a) > len(b):
        a, b = b, a
    i = next((n for n, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), len(a))
    return a[i + (len(a) == len(b)) :] == b[i + 1 :]


def known(word: str, vocabulary: frozenset[str]) -> bool:
    """Does the text use ``word``: as it is, with a one-letter typo or spelling variant in a longer word
    ("neighbourhood"), or as the head or tail of a compound the text uses ("ship" in "starship")?"""
    if word in vocabulary:
        return True
    if len(word) >= 6 and any(one_edit_apart(word, v) for v in vocabulary if abs(len(v) - len(word)) <= 1):
        return True
    return len(word) >= 4 and any(len(v) >= len(word) + 3 and (v.startswith(word) or v.endswith(word)) for v in vocabulary)


def names_a_result(question: str) -> bool:
    """Does the question name a roll's result: a number it rolled ("got an 8", "came up 58") or an outcome
    ("weak hit", "missed")?"""
    from rules_index.lead import _OUTCOME_WORDS  # lead reads this module's patterns

    return bool(rolled_numbers(question)) or bool(_OUTCOME_WORDS.search(question))


def gives_number(question: str, hits: Sequence[Any], index: Any) -> bool:
    """Does the sentence of ``hits`` closest to ``question`` give a number (digits or a number word)?"""
    from rules_index.rank import query_vector
    from rules_index.sentences import passage_sentences, sentence_vectors

    sentences = [s for hit in hits for s in passage_sentences(hit.chunk)]
    if not sentences:
        return False
    sims = sentence_vectors(index).matrix(sentences) @ query_vector(index, question)
    return bool(_NUMBER.search(sentences[int(np.argmax(sims))]))


def relevance(hit: Any) -> float:
    """A hit's relevance on the scale the judgement was calibrated on (its score when it has none)."""
    value = getattr(hit, "relevance", None)
    return float(hit.score if value is None else value)


def by_relevance(hits: Sequence[Any]) -> list[Any]:
    """``hits`` most relevant first (the judgement's order; the ranking may order them otherwise)."""
    return sorted(hits, key=lambda h: -relevance(h))


def story_first(question: str, hits: Sequence[Any], index: Any, system: str | None) -> bool:
    """Does ``question`` tell a story before it asks, with its asking clause alone finding another passage
    most relevant than the whole question (``hits``, most relevant first)?"""
    from rules_index.search import search_index  # search ranks with this module's content words

    clause = asking_clause(question)
    if clause == question or not hits:
        return False
    alone = by_relevance(search_index(index, clause, system, 5))
    return bool(alone) and alone[0].chunk.id != hits[0].chunk.id


def borrowed(thing: str, index: Any, system: str | None) -> bool:
    """Is ``thing``, a mechanic's name borrowed from another game (:mod:`rules_index.compared`: "like spell slots in
    5e, ..."), named with a word ``system``'s texts do not use?"""
    if not system or not thing:
        return False
    text, vocabulary = f" {system_text(index, system)} ", system_vocabulary(index, system)
    return borrows_unused_name(
        thing, content_terms, lambda word: uses_word(word, text, lambda w: any(known(t, vocabulary) for t in content_terms(w)))
    )


def judge(
    question: str, hits: Sequence[Any], index: Any, system: str | None, top: int = 3, borrowed_from: str | None = None
) -> Coverage:
    """Whether the texts (of ``system``) cover ``question``, given its ranked ``hits`` (``borrowed_from``: the name of
    a mechanic it borrows from another game, when a premise was already left out of ``question``)."""
    if not hits:
        return Coverage(False, 0.0, 0.0, [], [])
    if borrowed_from is None:
        borrowed_from = borrowed_thing(question, system)
    own = without_other_games(question, system)
    if own != question:  # judged on what it asks of this game, without how another game does it
        from rules_index.search import search_index  # search ranks with this module's content words

        return judge(own, search_index(index, own, system, max(5, len(hits))), index, system, top, borrowed_from)
    hits = by_relevance(hits)  # judged in the order of the scale it was calibrated on
    asked = content_terms(question)
    vocabulary = system_vocabulary(index, system)
    passages: set[str] = set()
    for hit in hits[:top]:
        passages.update(terms(f"{hit.chunk.section} {hit.text}"))
    missing_system = [t for t in asked if not known(t, vocabulary)]
    missing_passages = [t for t in asked if t not in passages]
    n = max(1, len(asked))
    cal = calibration_for(index.embedder)
    top_score = relevance(hits[0])
    support = top_score - cal.vocab_weight * len(missing_system) / n - cal.top_weight * len(missing_passages) / n
    plain = plain_question(question)
    lead, part = (0.0, None) if cal.scope_margin is None else scope_lead(plain, hits, index, system)
    support -= cal.scope_weight * lead
    if cal.borrowed_weight and borrowed(borrowed_from, index, system):
        support -= cal.borrowed_weight
    if cal.number_weight and _COUNTING.search(plain) and not gives_number(plain, hits[:top], index):
        support -= cal.number_weight
    support += cal.action_weight if narrated_action(question) else 0.0
    support += cal.result_weight if cal.result_weight and names_a_result(question) else 0.0
    support += cal.term_weight * max(0, len(asked) - TERMS_CENTRE)
    if cal.quoted_weight and quotes_the_text(question, system_text(index, system)):
        support += cal.quoted_weight
    if cal.absent_weight:
        support -= cal.absent_weight * absent_share(question, content_terms, lambda word: known(word, vocabulary))
    best_words = set(terms(f"{hits[0].chunk.section} {hits[0].text}"))
    if cal.named_weight and named_in(question, content_terms, best_words):
        support += cal.named_weight
    if cal.unnamed_weight:
        support -= cal.unnamed_weight * unnamed_share(question, content_terms, best_words)
    support += cal.story_weight if cal.story_weight and story_first(question, hits, index, system) else 0.0
    beyond_scope = cal.scope_margin is not None and lead >= cal.scope_margin
    if beyond_scope and part is not None and part.closeness < SCOPE_FLOOR:
        beyond_scope = False  # a part the question hardly names is not what it asks about, however far the passages
    if beyond_scope and cal.scope_cap is not None and support >= cal.scope_cap:
        beyond_scope = False  # the passage answers too well for a lacking part to be what the question asks
    # whether a thing lapses with time alone is said in so many words or not at all ("does it die down after a while?")
    unsaid_lapse = cal.scope_margin is not None and asks_lapse(plain) and not says_lapse(h.text for h in hits[:top])
    covered = support >= cal.threshold and not beyond_scope and not unsaid_lapse
    # the answer names the lacking part when the question is closer to it than to any passage, and close to
    # it at all: "can two PCs help each other" is not about "character creation" however far the passages are
    beyond = part if not covered and lead >= 0 and part is not None and part.closeness >= NAME_FLOOR else None
    return Coverage(covered, support, top_score, missing_system, missing_passages, beyond)
