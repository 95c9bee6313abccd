"""A conversation told where the oracle left no one to talk with (set 17: "The priest hesitates, but finally nods. 'Is it
a safe place?' he asks." after "The priest does not sense you." and "No one else is awake.")."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation

ANYONE_ELSE = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [29]}  # no
ANSWER = "No one else is awake."
QUESTION = "Is anyone else awake?"


def check(text: str, established: tuple[str, ...] = ("The priest does not sense you.",)) -> list[Violation]:
    result = resolve(ANYONE_ELSE)
    facts = prepare([result], established=established, told=(ANSWER,))
    flags = check_narration(text, [result], facts=facts, intent=QUESTION, question=QUESTION)
    return [v for v in flags if "no one is there to talk with" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        'The priest hesitates, but finally nods. "Is it a safe place?" he asks.',  # AZ-1.5b:el-hunt:4:3
        "The priest paused before answering, as he waited for his turn to speak.",  # AZ2-1.5b:el-hunt:4:1
        "The priest whispers to someone in the shadows of the nave.",
        "The priest turns and speaks with a hooded figure by the altar.",
        "The priest murmurs a reply to a question you did not hear.",
    ],
)
def test_a_conversation_with_no_one_to_talk_with_is_caught(text: str) -> None:
    assert check(text)


@pytest.mark.parametrize(
    "text",
    [
        "The priest mutters a prayer to himself and turns another page.",
        "The church is silent; only the priest's breathing stirs the air.",
        "The priest talks to himself as he trims the candles.",
        "The priest, sensing the eerie silence, cautiously asked if anyone else was awake.",
    ],
)
def test_the_one_alone_in_the_silence_passes(text: str) -> None:
    assert not check(text)


def test_without_an_answer_that_he_does_not_know_you_are_there_he_may_talk_with_you() -> None:
    assert not check('"Who are you?" the priest asks.', established=())


def test_the_retry_line_gives_both_answers() -> None:
    retry = describe_violations(check("The priest whispers to someone in the shadows."))
    assert "The priest does not sense you." in retry and "No one else is awake." in retry
