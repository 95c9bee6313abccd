"""One an oracle's no left unaware told watching or searching for you (set 18: "his eyes scanning the room for any sign
of movement… he tried to find the source of the dark aura" after "Does the priest sense me?" answered no; "his gaze
fixed on you" a turn later)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation

SENSE = "Does the priest sense me?"
ANYONE = "Is anyone else awake?"


def _no() -> object:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    return result


def same_turn(text: str) -> list[Violation]:
    result = _no()
    flags = check_narration(
        text, [result], intent=SENSE, question=SENSE, facts=prepare([result], told=("The priest does not sense you.",))
    )
    return [v for v in flags if "noticing you" in v.detail]


def later_turn(text: str) -> list[Violation]:
    result = _no()
    facts = prepare([result], established=("The priest does not sense you.",), told=("No one else is awake.",))
    flags = check_narration(text, [result], intent=ANYONE, question=ANYONE, facts=facts)
    return [v for v in flags if "noticing you" in v.detail]


WATCHING = [
    "The priest kept silent, his eyes scanning the room for any sign of movement.",  # BA-1.5b:el-hunt:3:2
    "The priest, still awake, remained silent, his gaze fixed on you.",  # BA2-1.5b:el-hunt:4:2
    "The priest tried to find the source of the dark aura.",
    "The priest searches the nave for any sign of an intruder.",
    "The priest's stare lingers on you for a long moment.",
    "The priest watches you from the altar steps.",
    'The priest turns to the shadows. "Is it you?" he asks.',
    "The priest stares straight at you, saying nothing.",
    "The priest's eyes follow you as you edge along the wall.",
    "The priest squints at the pillar where you hide.",
]


@pytest.mark.parametrize("text", WATCHING)
def test_watching_for_you_on_the_answers_turn_is_caught(text: str) -> None:
    assert same_turn(text), text


@pytest.mark.parametrize("text", WATCHING)
def test_watching_for_you_on_a_later_turn_is_caught(text: str) -> None:
    assert later_turn(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest looks around, his eyes scanning the dark room. He doesn't see you anywhere.",  # set 11, ok
        "The priest's gaze stays fixed on the altar as he prays.",
        "The priest looks elsewhere, murmuring over his beads.",
        "The priest studies the pages of his breviary by candlelight.",
        "You watch the priest from behind a pillar, your breath held.",
        "The priest stares into the candle flame, lost in thought.",
        "You follow the priest with your eyes as he lights the candles.",
        "The priest looks at the door where the novices sleep.",
    ],
)
def test_the_priest_looking_elsewhere_passes(text: str) -> None:
    assert same_turn(text) == [], text
    assert later_turn(text) == [], text
