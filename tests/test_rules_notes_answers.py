"""Rules the engine applies that the shipped texts lack, answered from the project's notes (real all-MiniLM-L6-v2).

The Blades downtime chapter marks and clears stress but never says how much a scoundrel can take: the stress track
(9 boxes, a full track is a level of trauma) is a written note, so "how many stress boxes before trauma" is answered
from it rather than from "Ignoring your vice" or called "not covered". "How does momentum work?" in Starforged is
answered by an overview of the momentum notes (range, maximum, burn, reset, negative momentum), not by the range
alone, while a question on one of those points still finds its own note. A question that says its case already holds
("we already share a bond, do i mark progress?") finds the passage on that case, not the move that makes it so.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.coverage import judge
from rules_index.index import RulesIndex
from rules_index.qa import answer
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index

pytestmark = pytest.mark.slow
SYSTEMS = {"blades": "blades.txt", "starforged": "starforged.txt"}


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, SYSTEMS, notes=True)


def _first(index: RulesIndex, question: str, system: str) -> tuple[str, bool]:
    hits = search_index(index, question, system, 5)
    return hits[0].section, judge(question, hits, index, system).covered


@pytest.mark.parametrize(
    "question",
    [
        "how many boxes of stress does my scoundrel get?",
        "what happens when my stress track fills up?",
        "whats the stress limit for a scoundrel",
    ],
)
def test_the_stress_track_is_answered_from_its_note(index: RulesIndex, question: str) -> None:
    section, covered = _first(index, question, "blades")
    assert section.endswith("Stress track and trauma") and covered


def test_the_texts_own_stress_rules_still_come_first(index: RulesIndex) -> None:
    section, covered = _first(index, "what happens if i skip my vice this downtime?", "blades")
    assert section.endswith("Ignoring your vice") and covered


@pytest.mark.parametrize("question", ["how does momentum work?", "explain momentum to me", "what's momentum?"])
def test_how_momentum_works_is_answered_by_the_overview(index: RulesIndex, question: str) -> None:
    result = answer(question, system="starforged", index=index)
    assert result.found and result.passages[0].citation.startswith("Rules note: starforged › Momentum (")
    overview = result.passages[0].hit.text
    for point in ("range", "maximum", "burn", "reset", "negative"):
        assert point in overview


@pytest.mark.parametrize(
    ("question", "note"),
    [
        ("what does momentum reset to after i burn it with one impact marked?", "Momentum reset"),
        ("what's the lowest my momentum can go?", "Momentum range"),
        ("momentum -3 and my action die is a 3, what now?", "Negative momentum"),
        ("how does burning momentum work?", "Burning momentum"),
    ],
)
def test_a_question_on_one_point_of_momentum_finds_its_own_note(index: RulesIndex, question: str, note: str) -> None:
    section, covered = _first(index, question, "starforged")
    assert section.endswith(f"› {note}") and covered


@pytest.mark.parametrize(
    "question",
    [
        "we already have a bond with the engineer and i helped her out again, does my progress go up?",
        "i gave my connection a gift but we already share a bond, do i mark progress on her track?",
        "already bonded with the doc, i stood with her against the raiders. do i tick progress?",
    ],
)
def test_a_case_the_question_says_already_holds_finds_the_passage_on_that_case(index: RulesIndex, question: str) -> None:
    # "If you already share a bond with the connection, do not mark progress." -- not Forge a Bond, which makes the bond
    section, _ = _first(index, question, "starforged")
    assert section.endswith("Develop Your Relationship")


@pytest.mark.parametrize("question", ["strong hit on forge a bond, what do i mark?", "how do i forge a bond with a connection?"])
def test_the_move_that_makes_the_bond_still_answers_for_itself(index: RulesIndex, question: str) -> None:
    section, covered = _first(index, question, "starforged")
    assert section.endswith("Forge a Bond") and covered
