# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""A question that asks for a rule by name ("is there a rule for how long I have before I run out of air?") whose best
passage never uses that name is not answered by it: the nearest passage (Endure Harm) speaks of something else."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.coverage as coverage
from rules_index.asked_rule import asked_rule_name, unnamed_share
from rules_index.coverage import HASH, MINILM, content_terms, judge
from rules_index.index import RulesIndex
from rules_index.search import search_index
from rules_index.terms import terms
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

_ENDURE_HARM = (
    "Endure Harm. When you face physical damage, suffer -1 health or more. Then, roll +health or +iron. "
    "On a strong hit, choose one: shake it off or embrace the pain."
)
_RUN_THE_SCHEME = "Run the Scheme. When you check in on your scheme, answer one of the questions and roll +Productivity."


def _words(text: str) -> set[str]:
    return set(terms(text))


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        ("my suit cracked on a spacewalk, any rule for how long my oxygen lasts?", _ENDURE_HARM),
        ("is there a rule for suffocating in vacuum?", _ENDURE_HARM),
        ("is there a table for radiation sickness?", _ENDURE_HARM),
        ("do my workers want paying, is there some maintenance cost?", _RUN_THE_SCHEME),
        ("is there a rule for dumping a body so the cops never find it?", _RUN_THE_SCHEME),
        ("how does bribery work when the scheme gets raided?", _RUN_THE_SCHEME),
    ],
)
def test_a_rule_asked_for_by_a_name_the_best_passage_never_uses(question: str, passage: str) -> None:
    assert unnamed_share(question, content_terms, _words(passage)) == 1.0


@pytest.mark.parametrize(
    ("question", "passage"),
    [
        # the passage uses the name: it may well answer
        ("is there a rule for physical damage?", _ENDURE_HARM),
        ("how does endure harm work?", _ENDURE_HARM),
        ("are there rules for checking in on a scheme?", _RUN_THE_SCHEME),
        # no rule asked for by name: told as an action, or asked what a move does
        ("took a knife in the ribs, what do i roll?", _ENDURE_HARM),
        ("we check on the gin racket, what happens on a 7?", _RUN_THE_SCHEME),
        # a name the question only mentions is its premise, not what it asks for
        ("the duel rules only list fighters, so what's my druid's damage die?", _ENDURE_HARM),
    ],
)
def test_a_name_the_best_passage_uses_or_no_name_at_all_takes_nothing_off(question: str, passage: str) -> None:
    assert unnamed_share(question, content_terms, _words(passage)) == 0.0


def test_the_share_counts_the_words_of_the_name_the_passage_leaves_out() -> None:
    # "physical" is in the passage, "exhaustion" is not
    assert unnamed_share("is there a rule for physical exhaustion?", content_terms, _words(_ENDURE_HARM)) == 0.5


def test_a_name_mentioned_in_passing_still_counts_where_a_name_may_be_asked_for() -> None:
    question = "the duel rules only list fighters, so what's my druid's damage die?"
    assert asked_rule_name(question) == "duel"  # the texts' vocabulary check reads it as before
    assert asked_rule_name(question, asking_only=True) == ""


def test_the_minilm_calibration_weighs_a_name_the_best_passage_leaves_out() -> None:
    assert MINILM.unnamed_weight > 0 and HASH.unnamed_weight == 0


def test_the_share_is_taken_off_the_support(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "is there a rule for suffocating in vacuum?"
    hits = search_index(hash_index, question, "starforged", 5)
    best = coverage.by_relevance(hits)[0]
    share = unnamed_share(question, content_terms, _words(f"{best.chunk.section} {best.text}"))
    assert share > 0
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    before = judge(question, hits, hash_index, "starforged").support
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, unnamed_weight=1.0))
    assert judge(question, hits, hash_index, "starforged").support == pytest.approx(before - share)
