# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""A question that asks what a thing does or costs, by a name the texts never use ("how much damage does a plasma
rifle deal" in a game without plasma rifles), is judged as one that asks for a rule by such a name."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.asked_rule as asked_rule
import rules_index.coverage as coverage
from rules_index.asked_rule import absent_share, asked_thing_name
from rules_index.coverage import HASH, MINILM, content_terms, judge
from rules_index.index import RulesIndex
from rules_index.search import search_index
from tests.rules_index_fixtures import hash_index, tabletop_home, three_games_minilm  # noqa: F401


@pytest.mark.parametrize(
    ("question", "name"),
    [
        # what a thing deals, heals, holds or costs
        ("How much damage does a laser pistol deal at close range?", "laser pistol"),
        ("how much hp does a healing salve heal", "healing salve"),
        ("how many bullets does my revolver hold", "revolver"),
        ("how many credits does a new shuttle cost", "new shuttle"),
        ("what does holy water do to my vampire", "holy water"),
        ("what does a frag grenade cost", "frag grenade"),
        ("what's the price of a warhorse?", "warhorse"),
        ("whats the cost of binding a familiar, and can i have two?", "binding a familiar"),
        ("is fuel tracked between jumps?", "fuel"),
        ("are rations tracked?", "rations"),
        ("do silver bullets do extra harm to my vampire?", "silver bullets"),
        ("does a tower shield give extra armor?", "tower shield"),
        # a person, not a thing: no name
        ("how much stress do I take when I resist?", ""),
        ("how much harm does it do?", ""),
        ("does my buddy still get the +1 armor?", ""),
        ("does my cutter get extra armor from heavy armor?", ""),
        ("do our hawks get a roll of their own?", ""),
        ("does my vampire's bite do extra harm?", "vampire's bite"),
        ("what do we get for finishing a score", ""),
        # no thing asked of
        ("how much ammo for volley do i get each fight", ""),
        ("crossing the wastes, what stat for each leg of the trip", ""),
    ],
)
def test_the_thing_a_question_asks_the_effect_or_cost_of(question: str, name: str) -> None:
    assert asked_thing_name(question) == name


def test_the_share_of_the_things_words_the_texts_never_use() -> None:
    vocabulary = {"vampir", "harm", "shield", "damag", "rifl", "armor", "tower"}

    def used(word: str) -> bool:
        return word in vocabulary

    assert absent_share("how much harm does sunlight do to my vampire", content_terms, used) == 1.0
    assert absent_share("How much damage does a plasma rifle deal?", content_terms, used) == 0.5
    assert absent_share("does a tower shield give extra armor?", content_terms, used) == 0.0
    # a named rule goes first: "rules for X" is judged by X, not by the thing
    assert absent_share("are there rules for sunlight, what does a tower shield do", content_terms, used) == 1.0
    assert absent_share("how much harm do i take", content_terms, used) == 0.0


def test_the_minilm_calibration_weighs_an_absent_thing_as_an_absent_rule() -> None:
    assert MINILM.absent_weight > 0


def test_a_thing_the_texts_lack_lowers_the_support(hash_index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    question = "how much damage does a zorbling cannon deal"
    hits = search_index(hash_index, question, "starforged", 5)
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    before = judge(question, hits, hash_index, "starforged")
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(HASH, absent_weight=0.8))
    after = judge(question, hits, hash_index, "starforged")
    # "zorbling" is unknown to the texts, "cannon" may not be: at least half the name is missing
    assert after.support <= before.support - 0.4
    # a thing the texts name keeps its support
    named = "what does momentum do"
    hits = search_index(hash_index, named, "starforged", 5)
    weighed = judge(named, hits, hash_index, "starforged").support
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: HASH)
    assert judge(named, hits, hash_index, "starforged").support == pytest.approx(weighed)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("elegy", "my vampire is stuck outside at sunrise, how much harm does the sunlight do to her?"),
        ("elegy", "can my vampire turn a mortal? whats the cost of siring a childe?"),
        ("dungeon-world", "how much hp does a healing draught heal in a duel?"),
        ("dungeon-world", "do dragon claws do extra damage against my fighter?"),
        ("starforged", "my blaster ran dry. is ammo tracked?"),
        ("starforged", "how many shots does my pistol hold before i reload?"),
    ],
)
def test_a_thing_the_texts_never_name_is_not_covered(
    three_games_minilm: RulesIndex, monkeypatch: pytest.MonkeyPatch, system: str, question: str
) -> None:
    hits = search_index(three_games_minilm, question, system, 5)
    judged = judge(question, hits, three_games_minilm, system)
    assert not judged.covered
    monkeypatch.setattr(asked_rule, "asked_thing_name", lambda text: "")
    unweighed = judge(question, hits, three_games_minilm, system)
    assert judged.support <= unweighed.support - MINILM.absent_weight / 2  # at least half the name is unknown


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("starforged", "what does momentum do?"),
        ("dungeon-world", "how much damage does magic missile deal?"),
        ("elegy", "how much stress does a ritual cost my vampire?"),
    ],
)
def test_a_thing_the_texts_name_keeps_its_support(
    three_games_minilm: RulesIndex, monkeypatch: pytest.MonkeyPatch, system: str, question: str
) -> None:
    hits = search_index(three_games_minilm, question, system, 5)
    judged = judge(question, hits, three_games_minilm, system)
    assert judged.covered
    monkeypatch.setattr(asked_rule, "asked_thing_name", lambda text: "")
    assert judge(question, hits, three_games_minilm, system).support == pytest.approx(judged.support)
