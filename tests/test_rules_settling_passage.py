"""Rules answers a GM can trust: real questions through the real routing, index (all-MiniLM-L6-v2 on the shipped
texts and their rules notes), ranker and "not covered" judgement.

- A label that names the game asked about and then what the table is doing in its own game ("quick one about the
  city game while our blades crew is in downtime: ...") is only a label: the question after it is judged, and the
  table's "downtime" does not count as a word of it that the city game's texts never use.
- The answer shows the passage the ranking put first, first: a reading note ranked above the text (it was weighed
  below the text and still answered best) leads the answer and is passage [1], as in the chat, not shown third
  behind the text it reads; ranked below the text, the note still follows it.
- The passage that says the question's things together in one sentence counts a little more in the order (not in
  the relevance): "how big a clock for learning a ritual from a grimoire" finds Learning a ritual, whose sentence
  speaks of learning a ritual and its clock, above Finding a ritual source.
- "do both come off my damage roll?" and "does the d4 replace my grit die or add to it?" ask whether two of a thing
  add up, so the passage that says what stacks (Penalties, Bonuses) answers, not the spell that gave one of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from rules_index.asking import asks_stacking
from rules_index.chunk import Chunk
from rules_index.coverage import judge
from rules_index.evidence import gather, sentence_cover
from rules_index.index import RulesIndex
from rules_index.phrasing import label_end, plain_question
from rules_index.qa import answer, choose_system
from rules_index.rank import RANK_WEIGHTS, RELEVANCE_WEIGHTS, is_reading, weigh
from rules_index.search import search_index
from tests.rules_index_fixtures import minilm_index


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    files = {"city": "city.txt", "blades": "blades.txt", "dungeon-world": "dungeon-world.txt", "elegy": "elegy.txt"}
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


UNCAPPED = "My heart 4 plus 7 in adds gives an action score of 11. In Starforged that would cap at 10 - does Elegy cap it too?"


@pytest.mark.slow
def test_a_reading_ranked_first_leads_the_answer(index: RulesIndex) -> None:
    ranked = search_index(index, UNCAPPED, "elegy", 3)
    assert ranked[0].chunk.section_path[-1] == "How Action Roll is read (3)"
    got = answer(UNCAPPED, system="elegy", index=index)
    assert got.passages[0].hit.chunk.section_path[-1] == "How Action Roll is read (3)"
    assert got.text.startswith("The text names no cap on the action score") and "uncapped" in got.text.split("[1]")[0]


@pytest.mark.slow
def test_a_reading_ranked_below_the_text_still_follows_it(index: RulesIndex) -> None:
    question = "what happens on a weak hit when i heal?"
    ranked = search_index(index, question, "elegy", 3)
    assert not is_reading(ranked[0].chunk)
    shown = [p.hit.chunk for p in answer(question, system="elegy", index=index).passages]
    readings = [n for n, chunk in enumerate(shown) if is_reading(chunk)]
    texts = [n for n, chunk in enumerate(shown) if not is_reading(chunk)]
    assert texts and all(r > t for r in readings for t in texts)


@pytest.mark.slow
def test_the_chat_shows_the_same_answer_in_the_same_order(index: RulesIndex, monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.search as search_module
    from assistant.chat.session import ChatSession
    from assistant.store import service

    monkeypatch.setattr(search_module, "get_index", lambda *args, **kwargs: index)
    service.create_campaign("night", "elegy", seed=3)
    try:
        turn = ChatSession.open("night").ask_rules(UNCAPPED)
    finally:
        service.close_stores()
    asked = answer(UNCAPPED, system="elegy", index=index)  # what `assistant ask` prints
    assert turn.kind == "rules" and turn.narration == asked.render()
    assert turn.citations[0].startswith("[1] Rules note: elegy › How Action Roll is read (3)")


def test_sentence_cover_is_the_best_single_sentence_share() -> None:
    chunk = Chunk(
        id="x",
        system="blades",
        section_path=["Rituals", "Learning a ritual"],
        move=None,
        source="blades.txt",
        line_start=1,
        line_end=1,
        text="A ritual is learned as a long-term project. Its clock has eight segments. Rituals are rare.",
    )
    assert sentence_cover(["ritual", "clock", "learn"], chunk) == pytest.approx(2 / 3)
    assert sentence_cover([], chunk) == 0.0


RITUAL_CLOCK = "How big a clock should I give for learning a ritual from an old grimoire they stole?"


@pytest.mark.slow
def test_the_passage_saying_the_things_together_ranks_first(index: RulesIndex) -> None:
    assert search_index(index, RITUAL_CLOCK, "blades", 5)[0].chunk.section_path[-1] == "Learning a ritual"


@pytest.mark.slow
def test_sentence_cover_counts_in_the_order_only(index: RulesIndex) -> None:
    evidence = gather(index, RITUAL_CLOCK, "blades")
    assert any(e.sentence_cover > 0 for e in evidence)
    for e in evidence:
        assert weigh(e, RELEVANCE_WEIGHTS) == pytest.approx(weigh(replace(e, sentence_cover=0.0), RELEVANCE_WEIGHTS))
        gained = weigh(e, RANK_WEIGHTS) - weigh(replace(e, sentence_cover=0.0), RANK_WEIGHTS)
        assert gained == pytest.approx(RANK_WEIGHTS.sentence_cover * e.sentence_cover)


def test_the_shipped_report_ends_with_every_set_pooled(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from evals import retrieve

    def run(rows: list[dict], k: int, mode: str, index: object, all_systems: bool = False) -> list[dict]:
        # one answerable question a set, first place on every other set; one no-answer question judged covered
        hit = len(calls) % 2 == 0
        calls.append(mode)
        answerable = {"id": "a", "covered": True, "lead": {}, "_hits": [hit], "_none": False, "_split": "tune"}
        return [answerable, {"id": "n", "covered": True, "lead": {}, "_hits": [], "_none": True, "_split": "test"}]

    calls: list[str] = []
    monkeypatch.setattr(retrieve, "run", run)
    retrieve.report_shipped(object(), ["vector"])
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert lines[-1]["set"] == "pooled" and lines[-1]["questions"] == len(calls)
    assert lines[-1]["hit@1"] == pytest.approx(sum(1 for n in range(len(calls)) if n % 2 == 0) / len(calls), abs=1e-4)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("got hit with -1d4 damage from two different curses. do both come off my damage roll", True),
        ("The bard's Arcane Art gave me +1d4 forward to damage. Does the d4 replace my grit die or add to it?", True),
        ("do both of us mark experience when the elegy ends?", False),
        ("does hack and slash replace defy danger in a fight?", False),
    ],
)
def test_asking_whether_two_add_up(question: str, asks: bool) -> None:
    assert asks_stacking(question) is asks


@pytest.mark.slow
def test_two_penalties_find_the_passage_that_says_they_stack(index: RulesIndex) -> None:
    question = "got hit with -1d4 damage from two different curses. do both come off my damage roll"
    assert search_index(index, question, "dungeon-world", 5)[0].chunk.section_path[-1] == "Penalties"
