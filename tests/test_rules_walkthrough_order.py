"""A worked example is not the rule: the Dungeon World combat walkthroughs count a little less in the order.

When a walkthrough and the rule's own passage are about as close to the question, the rule comes first; a question
only a walkthrough answers (what happens when a duellist fails Last Gasp) still finds the walkthrough, and the
"not covered" judgement's relevance is unchanged (real all-MiniLM-L6-v2 on the Dungeon World text).
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

pytestmark = pytest.mark.slow
SYSTEM = "dungeon-world"


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, {SYSTEM: "dungeon-world.txt"})


def test_a_walkthrough_counts_less_in_the_order_only(index: RulesIndex) -> None:
    evidence = gather(index, "who rolls what when the fighter attacks the bard in a duel?", SYSTEM)
    examples = [e for e in evidence if e.example]
    assert examples and all("Walkthrough" in e.chunk.section_path[-1] for e in examples)
    assert not any(e.example for e in evidence if "Walkthrough" not in e.chunk.section_path[-1])
    for e in examples:
        without = replace(e, example=False)
        assert weigh(e, RANK_WEIGHTS) == pytest.approx(weigh(without, RANK_WEIGHTS) - RANK_WEIGHTS.example)
        assert weigh(e, RELEVANCE_WEIGHTS) == weigh(without, RELEVANCE_WEIGHTS)


@pytest.mark.parametrize(
    "question",
    [
        "my cleric has a blessing up before the duel starts and wants mirror image too, can she go in with both?",
        "the wizard cast mirror image before the fight and the cleric's bless is still running, do both carry into the duel?",
        "can I bring two spells already cast into a duel, like bless and mirror image?",
    ],
)
def test_the_rule_on_spells_cast_before_a_duel_leads(index: RulesIndex, question: str) -> None:
    first = search_index(index, question, SYSTEM, 5)[0]
    assert first.chunk.section_path[-1] == "Pre-Casting Spells/Bringing Magical Effects into Combat"


@pytest.mark.parametrize(
    "question",
    [
        "what happens when someone fails last gasp and passes out, does the other one just win or does the duel go on?",
        "the bard failed her last gasp roll in the duel, so who wins?",
    ],
)
def test_a_question_only_a_walkthrough_answers_still_finds_it(index: RulesIndex, question: str) -> None:
    sections = [h.chunk.section_path[-1] for h in search_index(index, question, SYSTEM, 5)]
    assert any("Walkthrough" in s for s in sections[:3])
