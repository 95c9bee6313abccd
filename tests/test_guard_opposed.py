"""An oracle answer told the other way in deeds rather than the question's words ("Does the raider flee?" yes, then
"The raider lunges at you again"), for this turn's answer and the answers earlier turns established."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare

YES = {"system": "starforged", "move": "Ask the Oracle", "dice": [20], "options": {"odds": "50/50"}}
NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
EARLIER = ("The raider does flee.", "The priest does not sense you.", "The reactor is no longer running.")


def this_turn(text: str, request: dict, question: str) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], question=question) if v.kind.value == "outcome"]


def earlier(text: str) -> list[str]:
    facts = prepare([], system="starforged", established=EARLIER)
    return [v.detail for v in check_narration(text, [], system="starforged", facts=facts) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    ("text", "request_", "question"),
    [
        ("The raider lunges again at you, his blade slicing through your armor.", YES, "Does the raider flee?"),
        ("The priest looks at you with narrowed eyes.", NO, "Does the priest sense me?"),
        ("You turn to the priest. He is standing in front of you, looking at you.", NO, "Does the priest sense me?"),
        ("The guard spots you at once.", NO, "Does the guard notice me?"),
        ("The reactor hums steadily.", NO, "Is the reactor still running?"),
        ("The captain stands his ground.", YES, "Does the captain flee?"),
        ("You quickly realize that the priest is aware of your presence.", NO, "Does the priest sense me?"),
        ("The guard senses your presence.", NO, "Does the guard notice me?"),
    ],
)
def test_this_turns_answer_told_the_other_way_in_other_words_is_caught(text: str, request_: dict, question: str) -> None:
    found = this_turn(text, request_, question)
    assert found and found[0].endswith(f"but the oracle answered {resolve(request_).outcome}")


@pytest.mark.parametrize(
    ("text", "request_", "question"),
    [
        ("The raider flees into the dark; you hear him stumble.", YES, "Does the raider flee?"),
        ("The priest looks at you with a blank expression.", NO, "Does the priest sense me?"),  # unseeing
        ("The priest seems unaware of your presence.", NO, "Does the priest sense me?"),
        ("The priest does not look at you.", NO, "Does the priest sense me?"),
        ("If the guard spots you, it is over.", NO, "Does the guard notice me?"),
        ("You look at the priest; he prays on.", NO, "Does the priest sense me?"),  # you are the subject
        ("The reactor was running, but it suddenly stopped.", NO, "Is the reactor still running?"),
        ("The raider lunges at you, then turns and flees.", YES, "Does the raider flee?"),
        ("The raider flees, but not before he slashes at you.", YES, "Does the raider flee?"),
        ("The priest walks right past you, never looking at you.", NO, "Does the priest sense me?"),
        ("The priest turns toward you, but his eyes pass over you without a flicker.", NO, "Does the priest sense me?"),
        ("You realize the priest is unaware of you.", NO, "Does the priest sense me?"),
    ],
)
def test_the_answer_kept_or_another_subject_passes(text: str, request_: dict, question: str) -> None:
    assert not this_turn(text, request_, question)


def test_an_earlier_answer_told_the_other_way_in_deeds_is_caught_and_the_retry_names_it() -> None:
    assert earlier("The raider lunges at you again, his vibroblade slicing through your armor.")
    assert earlier("The priest turns to face you.")
    assert not earlier("The raider comes back and lunges at you.")  # the world changed since: the story may tell it
    assert not earlier("A second raider lunges at you.")
    assert not earlier("The priest now turns and sees you.")  # an earlier answer may change: told as a change
    facts = prepare([], system="starforged", established=EARLIER)
    found = check_narration("The raider lunges at you again.", [], system="starforged", facts=facts)
    line = describe_violations(found).splitlines()[1]
    assert line == '1. Change "The raider lunges at you again.": an earlier answer stands: The raider does flee.'


@pytest.mark.parametrize(
    "text",
    [
        # the answer's subject opens a clause of its own after another subject
        "The reactor is no longer running, but the survivors have managed to escape through a hidden door.",
        "The air is stale, and the survivors have already fled the ship.",
        "The survivors have long since escaped to another vessel.",
    ],
)
def test_a_yes_to_someone_aboard_told_as_them_gone_is_caught(text: str) -> None:
    assert this_turn(text, YES, "Are there survivors aboard?")


@pytest.mark.parametrize(
    "text",
    [
        "The survivors are huddled in the mess hall, and they have left a trail of ration wrappers.",
        "The survivors have been left behind by their crew.",
        "The reactor is dead, but the survivors are still aboard.",
        "If the survivors have escaped, the ship is empty.",
        "The lights flicker, and the crew's logs say the captain left the ship long ago.",
    ],
)
def test_someone_aboard_told_with_other_departures_passes(text: str) -> None:
    assert not this_turn(text, YES, "Are there survivors aboard?")
