# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Round 21: "how does mana work?" in a Dungeon World campaign was answered "the rules do not say", though the Spells
passage it found first says "you must have mana equal to a spell's level": a rule asked for by a name the best
passage uses counts for the answer."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.coverage as coverage
from rules_index.asked_rule import named_in
from rules_index.coverage import HASH, MINILM, content_terms, judge
from rules_index.index import RulesIndex
from rules_index.search import search_index
from rules_index.terms import terms
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401

_SPELLS = "Spells function like normal moves, but you must have mana equal to a spell's level in order to cast that spell."


def test_a_rule_named_by_the_passage() -> None:
    passage = set(terms(f"Spells {_SPELLS}"))
    assert named_in("how does mana work?", content_terms, passage)
    assert not named_in("how does torpor work?", content_terms, passage)  # a name the passage never uses
    assert not named_in("I cast a spell, what do I roll?", content_terms, passage)  # no rule asked for by name


def test_the_minilm_calibration_weighs_a_rule_the_best_passage_names() -> None:
    assert 0 < MINILM.named_weight < MINILM.threshold


def test_a_named_rule_the_best_passage_uses_raises_the_support(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "how does momentum work"
    hits = search_index(hash_index, question, "starforged", 5)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    before = judge(question, hits, hash_index, "starforged").support
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, named_weight=0.3))
    assert judge(question, hits, hash_index, "starforged").support == pytest.approx(before + 0.3)
