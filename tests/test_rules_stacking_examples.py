"""Stacking questions find the passage that says what stacks; a worked example ranks below the rules it retells."""

from __future__ import annotations

import pytest

from rules_index.asking import asks_stacking, says_stacking
from rules_index.chunk import Chunk
from rules_index.illustrating import below_illustrated
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, Scored


@pytest.mark.parametrize(
    "question",
    [
        "two -1 ongoing penalties on me, do both count?",
        "got +1 forward from two moves, is that +2 now?",
        "the bard and the cleric each gave me +1, do they add up",
        "do my two debilities stack",
        "another -1 ongoing from a second curse, am i at -2 now?",
    ],
)
def test_asks_stacking_paraphrases(question: str) -> None:
    assert asks_stacking(question)


@pytest.mark.parametrize(
    "question",
    ["what does +1 forward mean", "how much damage does magic missile deal", "i'm at 3 heat, what happens"],
)
def test_other_questions_do_not_ask_stacking(question: str) -> None:
    assert not asks_stacking(question)


def test_says_stacking() -> None:
    assert says_stacking("These penalties do stack with each other.")
    assert not says_stacking("Deal 2d4 damage to one target, ignoring armor.")


def test_stacking_counts_in_the_order_only() -> None:
    assert RANK_WEIGHTS.stacking > 0 and RELEVANCE_WEIGHTS.stacking == 0


def _scored(title: str, text: str, score: float) -> Scored:
    chunk = Chunk(
        id=title,
        system="dungeon-world",
        section_path=[title],
        move=None,
        source="dungeon-world.txt",
        line_start=1,
        line_end=2,
        text=f"{title}\n{text}",
    )
    return Scored(chunk, score, 0.0, 0.0, 0.0, 0.0, None, None)


WALK = "Hermione chooses to attack Ilyana using her Cast a Spell move to cast Magic Missile. She casts Magic Missile."


def _order(question: str, walk: str = WALK) -> list[str]:
    scored = [
        _scored("Magic Missile", "Deal 2d4 damage to one target, ignoring armor.", 0.85),
        _scored("Combat Walkthrough 2", walk, 0.58),
        _scored("Cast a Spell (Wizard)", "When you choose a spell to cast, roll+INT.", 0.49),
    ]
    return [s.chunk.section_path[-1] for s in sorted(below_illustrated(scored, question), key=lambda s: -s.score)]


@pytest.mark.parametrize(
    "question",
    ["can i cast magic missile?", "is my wizard allowed to fire off a magic missile?", "can my wizard cast it"],
)
def test_example_ranks_below_the_rules_it_retells(question: str) -> None:
    assert _order(question)[-1] == "Combat Walkthrough 2"


def test_example_keeps_its_place_when_asked_about() -> None:
    assert _order("in the walkthrough, can hermione cast magic missile?")[1] == "Combat Walkthrough 2"


def test_example_keeps_its_place_when_it_alone_says_a_word_asked() -> None:
    walk = WALK + " Her staff has the precise tag."
    assert _order("can i cast magic missile with a precise staff?", walk)[1] == "Combat Walkthrough 2"
