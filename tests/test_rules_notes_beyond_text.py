"""A question that asks a point its move's text leaves open is answered by the move's reading note.

"I've got 2 experience and really want a new asset now. Can I take it and pay off the third point when I earn it?"
asks whether an asset can be bought on credit: Advance's text never says, its reading note does ("it is never paid
on credit"), and only the note uses the question's "pay". The note counts more in the order (not in the relevance);
a question on what the move itself says still finds its text (real all-MiniLM-L6-v2 on the Starforged and Dungeon
World texts and their notes).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules_index.evidence import gather
from rules_index.index import RulesIndex
from rules_index.move_cues import move_key
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, weigh
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"starforged": "starforged.txt", "dungeon-world": "dungeon-world.txt"}, notes=True)


BEYOND_THE_TEXT = [
    (
        "starforged",
        "I've got 2 experience and really want a new asset now. Can I take it and pay off the third point when I earn it?",
        "How Advance is read",
    ),
    (
        "dungeon-world",
        "my sword has the Messy tag and i deal damage with hack and slash. what extra do i get?",
        "How Hack & Slash is read (4)",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("system", "question", "note"), BEYOND_THE_TEXT)
def test_the_reading_note_leads(index: RulesIndex, system: str, question: str, note: str) -> None:
    first = search_index(index, question, system, 5)[0]
    assert first.chunk.section_path[-1] == note


@pytest.mark.slow
@pytest.mark.parametrize(("system", "question", "note"), BEYOND_THE_TEXT)
def test_the_note_counts_only_in_the_order(index: RulesIndex, system: str, question: str, note: str) -> None:
    evidence = gather(index, question, system)
    beyond = [e for e in evidence if e.beyond_text]
    assert note in [e.chunk.section_path[-1] for e in beyond]
    assert all(e.reading for e in beyond)  # only reading notes; the move's text never
    for e in beyond:
        without = replace(e, beyond_text=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) + RANK_WEIGHTS.beyond_text)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question", "move"),
    [
        ("dungeon-world", "what does hack and slash do on a 10+?", "Hack & Slash"),
        ("starforged", "how do i advance? what does an asset cost in experience?", "Advance"),
    ],
)
def test_a_question_on_the_move_itself_finds_its_text(index: RulesIndex, system: str, question: str, move: str) -> None:
    first = search_index(index, question, system, 5)[0]
    assert move_key(first.chunk.move or "") == move_key(move) and first.chunk.origin != "note"
