"""A question that names a move and asks past its text is answered by the move's reading note.

"compel weak hit - they agree with a complication. do i still get the +1 momentum from the strong hit?" names Compel
and has read it: the text says "as above" and the question asks how that is read. The project's reading note on
Compel is closer to the question as a whole than Compel's text, so it leads; a question that asks what the move
itself says still finds the move's text (real all-MiniLM-L6-v2 on the Starforged and Elegy texts and their notes).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules_index.evidence import gather
from rules_index.index import RulesIndex
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, weigh
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"starforged": "starforged.txt", "elegy": "elegy.txt"}, notes=True)


PAST_THE_TEXT = [
    (
        "starforged",
        "compel came up a weak hit and they go along with a catch. is the strong hit's +1 momentum mine too?",
        "How Compel is read",
    ),
    ("starforged", "compel weak hit: do i also get the +1 momentum?", "How Compel is read"),
    (
        "elegy",
        "form a bond hit strong and i chose expand their influence, which gives +1 momentum. elegy has no "
        "momentum, so what do i take?",
        "How Form a Bond is read (3)",
    ),
    (
        "elegy",
        "strong hit on form a bond, expand their influence says +1 momentum - what is that in elegy?",
        "How Form a Bond is read (3)",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("system", "question", "note"), PAST_THE_TEXT)
def test_the_reading_note_of_the_named_move_leads(index: RulesIndex, system: str, question: str, note: str) -> None:
    first = search_index(index, question, system, 5)[0]
    assert first.chunk.section_path[-1] == note


@pytest.mark.slow
@pytest.mark.parametrize(("system", "question", "note"), PAST_THE_TEXT[:2])
def test_the_note_counts_only_in_the_order(index: RulesIndex, system: str, question: str, note: str) -> None:
    evidence = gather(index, question, system)
    reading = [e for e in evidence if e.reads_named]
    assert note in [e.chunk.section_path[-1] for e in reading]
    assert all(e.reading for e in reading)  # only reading notes; the move's text never
    for e in reading:
        without = replace(e, reads_named=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) + RANK_WEIGHTS.reads_named)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question", "move"),
    [
        ("starforged", "what does compel give me on a strong hit?", "Compel"),
        ("starforged", "i try to compel the dockmaster with a bribe, what do i roll?", "Compel"),
        ("elegy", "what happens on a weak hit when i form a bond?", "Form A Bond"),
        ("elegy", "what does form a bond do on a strong hit?", "Form A Bond"),
    ],
)
def test_a_question_on_the_move_itself_finds_its_text(index: RulesIndex, system: str, question: str, move: str) -> None:
    assert not any(e.reads_named for e in gather(index, question, system))  # the asking clause names the move
    first = search_index(index, question, system, 5)[0]
    assert first.chunk.origin != "note"
    assert first.chunk.section_path[-1] == move
