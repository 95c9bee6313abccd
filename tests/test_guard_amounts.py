"""A meter change told by another amount than the engine applied (the rules text's other sizes are not this turn's),
and the harm the engine dealt told as none; with the retry lines a small model reads."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence
from assistant.guard.model import Violation

HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}
STRESS = {"system": "starforged", "move": "Endure Stress", "character": {"spirit": 4}, "options": {"amount": 2}}


def states(text: str, request: dict) -> list[Violation]:
    result = resolve(request)
    return [v for v in check_narration(text, [result]) if v.kind.value == "state"]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You lose 1 health.", HARM),  # the text's "-1 health for minor harm": not the size the engine applied
        ("Your health drops by 3.", HARM),
        ("Your health drops to 3.", HARM),
        ("You suffer -1 spirit as the dread sinks in.", STRESS),
        ("You lose 3 spirit.", STRESS),
    ],
)
def test_another_amount_than_the_engines_is_caught(text: str, request_: dict) -> None:
    assert states(text, request_)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You lose 2 health as the blade bites.", HARM),
        ("You take a hit; your health falls to 2.", HARM),
        ("You lose 2 spirit to the dread.", STRESS),
        ("Your health drops.", HARM),
    ],
)
def test_the_engines_amount_passes(text: str, request_: dict) -> None:
    assert not states(text, request_)


@pytest.mark.parametrize(
    "text",
    ["You are unharmed.", "You escape without a scratch.", "You take no damage from the blast.", "You remain unhurt."],
)
def test_harm_the_engine_dealt_told_as_none_is_caught(text: str) -> None:
    (violation,) = states(text, HARM)
    assert fix_sentence(violation).endswith("the engine made this change: health 4 to 2.")


def test_unharmed_supposed_passes() -> None:
    assert not states("If you are unharmed, you can run.", HARM)


@pytest.mark.parametrize("text", ["You suffer -1 health for minor harm.", "You suffer -1 health."])
def test_the_texts_other_size_in_its_own_words_is_still_the_wrong_amount(text: str) -> None:
    # a real model's whole story for "/roll endure harm 2" (health 5 -> 3): the rules text's words, so it was read as
    # a quote of the text and shown
    assert states(text, {**HARM, "character": {"health": 5}})


@pytest.mark.parametrize(
    "text",
    ["You suffer -2 health for serious harm.",
     "You suffer the harm (-1 health for minor harm, -2 for serious harm, -3 for major harm)."],
)  # fmt: skip
def test_the_size_decided_or_the_texts_whole_list_passes(text: str) -> None:
    assert not states(text, {**HARM, "character": {"health": 5}})


def test_an_option_of_the_texts_list_is_no_told_amount() -> None:
    # the city's Take a Big Risk 12+ lists "Clear 1 Heat" among the options while the engine marked heat +1
    result = resolve({"system": "city", "move": "Take a Big Risk", "stat": "sway", "dice": [6, 6]})
    listed = [v for v in check_narration("You pick one:\n- Impress one or more people\n- Clear 1 Heat", [result])]
    assert not [v for v in listed if "the engine's change was" in v.detail]
