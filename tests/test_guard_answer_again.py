"""An earlier turn's oracle answer told again as this turn's story: in the answer's words or a model's paraphrase, on
the next oracle question, a rolled move or a price; and what passes (this turn's answer, a story built on the earlier
one, someone else's knowledge, a feeling carried on, a change since)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence, prepare
from assistant.guard.model import Violation

DERELICT = ["The reactor is no longer running.", "There are survivors aboard."]
CLOISTER = ["The priest does not sense you.", "No one else is awake."]
SURVIVORS = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}
AWAKE = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [90]}
FEED = {"system": "elegy", "move": "Feed", "stat": "dexterity", "dice": [1, 2]}
PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}


def found(text: str, request: dict, established: list[str], question: str = "", told: str = "") -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], established=established, told=[told] if told else [])
    return check_narration(f"{told} {text}".strip(), [result], facts=facts, question=question or None)


def echoes(text: str, request: dict, established: list[str], question: str = "", told: str = "") -> list[Violation]:
    return [v for v in found(text, request, established, question, told) if "earlier turn's answer" in v.detail]


def survivors(text: str) -> list[Violation]:
    return echoes(text, SURVIVORS, DERELICT, "Are there survivors aboard?", "There are survivors aboard.")


def awake(text: str) -> list[Violation]:
    return echoes(text, AWAKE, CLOISTER, "Is anyone else awake?", "No one else is awake.")


@pytest.mark.parametrize(
    "text",
    [
        "The reactor was no longer running.",
        "You realize that the reactor has stopped running.",
        "The reactor is no longer running, and you see its machinery scattered across the floor.",
        "Still, the reactor is not running.",
        "You notice the reactor has shut down.",
    ],
)
def test_an_earlier_answer_said_again_on_the_next_question_is_an_echo(text: str) -> None:
    assert survivors(text)


@pytest.mark.parametrize(
    "text",
    [
        "The priest does not sense you.",
        "The priest did not notice you.",
        "The priest still doesn't sense you.",
        "You notice that the priest has not spotted you.",
    ],
)
def test_a_perception_answer_retold_in_other_words_is_an_echo(text: str) -> None:
    assert awake(text)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("No one else is awake.", FEED),  # after the Feed miss's opening
        ("The priest never noticed you.", FEED),
        ("You realize that no one else is awake.", PRICE),
    ],
)
def test_an_earlier_answer_told_on_a_move_or_a_price_is_an_echo(text: str, request_: dict) -> None:
    established = CLOISTER if request_ is FEED else ["No one else is awake."]
    assert echoes(text, request_, established)


@pytest.mark.parametrize(
    "text",
    [
        "They are aware that the reactor is no longer running, and they beg you for help.",  # their knowledge
        "You feel a mix of relief and fear as the reactor is no longer running.",  # a feeling carried on
        "The survivors huddle in the galley, shivering in the dark.",
        "The reactor is running again, humming back to life.",  # a change since: not told again
        "The survivors aboard beg you to hurry before the air runs out.",  # built on this turn's answer
    ],
)
def test_a_story_that_builds_on_or_recalls_an_answer_passes(text: str) -> None:
    assert not survivors(text)


@pytest.mark.parametrize(
    "text",
    [
        "The cloister is silent; every cell is dark.",  # this turn's answer told in story
        "If the priest does not sense you, you might slip past him.",  # a supposition
        "The priest's senses were dulled by wine and prayer.",  # builds on the earlier answer
    ],
)
def test_this_turns_answer_and_suppositions_pass(text: str) -> None:
    assert not awake(text)


def test_an_oracle_turn_without_its_question_reads_no_answer_as_earlier() -> None:
    assert not echoes("There are survivors aboard, huddled in the galley.", SURVIVORS, DERELICT)


def test_the_retry_line_says_it_was_an_earlier_turn() -> None:
    (violation,) = survivors("The reactor was no longer running.")
    line = fix_sentence(violation)
    assert line.startswith('Remove "The reactor was no longer running."')
    assert "earlier turn" in line


def test_a_stop_told_with_who_made_it_is_a_new_event() -> None:
    assert not survivors("The reactor was eventually shut down by the authorities, and the survivors went home.")
