"""Rules answers a GM can trust: real questions through the real routing, index (all-MiniLM-L6-v2 on the shipped
texts and their rules notes), ranker and "not covered" judgement.

- A label that names the game asked about and then what the table is doing in its own game ("quick one about the
  city game while our blades crew is in downtime: ...") is only a label: the question after it is judged, and the
  table's "downtime" does not count as a word of it that the city game's texts never use.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.coverage import judge
from rules_index.index import RulesIndex
from rules_index.phrasing import label_end, plain_question
from rules_index.qa import choose_system
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    files = {"city": "city.txt", "blades": "blades.txt", "dungeon-world": "dungeon-world.txt"}
    yield from minilm_index(tmp_path_factory, files, notes=True)


TABLE_STATE_LABELS = [
    (
        "quick one about the city game while our blades crew is in downtime: our faction sent spies into a "
        "neighbourhood with mind the whispers and rolled a 9. how many questions do we get?",
        "our faction sent spies into a neighbourhood with mind the whispers and rolled a 9. how many questions do we get?",
    ),
    (
        "city game question while our blades crew is between scores: how does mind the whispers work?",
        "how does mind the whispers work?",
    ),
]


@pytest.mark.parametrize(("question", "asked"), TABLE_STATE_LABELS)
def test_a_label_telling_what_the_table_is_doing_is_only_a_label(question: str, asked: str) -> None:
    assert plain_question(question) == asked


@pytest.mark.parametrize(
    "question",
    [
        "blades downtime: how many activities do we get?",  # names what is asked about: no label
        "downtime while in blades: how many activities do we get?",
    ],
)
def test_a_label_naming_what_is_asked_stays_in_the_question(question: str) -> None:
    assert label_end(question) == 0


@pytest.mark.slow
def test_the_labelled_question_is_found_and_judged_covered(index: RulesIndex) -> None:
    question = TABLE_STATE_LABELS[0][0]
    system = choose_system(question, "blades")  # the table's campaign is the Blades one
    assert system == "city"
    hits = search_index(index, question, system, 5)
    assert hits[0].chunk.move == "Mind the Whispers"
    assert judge(question, hits, index, system).covered
