# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""The answer leads with the move a question names the way players shorten it ("how does a big risk work?" is Take a
Big Risk, not Steer Clear's "... instead Take a Big Risk"), and a sentence that points back at the one before it ("To
reflect this, your crew acquires heat ...") is quoted with that sentence, not mid-thought."""

from __future__ import annotations

import pytest

import rules_index.lead as lead
from rules_index.chunk import Chunk
from rules_index.index import RulesIndex
from rules_index.lead import highlight_sentences, named_passages, short_name
from rules_index.quoting import as_quoted, with_antecedent
from rules_index.search import Hit
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


def _hit(title: str, text: str) -> Hit:
    chunk = Chunk(title, "city", ["Basic Moves", title], title, "city.txt", 1, 2, f"{title}\n{text}")
    return Hit(chunk=chunk, score=1.0)


STEER_CLEAR = _hit(
    "Steer Clear (Environs)",
    "When you try to avoid danger, roll +Environs. If you're already in a dangerous situation, or have been noticed "
    "by a threat, instead Take a Big Risk.",
)
BIG_RISK = _hit(
    "Take a Big Risk",
    "When you do something dangerous, felonious, violent, or imprudent describe what you fear might happen, mark Heat "
    "and roll + most relevant attribute.",
)
MEET = _hit("Meet Someone New (Network)", "When you introduce yourself to someone new, roll +Network.")


@pytest.mark.parametrize(
    ("name", "short"),
    [("take a big risk", "big risk"), ("meet someone new", "someone new"), ("endure harm", ""), ("pay the price", "")],
)
def test_a_moves_short_name_drops_its_opening_verb(name: str, short: str) -> None:
    assert short_name(name) == short


@pytest.mark.parametrize(
    "question",
    ["how does a big risk work?", "what's a big risk for?", "when do i roll a big risk", "big risk - what do i roll?"],
)
def test_a_move_named_by_its_short_name(question: str) -> None:
    assert named_passages(question, [STEER_CLEAR, BIG_RISK]) == {1: "big risk"}


def test_the_whole_name_wins_over_a_short_one() -> None:
    assert named_passages("what happens when i take a big risk near someone new?", [MEET, BIG_RISK]) == {1: "take a big risk"}
    assert named_passages("how do i steer clear of a big risk?", [STEER_CLEAR, BIG_RISK]) == {0: "steer clear"}


def _scores(question: str, hits: list[Hit], index: RulesIndex) -> dict[str, float]:
    return {sentence: score for rows in highlight_sentences(question, hits, index, per_passage=3) for score, sentence in rows}


def test_how_a_big_risk_works_leads_with_its_trigger(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    question, hits = "how does a big risk work?", [BIG_RISK, STEER_CLEAR]
    scores = _scores(question, hits, hash_index)
    trigger = next(s for s in scores if s.startswith("When you do something dangerous"))
    mention = next(s for s in scores if s.endswith("instead Take a Big Risk."))
    assert max(scores, key=scores.__getitem__) == trigger
    # read without short names, the sentence that only refers to the move stands higher against its own trigger
    monkeypatch.setattr(lead, "short_name", lambda name: "")
    before = _scores(question, hits, hash_index)
    assert scores[trigger] - scores[mention] > before[trigger] - before[mention]


HEAT = (
    "The city is full of prying eyes and informants. Anything you do might be witnessed, and there's always evidence "
    "left behind. To reflect this, your crew acquires heat as they commit crimes. After a score, your crew takes heat."
)


@pytest.mark.parametrize(
    ("sentence", "before"),
    [
        ("To reflect this, your crew acquires heat as they commit crimes.", "Anything you do might be witnessed"),
        ("As a result, the gang is out of action.", "The gang takes a beating."),
        ("Because of this, you mark stress.", "You push yourself."),
    ],
)
def test_a_sentence_that_points_back_is_quoted_with_the_one_before(sentence: str, before: str) -> None:
    text = HEAT if sentence.startswith("To reflect") else f"Intro line.\n\n{before} {sentence} Next one."
    quoted = with_antecedent(text, sentence)
    assert quoted.endswith(sentence) and quoted.startswith(before)
    assert as_quoted(text, sentence) == quoted


def test_any_other_sentence_is_quoted_alone() -> None:
    assert with_antecedent(HEAT, "After a score, your crew takes heat.") == "After a score, your crew takes heat."
    # pointing back with nothing before it in its paragraph: quoted as it is
    assert with_antecedent("To reflect this, you roll.", "To reflect this, you roll.") == "To reflect this, you roll."
    # "this" that does not point back
    assert with_antecedent(HEAT, "The city is full of prying eyes and informants.").startswith("The city")
