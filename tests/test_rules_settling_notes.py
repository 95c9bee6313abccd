"""A told question with an amount, on the very move sentence a reading note rests on, is answered by the note.

"12 on appraise circumstances and i take clearing heat instead of writing a belief. how much heat is that?" has the
move's result in hand (the text says "either clear Heat or write a new belief") and asks what the project's reading
settles ("Clear Heat" without a number clears one Heat), so the reading note leads; a question that asks what the
move itself says still finds the move (real all-MiniLM-L6-v2 on the City text).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules_index.evidence import gather
from rules_index.index import RulesIndex
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, weigh
from rules_index.search import search_index
from rules_index.settling import bare_sentence
from tests.rules_index_fixtures import minilm_index

NOTE = "How Appraise Circumstances is read (2)"


def test_a_sentence_is_compared_with_its_quote_without_roll_result_emphasis_or_case() -> None:
    text = "12+ Ask three questions, and either clear Heat or write a new belief based on your observation."
    quote = "Ask three questions, and either clear Heat or **write a new belief** based on your observation."
    assert bare_sentence(text) == bare_sentence(quote)
    assert bare_sentence("7-9 Pick one.") == "pick one"
    assert bare_sentence("Pick two.") != bare_sentence("Pick one.")


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {"city": "city.txt"}, notes=True)


SETTLED = [
    "rolled a 13 on appraise circumstances and i'm clearing heat rather than writing a belief. how much heat goes?",
    "got 12+ appraising the circumstances, i pick clear heat over the new belief - how much heat do i clear?",
    "i appraise circumstances, hit 12, and take the clear heat option. how many points of heat is that?",
]


@pytest.mark.slow
@pytest.mark.parametrize("question", SETTLED)
def test_the_reading_note_leads_for_what_it_settles(index: RulesIndex, question: str) -> None:
    first = search_index(index, question, "city", 5)[0]
    assert first.chunk.section_path[-1] == NOTE


@pytest.mark.slow
@pytest.mark.parametrize("question", SETTLED[:2])
def test_the_note_counts_only_in_the_order(index: RulesIndex, question: str) -> None:
    evidence = gather(index, question, "city")
    settling = [e for e in evidence if e.settles]
    assert NOTE in [e.chunk.section_path[-1] for e in settling]
    assert all(e.reading for e in settling)  # only reading notes settle; the move's text never does
    for e in settling:
        without = replace(e, settles=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) + RANK_WEIGHTS.settles)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)


@pytest.mark.slow
@pytest.mark.parametrize(
    "question",
    [
        "what does appraise circumstances give me on a 12 or more?",  # asks what the sentence says: no amount
        "how much heat does appraise circumstances clear?",  # asked, not told as the character's action
        "i appraise circumstances and hit 12, what can i do?",  # told, but asks no amount
    ],
)
def test_a_question_on_the_move_itself_sets_no_settling_note(index: RulesIndex, question: str) -> None:
    assert not any(e.settles for e in gather(index, question, "city"))
