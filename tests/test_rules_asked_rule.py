# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""A question that asks for a rule by a name the texts never use, and the scope margin's limit."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.coverage as coverage
from rules_index.asked_rule import absent_share, asked_rule_name, flat, quotes_the_text
from rules_index.coverage import HASH, MINILM, content_terms, judge, system_text
from rules_index.index import RulesIndex
from rules_index.scope import Beyond
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("my pc is getting old, are there aging rules", "aging"),
        ("Are there rules for fighting on horseback?", "fighting on horseback"),
        ("how does torpor work if my vamp sleeps for a century", "torpor"),
        ("how fast can a vampire run, any superhuman speed rules", "superhuman speed"),
        ("is there a list of powers to choose from", "powers to choose from"),
        ("what are the rules", ""),
        ("are there any rules?", ""),
        ("crossing the wastes, what stat for each leg of the trip", ""),
        ("already bonded with the old mechanic, do i tick progress?", ""),
        # "is there a ...": the name less the words that only say what kind of mechanic it is
        ("the pirates are getting wrecked, is there a morale check that makes them break", "morale"),
        ("how long does life support last, is there an air clock?", "air"),
        ("do i pay my workers every session, is there some upkeep cost?", "upkeep"),
        ("if i reduce it does it go to -4, or is there a floor?", ""),
        # a penalty asked for by its kind alone is named by what it is for (the texts' words for the slang are looked up)
        ("is there a penalty for starting another racket", "starting racket"),
        # a name followed by "or what ..." is only a guess: the question asks what happens whatever it is called
        ("my spell failed. is there a backfire table like the other game, or what happens to me?", ""),
        ("bar fight breaks out and i jump in swinging", ""),
    ],
)
def test_the_rule_a_question_asks_for_by_name(question: str, name: str) -> None:
    assert asked_rule_name(question) == name


def test_the_share_of_the_names_words_the_texts_never_use() -> None:
    vocabulary = {"fight", "vampir", "speed"}

    def used(word: str) -> bool:
        return word in vocabulary

    assert absent_share("are there aging rules", content_terms, used) == 1.0
    assert absent_share("any superhuman speed rules", content_terms, used) == 0.5
    assert absent_share("how does speed work", content_terms, used) == 0.0
    assert absent_share("a zorbling attacks me, what do i roll", content_terms, used) == 0.0  # names no rule


def test_the_minilm_calibration_weighs_a_named_rule_the_texts_lack() -> None:
    assert MINILM.absent_weight > 0
    assert MINILM.scope_cap is not None and MINILM.scope_cap > MINILM.threshold


def test_a_named_rule_the_texts_lack_lowers_the_support(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "are there zorbling rules"
    hits = search_index(hash_index, question, "starforged", 5)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    before = judge(question, hits, hash_index, "starforged")
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, absent_weight=0.8))
    after = judge(question, hits, hash_index, "starforged")
    assert after.support == pytest.approx(before.support - 0.8)
    # a rule the text names keeps its support
    named = "how does momentum work"
    hits = search_index(hash_index, named, "starforged", 5)
    weighed = judge(named, hits, hash_index, "starforged").support
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    assert judge(named, hits, hash_index, "starforged").support == pytest.approx(weighed)


def test_the_scope_margin_does_not_decide_above_its_cap(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "how do I swear an iron vow"
    hits = search_index(hash_index, question, "starforged", 5)
    part = Beyond("starforged", "character creation", "the moves", 0.9)
    monkeypatch.setattr(coverage, "scope_lead", lambda *args: (0.5, part))  # far closer to a lacking part
    base = replace(HASH, threshold=-100.0, scope_margin=0.06)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: base)
    support = judge(question, hits, hash_index, "starforged").support
    assert not judge(question, hits, hash_index, "starforged").covered
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(base, scope_cap=support + 0.01))
    assert not judge(question, hits, hash_index, "starforged").covered
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(base, scope_cap=support - 0.01))
    assert judge(question, hits, hash_index, "starforged").covered


def test_a_question_that_quotes_the_texts_words() -> None:
    text = flat("Pick two: Envision two options. If a move says +1 damage \u201con top of\u201d, it stacks.")
    assert quotes_the_text("how does the 'pick two' thing on the oracle work", text)
    assert quotes_the_text('does +1 "on top of" my bonuses stack?', text)
    assert quotes_the_text("does \u2018ON TOP OF\u2019 stack", text)
    assert not quotes_the_text("our faction has the 'cops on the payroll' complication", text)
    assert not quotes_the_text("i'm picking two options, what's the move's name", text)  # an apostrophe is no quote
    assert not quotes_the_text("does 'top' stack", "xtopx ontop")  # a whole word, not a piece of one
    assert not quotes_the_text("does 'on top' stack", "one top")


def test_a_quoted_phrase_the_texts_hold_adds_support(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "momentum" in system_text(hash_index, "starforged")
    question = "what does 'burn momentum' mean"
    assert quotes_the_text(question, system_text(hash_index, "starforged")) is (
        "burn momentum" in system_text(hash_index, "starforged")
    )
    question = "what does 'take +1 momentum' mean"
    assert quotes_the_text(question, system_text(hash_index, "starforged"))
    hits = search_index(hash_index, question, "starforged", 5)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    before = judge(question, hits, hash_index, "starforged").support
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, quoted_weight=0.3))
    assert judge(question, hits, hash_index, "starforged").support == pytest.approx(before + 0.3)
