"""What kind of answer a question asks for: an amount, or a point the text leaves open (a reading note's)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_index.asking import already_terms, asks_amount, asks_open_point, gives_amount, speaks_of_already
from rules_index.evidence import gather
from rules_index.index import RulesIndex
from rules_index.notes import sync_notes
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, weigh
from tests.rules_index_fixtures import hash_index, tabletop_home  # noqa: F401


@pytest.mark.parametrize(
    "question",
    [
        "endure stress miss tells me to mark shaken or corrupted, but the stress rules say traumatized. which one do i mark?",
        "what do i roll when my vampire wakes up at sunset? the hunger section says it can cost blood but not what stat",
        "clearing half my progress with 7 boxes filled, is that 3 or 4?",
        "can i mark heat and also take a second compromise, or is it one or the other?",
        "how much stress does the resistance roll cost me? this chapter never says",
        "the duel rules only list fighters, barbarians, paladins and bards",
    ],
)
def test_a_question_on_a_point_the_text_leaves_open(question: str) -> None:
    assert asks_open_point(question)


@pytest.mark.parametrize(
    "question",
    [
        "what happens when my heat reaches 9",
        "rolled an 8 on face danger, what now?",
        "can my character have two vices at once",
        "do i tell the players or keep it to myself?",
    ],
)
def test_a_plain_question_is_not_about_an_open_point(question: str) -> None:
    assert not asks_open_point(question)


@pytest.mark.parametrize(
    ("question", "amount"),
    [
        ("how many stress boxes before trauma", True),
        ("what magnitude is a day on the duration scale?", True),
        ("druid in the arena, what's my damage die?", True),
        ("what do i need to roll on my saving throw?", True),
        ("what happens when I enter the fray", False),
    ],
)
def test_a_question_for_an_amount(question: str, amount: bool) -> None:
    assert asks_amount(question) is amount


def test_a_sentence_gives_an_amount_in_digits_or_words() -> None:
    assert gives_amount("You have nine stress boxes.") and gives_amount("Roll 2d for a normal person.")
    assert not gives_amount("Mark stress when you push yourself.")


def test_a_reading_note_counts_more_for_a_question_on_an_open_point(hash_index: RulesIndex) -> None:  # noqa: F811
    sync_notes(hash_index)
    question = "which one do i mark, the move says one thing but the stress rules say another?"
    evidence = gather(hash_index, question, "elegy")
    readings = [e for e in evidence if e.reading]
    assert readings and all(e.open_point for e in readings)
    assert not any(e.open_point for e in evidence if not e.reading)
    for e in readings:
        # the ranking counts it; the relevance the "not covered" judgement is calibrated on does not
        without = replace(e, open_point=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) + RANK_WEIGHTS.open_point)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)
    plain = gather(hash_index, "what happens when I endure stress", "elegy")
    assert not any(e.open_point for e in plain)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("i helped him again, but we already share a bond. do i mark progress?", {"shar", "bond"}),
        ("already bonded with the old mechanic - do i tick progress?", {"bond", "mechanic", "old"}),
        ("a neighbourhood we already control, does holding it help?", {"control"}),  # the clause ends at the comma
        ("how do i forge a bond?", set()),
    ],
)
def test_the_case_a_question_says_already_holds(question: str, words: set[str]) -> None:
    assert already_terms(question) == words


def test_a_passage_speaks_of_the_case_already_holding_only_with_a_word_of_it() -> None:
    asked = already_terms("we already share a bond, do i still mark progress?")
    assert speaks_of_already(["If you already share a bond with the connection, do not mark progress."], asked)
    assert not speaks_of_already(["On a strong hit, you now share a bond."], asked)  # the move that makes the bond
    assert not speaks_of_already(["If you already have a Tie with them, ask a third question."], asked)
    assert not speaks_of_already(["If you already share a bond, do not mark progress."], frozenset())
