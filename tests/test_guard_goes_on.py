"""A story that goes on from what earlier turns told, or hands the turn back, is no copy of them; an answer about you is
contradicted only by a clause about you; news of a threat aimed at you on a missed information move is the situation
getting worse, not the rumour sought."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from evals.guard_facts import check_facts

MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}
EAR_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
EAR_INTENT = "I listen to the talk in the tavern about the harbour master"


def kinds(text: str, request: dict[str, Any], intent: str = "", **facts: Any) -> set[str]:
    result = resolve(request)
    prepared = prepare([result], **facts)
    return {v.kind.value for v in check_narration(text, [result], facts=prepared, intent=intent)}


def test_the_turn_handed_back_in_a_clause_is_no_copy_of_an_earlier_hand_back() -> None:
    earlier = ["You must now choose your next course of action."]
    assert "echo" not in kinds("The hatch stays sealed, and you must choose what to do next.", MISS, earlier=earlier)
    # the clause that tells an earlier event again is still one
    told = ["The smuggler hides the ledger beneath the chapel floor."]
    assert "echo" in kinds(
        "The hatch stays sealed, and the smuggler hides the ledger beneath the chapel floor.", MISS, earlier=told
    )


@pytest.mark.parametrize(
    "text",
    [
        "The old mining tunnels beneath the colony are now flooded to the roof.",
        "The signal from the mining tunnels beneath the colony is no longer heard.",
    ],
)
def test_what_became_of_an_earlier_subject_is_no_copy(text: str) -> None:
    earlier = ["The survey map reveals old mining tunnels beneath the colony."]
    assert "echo" not in kinds(text, ORACLE, earlier=earlier)


def test_an_earlier_sentence_told_again_with_a_now_and_nothing_new_is_still_a_copy() -> None:
    earlier = ["The survey map reveals old mining tunnels beneath the colony."]
    assert "echo" in kinds("The survey map reveals old mining tunnels beneath the colony.", ORACLE, earlier=earlier)


def test_an_answer_gone_on_from_is_not_told_again() -> None:
    answers = ["The courier escapes."]
    assert "echo" not in kinds("The courier continues to escape through the market crowd.", HARM, established=answers)
    assert "echo" in kinds("The courier escapes.", HARM, established=answers)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The sentry, sensing the storm coming, pulls his hood up.", False),  # he senses the storm, not you
        ("The sentry senses you at once and raises the alarm.", True),
    ],
)
def test_an_answer_about_you_is_contradicted_only_by_a_clause_about_you(text: str, expected: bool) -> None:
    facts = prepare([], system="starforged", established=["The sentry does not sense you."])
    found = [v for v in check_narration(text, [], system="starforged", facts=facts) if v.kind.value == "outcome"]
    assert bool(found) is expected, found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You realize that the harbour master means to hunt you down before dawn.", False),  # a threat: worse
        ("Rumour has it that the harbour master is plotting against you.", False),
        ("You learn that the harbour master hides his ledgers in the customs house.", True),  # the rumour sought, heard
    ],
)
def test_a_threat_aimed_at_you_on_a_missed_listen_is_the_situation_worse(text: str, expected: bool) -> None:
    assert ("outcome" in kinds(text, EAR_MISS, intent=EAR_INTENT)) is expected


def test_a_labelled_draft_line_set_off_with_a_quote_mark_is_read_as_the_chat_reads_it() -> None:
    """The chat reads each line of a draft without its '>' set-off: "> You" after the table's line is no copy of it."""
    from assistant.narrate import NarrationRequest
    from evals.guard_facts import facts_record

    table = resolve({"system": "starforged", "move": "Make a Discovery", "dice": [89]})
    request = NarrationRequest(task="narrate", system="starforged", player_text="Make a Discovery", results=(table,))
    row = str(table.table["rows"][0]["text"]) if table.table else ""
    facts = {**facts_record(request), "opening": f"{row}."}  # the engine's opening: the row rolled
    assert check_facts("> You", facts) == []


def test_an_answer_about_you_is_contradicted_by_a_clause_about_someone_unnamed() -> None:
    facts = prepare([], system="starforged", established=["The sentry does not sense you."])
    text = "The sentry, sensing the presence of a stranger, grips his spear."
    assert [v for v in check_narration(text, [], system="starforged", facts=facts) if v.kind.value == "outcome"]
