# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""A question that borrows a mechanic from another game by name ("like spell slots in 5e, ...") asks whether this game
has it: when this game's texts never use that name, they do not cover it (rules_index.compared)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import rules_index.coverage as coverage
from rules_index.compared import borrowed_thing, borrows_unused_name, uses_word
from rules_index.coverage import MINILM, content_terms, judge
from rules_index.index import RulesIndex
from rules_index.search import search_index
from rules_index.terms import terms
from tests.rules_index_fixtures import tabletop_home, three_games_minilm  # noqa: F401


@pytest.mark.parametrize(
    ("question", "system", "thing"),
    [
        ("like spell slots in 5e, how often can i use my asset?", "starforged", "spell slots"),
        ("Just like a death save from D&D, do I roll when I'm dying?", "dungeon-world", "death save"),
        ("like attacks of opportunity in pathfinder, does the duelist get a free hit?", "dungeon-world", "attacks"),
        ("is there something like clan disciplines in vampire the masquerade?", "elegy", "clan disciplines"),
        ("do we get a bonus like the stress track in blades in the dark?", "starforged", "stress track"),
        ("magistrate city game: do we have something like starforged's legacy tracks?", "city", "legacy tracks"),
        # a sentence before the question telling what a game the assistant does not hold does
        ("In pathfinder a natural 20 always hits. does a 12 always hit here?", "dungeon-world", "a natural 20 always hits."),
        ("back in d&d we had a short rest. can my vamp take a breather?", "elegy", "we had a short rest."),
        # what another game does, in the same sentence; a name set before the question
        ("coming from 5e where you get spell slots, how often can i cast?", "dungeon-world", "you get spell slots"),
        ("in pathfinder, where flanking gives +2, do we get a bonus?", "dungeon-world", "flanking gives +2"),
        ("mana points - is that how Advance works?", "starforged", "mana points"),
        ("Burning momentum -- is that the same as a reroll?", "starforged", "Burning momentum"),
        ("like 5e's opportunity attacks, does hack and slash let me swing?", "dungeon-world", "opportunity attacks"),
        # this game's own rule, compared: nothing borrowed
        ("hack and slash - what happens on a 7-9?", "dungeon-world", ""),
        ("do i get an attack like in pathfinder when someone runs past me?", "dungeon-world", ""),
        ("does the action score stop at 10 like in ironsworn?", "elegy", ""),
        ("do i just get health back like in starforged or does it cost something", "elegy", ""),
        ("elegy: is there a scene challenge with a tension clock like starforged has?", "elegy", ""),
        ("is there a backfire table like the magistrate game's backfire, or what happens to me?", "dungeon-world", ""),
        # how one of the five games does it, told first, is said in this game's words as often as not
        ("city game: in blades i can spend coin after a roll to push it up. is there a way here?", "city", ""),
        ("how does harm work?", "blades", ""),
    ],
)
def test_the_mechanic_a_question_borrows_from_another_game(question: str, system: str, thing: str) -> None:
    found = borrowed_thing(question, system)
    assert found.startswith(thing) if thing else found == ""


def test_a_borrowed_word_counts_as_used_as_written_or_in_the_singular() -> None:
    text = " you roll the dice on an attack the generate table "

    def known(word: str) -> bool:
        return any(t in {"roll", "attack", "generat"} for t in terms(word))

    assert uses_word("attacks", text, known) and uses_word("attack", text, known)
    assert uses_word("rolling", text, known)  # an -ing word by its stem
    assert not uses_word("generations", text, known)  # another game's term, not the stem the texts share
    assert not uses_word("opportunity", text, known)


def test_a_borrowed_name_with_a_word_the_texts_never_use() -> None:
    text = " attack hit damage spell "

    def used(word: str) -> bool:
        return uses_word(word, text, lambda w: False)

    assert borrows_unused_name("opportunity attacks", content_terms, used)
    assert borrows_unused_name("spell slots", content_terms, used)
    assert not borrows_unused_name("spell attacks", content_terms, used)
    assert not borrows_unused_name("", content_terms, used)


def test_the_minilm_calibration_weighs_a_borrowed_name() -> None:
    assert MINILM.borrowed_weight > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("dungeon-world", "like attacks of opportunity in pathfinder, does my fighter get a free hit when he disengages?"),
        ("dungeon-world", "in D&D a natural 20 is a crit. if my hack and slash comes up 12, is the damage doubled?"),
        ("starforged", "like cantrips in 5e, can i use my asset's ability as often as i want?"),
        ("starforged", "mana points - is that how Advance works?"),
        ("dungeon-world", "like pathfinder's attacks of opportunity, does hack and slash let me hit him when he runs?"),
        ("starforged", "coming from 5e where you get spell slots, how often can i use my asset ability?"),
        ("dungeon-world", "like opportunity attacks in pathfinder, does the duelist get a free swing when i back off?"),
    ],
)
def test_a_borrowed_mechanic_the_texts_never_name_is_not_covered(
    three_games_minilm: RulesIndex, monkeypatch: pytest.MonkeyPatch, system: str, question: str
) -> None:
    hits = search_index(three_games_minilm, question, system, 5)
    judged = judge(question, hits, three_games_minilm, system)
    assert not judged.covered
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(MINILM, borrowed_weight=0.0))
    assert judged.support == pytest.approx(judge(question, hits, three_games_minilm, system).support - MINILM.borrowed_weight)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("elegy", "glamour 4 and +2 from a bond, +3 from assets. does the action score stop at 10 like in ironsworn?"),
        ("dungeon-world", "like in blades in the dark, what happens on a 7-9 when i hack and slash?"),
        ("starforged", "like the stress track in blades, how much stress can my character take?"),
        ("starforged", "burning momentum - is that how i get a better result?"),
        ("dungeon-world", "hack and slash - is that how i attack in the duel?"),
    ],
)
def test_a_comparison_naming_this_games_own_rule_keeps_its_support(
    three_games_minilm: RulesIndex, monkeypatch: pytest.MonkeyPatch, system: str, question: str
) -> None:
    hits = search_index(three_games_minilm, question, system, 5)
    judged = judge(question, hits, three_games_minilm, system)
    assert judged.covered
    monkeypatch.setattr(coverage, "calibration_for", lambda embedder: replace(MINILM, borrowed_weight=0.0))
    assert judge(question, hits, three_games_minilm, system).support == pytest.approx(judged.support)
