"""Dungeon World rules questions a GM asks in table words (real all-MiniLM-L6-v2 on the Dungeon World text and notes).

"What happens when I run out of mana?": the text answers it ("You cannot cast a spell unless you have mana equal to the
spell's level") but never says "run out", so the answer called it "not covered". The rules note "Running out of mana"
says it in the question's words, so the answer leads with it and the judgement calls it covered; a question the text
leaves open (how much mana a rest gives back, how much a wizard starts with) stays "not covered", and a question on how
much mana a spell needs still finds the spell rules first.

"The bard gave me +1d4 damage and another move gives me +1d4 damage too. Do I roll both?" asks whether two bonuses add
up, as "do they stack?" does: the passage that says what stacks (Bonuses) is among the first passages, not only the
moves that gave them.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.asking import asks_stacking
from rules_index.coverage import judge
from rules_index.index import RulesIndex
from rules_index.qa import answer
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index

SYSTEM = "dungeon-world"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {SYSTEM: "dungeon-world.txt"}, notes=True)


@pytest.mark.slow
@pytest.mark.parametrize("question", ["what happens when I run out of mana?", "what happens if my wizard runs out of mana"])
def test_running_out_of_mana_is_answered(index: RulesIndex, question: str) -> None:
    hits = search_index(index, question, SYSTEM, 5)
    assert judge(question, hits, index, SYSTEM).covered
    result = answer(question, system=SYSTEM, index=index)
    assert result.found
    assert result.passages[0].citation.startswith("Rules note: dungeon-world › Running out of mana")
    assert "cannot be cast" in result.text


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    ["How much mana does a wizard regain when they rest?", "how much mana does a level 1 wizard walk into the arena with"],
)
def test_what_the_text_leaves_open_about_mana_stays_not_covered(index: RulesIndex, question: str) -> None:
    hits = search_index(index, question, SYSTEM, 5)
    assert not judge(question, hits, index, SYSTEM).covered


@pytest.mark.slow
@pytest.mark.parametrize(
    "question", ["paladin casting a cleric spell, how much mana", "how much mana do i need for a level 2 spell"]
)
def test_how_much_mana_a_spell_needs_finds_the_spell_rules(index: RulesIndex, question: str) -> None:
    first = search_index(index, question, SYSTEM, 5)[0]
    assert first.chunk.origin != "note"
    assert first.section in ("Cast a Spell (Cleric)", "Cast a Spell (Wizard)", "Spells")


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
