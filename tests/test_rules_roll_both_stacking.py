"""Dungeon World rules questions whether two bonuses add up, asked in table words (real all-MiniLM-L6-v2 on the
Dungeon World text and notes).

"The bard gave me +1d4 damage and another move gives me +1d4 damage too. Do I roll both?" asks whether two bonuses add
up, as "do they stack?" does: the passage that says what stacks (Bonuses) is among the first passages, not only the
moves that gave them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.asking import asks_stacking
from rules_index.index import RulesIndex
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index

SYSTEM = "dungeon-world"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {SYSTEM: "dungeon-world.txt"}, notes=True)


@pytest.mark.parametrize(
    "question",
    [
        "the bard gave me +1d4 damage and another move gives me +1d4 damage too. do i roll both?",
        "I have +1 forward from two moves, can I use both?",
        "do they stack?",
    ],
)
def test_asking_to_roll_both_asks_whether_they_stack(question: str) -> None:
    assert asks_stacking(question)


@pytest.mark.parametrize("question", ["can I attack both of them with one swing?", "do both of us roll?"])
def test_both_targets_is_not_stacking(question: str) -> None:
    assert not asks_stacking(question)


@pytest.mark.slow
def test_rolling_both_bonuses_finds_what_stacks(index: RulesIndex) -> None:
    question = "the bard gave me +1d4 damage and another move gives me +1d4 damage too. do i roll both?"
    sections = [h.section for h in search_index(index, question, SYSTEM, 5)]
    assert "Bonuses" in sections
