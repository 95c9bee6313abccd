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


@pytest.mark.parametrize(
    "text",
    [
        "The footsteps you leave in the dust are the only sign of life.",
        "A quiet laugh escapes you.",
        "A sigh escapes your lips before you can stop it.",
        "The shuffle of your boots is the only sound.",
        "A soft voice in your head tells you to run.",
        "The low murmur of the fountain fills the courtyard.",
        "A distant voice of the bells tolls midnight.",
    ],
)
def test_your_own_sounds_and_a_things_pass(text: str) -> None:
    assert check(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "Soft footsteps behind you.",
        "A whisper in your ear, close and cold.",
        "A voice you do not know calls from the stairs.",
        "A cough from your right.",
    ],
)
def test_someone_elses_sound_near_you_is_still_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        "A shadow moves across the wall as the candle gutters.",
        "You remember a voice from long ago, singing you to sleep.",
        "The murmur of the crowd outside has long faded.",
        "You recall the whispers of the congregation at vespers.",
        "The chatter of the market died away hours ago; the laughter has long since stopped.",
    ],
)
def test_a_shadow_a_memory_and_a_sound_long_gone_pass(text: str) -> None:
    assert check(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "Someone is moving in the dark now, and a voice whispers your name.",
        "You remember the layout, and then you hear footsteps on the stair.",
    ],
)
def test_a_sound_now_beside_a_memory_is_still_caught(text: str) -> None:
    assert check(text), text
