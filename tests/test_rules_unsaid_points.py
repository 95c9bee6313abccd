"""Points the texts settle only in so many words, and the answer to a measure running out.

A question whether a thing lapses with time alone ("does it die down after a while?") names the move that makes the
thing, so that move matches it well; only a passage that says how long something lasts or when it ends answers it
(:mod:`rules_index.lapse`). A penalty or bonus asked for by its kind alone ("is there a penalty for being drunk?") is
named by what it is for (:func:`rules_index.asked_rule.asked_rule_name`). "What happens when my hunger runs out?" leads
with the sentence that says what happens at none, not with what hunger is (:mod:`rules_index.lead`). Real questions
through the real index, ranker and judgement (all-MiniLM-L6-v2).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules_index.asked_rule import asked_rule_name
from rules_index.coverage import judge
from rules_index.index import RulesIndex
from rules_index.lapse import asks_lapse, says_lapse
from rules_index.qa import answer
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index

SYSTEMS = {"city": "city.txt", "starforged": "starforged.txt", "elegy": "elegy.txt", "dungeon-world": "dungeon-world.txt"}


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    yield from minilm_index(tmp_path_factory, SYSTEMS, notes=True)


def _covered(index: RulesIndex, question: str, system: str) -> bool:
    return judge(question, search_index(index, question, system, 5), index, system).covered


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("does our rumor fade after a while?", True),
        ("if nobody runs the scheme, does productivity sink on its own?", True),
        ("does the curse wear off?", True),
        ("is the bond there forever?", True),
        ("does the heat die down by itself between sessions?", True),
        # a turn, move or roll of one's own is no lapse of time
        ("does the companion act on its own turn?", False),
        ("can the faction make the move on its own roll?", False),
        ("how long does a lose a turn spell last?", False),
    ],
)
def test_a_question_whether_a_thing_lapses_with_time_alone(question: str, asks: bool) -> None:
    assert asks_lapse(question) is asks


def test_a_passage_that_says_how_long_something_lasts() -> None:
    assert says_lapse(["Some Control spells make you Lose a Turn. It also ends on your next turn."])
    assert says_lapse(["The spell is lost until you rest."])
    assert not says_lapse(["The rumor spreads. Rewrite an aspect to make sure no important details change."])
    assert not says_lapse(["Reduce productivity to collect an asset, or do nothing."])  # a change made, not a lapse


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Is there a penalty on my rolls for being drunk?", "being drunk"),
        ("is there a bonus for fighting from the high ground?", "fighting from high ground"),
        ("Is there a penalty when flying a ship I never trained on?", "flying ship I never"),
        # a name of its own wins; a name of kind words with nothing after it stays empty
        ("is there a morale check for the crew?", "morale"),
        ("is there a penalty?", ""),
    ],
)
def test_a_penalty_asked_for_by_its_kind_is_named_by_what_it_is_for(question: str, name: str) -> None:
    assert asked_rule_name(question) == name
    assert asked_rule_name(question, asking_only=True) == name


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("city", "Our faction spread a rumor about the mayor last month. Does it die down after a while or stick forever?"),
        ("city", "If my crew never checks in on our scheme, does its Productivity fall on its own over time?"),
        ("starforged", "My character is drunk after a night at the cantina. Is there a penalty on her rolls for being drunk?"),
    ],
)
def test_a_point_the_passage_never_speaks_of_is_not_covered(index: RulesIndex, system: str, question: str) -> None:
    assert not _covered(index, question, system)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("system", "question"),
    [
        ("dungeon-world", "the wizard made me lose a turn. when does that wear off?"),
        ("city", "Is there a penalty for starting a second scheme while I already run one?"),
        ("city", "what happens when my scheme's productivity drops on a 7-9?"),
    ],
)
def test_a_passage_that_says_it_still_covers_the_question(index: RulesIndex, system: str, question: str) -> None:
    assert _covered(index, question, system)


@pytest.mark.slow
def test_a_measure_running_out_leads_with_what_happens_at_none(index: RulesIndex) -> None:
    result = answer("what happens when my hunger runs out?", system="elegy", index=index)
    assert result.found
    assert result.text.startswith("When you have 0 blood and have to spend more, you must mark the Starving impact.")


@pytest.mark.slow
def test_a_result_rolled_at_none_still_leads_with_its_row(index: RulesIndex) -> None:
    result = answer("at 0 health, missed endure harm and rolled a 15 on the table. am i done for?", "starforged", index=index)
    assert result.found and result.text.startswith("11-20 | You are dying.")
