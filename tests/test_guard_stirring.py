"""Someone stirring after the oracle said no one else is awake (set 18: "You could hear the faintest whisper from the
other side of the room" after "No one else is awake.")."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation

ANYONE_ELSE = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [29]}  # no
ANSWER = "No one else is awake."
QUESTION = "Is anyone else awake?"
EARLIER = ("The priest does not sense you.",)


def check(text: str, told: tuple[str, ...] = (ANSWER,), established: tuple[str, ...] = EARLIER) -> list[Violation]:
    result = resolve(ANYONE_ELSE)
    assert result.outcome == "no"
    facts = prepare([result], established=established, told=told)
    flags = check_narration(text, [result], facts=facts, intent=QUESTION, question=QUESTION)
    return [v for v in flags if "someone else stirring" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You could hear the faintest whisper from the other side of the room, but you couldn't make out what it was.",
        "Somewhere down the corridor, you hear voices.",
        "A muffled cough comes from the dormitory.",
        "Soft footsteps cross the floor above you.",
        "Someone is moving in the shadows by the door.",
        "A hushed conversation drifts from the kitchen.",
    ],
)
def test_someone_else_stirring_is_caught(text: str) -> None:
    assert check(text), text


def test_an_earlier_turns_answer_holds_too() -> None:
    assert check("You hear footsteps behind the chapel door.", told=(), established=(*EARLIER, ANSWER))


@pytest.mark.parametrize(
    "text",
    [
        "The only sound is the whisper of the rain on the roof.",
        "Not a whisper stirs the dormitory.",
        "The priest's whisper is a prayer you cannot make out.",
        "A low murmur from the priest rises with the incense.",
        "You hear nothing but your own breathing.",
        "The wind whispers through the cracked shutters.",
        "No footsteps, no voices: the cloister sleeps.",
        "A soft snore drifts from the dormitory.",
        "You hear the slow breathing of the sleeping novices.",
    ],
)
def test_silence_nature_and_the_priests_own_voice_pass(text: str) -> None:
    assert check(text) == [], text


def test_without_the_answer_nothing_is_read() -> None:
    assert check("You hear voices down the corridor.", told=(), established=EARLIER) == []
