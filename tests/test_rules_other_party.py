"""A rule about an NPC does not answer a question about a player character, nor the other way round.

Blades prints two entanglements a word apart: Interrogation (the officers round up one of the PCs) and Questioning
(the cops grab an NPC member of the crew). "The bluecoats grabbed one of our PCs for questioning" is the first, though
it uses the second's title word.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules_index.asking import other_party
from rules_index.evidence import gather
from rules_index.index import RulesIndex
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, weigh
from rules_index.search import plain_question, search_index
from tests.rules_index_fixtures import minilm_index

NPC_RULE = "The cops grab an NPC member of your crew or one of the crew's contacts, to question them."
PC_RULE = "The officers round up one of the PCs to question them about the crew's crimes."


@pytest.mark.parametrize(
    "question",
    [
        "the bluecoats grabbed one of our PCs for questioning",
        "a PC got hauled in by the constables, what now?",
        "they arrested two of the player characters after the score",
    ],
)
def test_a_question_on_a_player_character_is_not_answered_by_an_npc_rule(question: str) -> None:
    assert other_party(question, NPC_RULE)
    assert not other_party(question, PC_RULE)


def test_a_question_on_an_npc_is_not_answered_by_a_pc_rule() -> None:
    assert other_party("the cops grabbed an NPC contact of ours", PC_RULE)
    assert not other_party("the cops grabbed an NPC contact of ours", NPC_RULE)


@pytest.mark.parametrize(
    "question",
    [
        "whats the roll when my pc gets a crook to hand over info",  # the asker's own character acts on an NPC
        "my character wants the NPC to talk",
        "who gets questioned by the cops?",  # names neither
    ],
)
def test_the_askers_own_character_or_no_character_is_no_clash(question: str) -> None:
    assert not other_party(plain_question(question), NPC_RULE)


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"blades": "blades.txt"})


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "the bluecoats grabbed one of our PCs for questioning",
        "one of our pcs got picked up for questioning by the constables, what happens?",
        "the watch took a PC in for questioning about our crimes",
    ],
)
def test_a_pc_taken_for_questioning_is_the_interrogation_entanglement(index: RulesIndex, question: str) -> None:
    first = search_index(index, question, "blades", 5)[0]
    assert first.chunk.section_path[-1] == "Interrogation"


@pytest.mark.slow
@pytest.mark.parametrize(
    "question", ["the cops grabbed an NPC contact of the crew for questioning", "what happens when an npc of ours is questioned?"]
)
def test_an_npc_taken_for_questioning_is_still_questioning(index: RulesIndex, question: str) -> None:
    first = search_index(index, question, "blades", 5)[0]
    assert first.chunk.section_path[-1] == "Questioning"


@pytest.mark.slow
def test_the_clash_counts_only_in_the_order(index: RulesIndex) -> None:
    evidence = gather(index, plain_question("the bluecoats grabbed one of our PCs for questioning"), "blades")
    clashing = [e for e in evidence if e.other_party]
    assert "Questioning" in [e.chunk.section_path[-1] for e in clashing]
    for e in clashing:
        without = replace(e, other_party=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) - RANK_WEIGHTS.other_party)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)
