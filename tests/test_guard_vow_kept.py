"""A vow just sworn told as already kept (sets 23 and 24: "You find your sister on the Wayfarer station", "Your sister is
found" after "I swear an iron vow to find my sister"): what the vow promises is the story ahead. Read from the player's
own vow (its verb and whom or what it is done to), for any vow; the vow's words, an aim, a modal, a condition and a
denial pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOW = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [6, 1, 2]}
SISTER = "I swear an iron vow to find my sister"
MINERS = "I vow to free the miners of Bleakhold"
LEDGER = "I swear to recover the stolen ledger"


def kept(text: str, intent: str = SISTER) -> list[str]:
    result = resolve(VOW)
    return [v.detail for v in check_narration(text, [result], intent=intent) if "already kept" in v.detail]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Your sister is found on the Wayfarer station, and you are overjoyed.", SISTER),  # BG-1.5b:sf-vow:3:2
        ("You find your sister, and she is waiting for you.", SISTER),  # BG4-1.5b:sf-vow:3:2
        ("You find your sister on the Wayfarer station.", SISTER),  # BH-1.5b:sf-vow:3:1
        ("At last you found her, huddled in a cargo bay.", SISTER),
        ("Your little sister was finally found among the refugees.", SISTER),
        ("You free the miners, and they cheer your name.", MINERS),
        ("The miners are freed before the night is out.", MINERS),
        ("You recover the stolen ledger from the smuggler's den.", LEDGER),
    ],
)
def test_the_vow_told_as_kept(text: str, intent: str) -> None:
    assert kept(text, intent), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("You swear to find your sister, whatever it costs.", SISTER),
        ("You know you must find her before the drift closes.", SISTER),
        ("You will find her, or die trying.", SISTER),
        ("Until you find your sister, you will not rest.", SISTER),
        ("You have not found her yet, but the trail is warm.", SISTER),
        ("You find a note your sister left in the cargo bay.", SISTER),
        ("You are determined to find her.", SISTER),
        ("The miners of Bleakhold still toil in the dark, waiting to be freed.", MINERS),
        ("You find it hard to breathe as the oath settles on you.", LEDGER),
    ],
)
def test_the_vow_sworn_its_words_and_the_task_ahead_pass(text: str, intent: str) -> None:
    assert not kept(text, intent), text


def test_a_line_that_is_no_vow_is_not_read() -> None:
    assert not kept("You find your sister on the Wayfarer station.", "I search the station for my sister")


@pytest.mark.parametrize(
    "text",
    [
        "You know what you must do next: find your sister on the Wayfarer station.",  # AX-1.5b:sf-vow:3:1, ok
        "Progress is marked on Find my sister.",
        "Find her. The words ring in your head.",
    ],
)
def test_the_vow_named_as_the_task_ahead_passes(text: str) -> None:
    assert not kept(text), text


RECORDER = "I swear an iron vow to recover the Halcyon's flight recorder"


@pytest.mark.parametrize(
    "text",
    [
        "The Halcyon's flight recorder is found, but it's not fully recovered.",
        "You locate the flight recorder in the wreck.",
        "You retrieve the stolen ledger from the safe.",
    ],
)
def test_a_vow_to_get_something_back_is_kept_when_it_is_told_found(text: str) -> None:
    intent = LEDGER if "ledger" in text else RECORDER
    assert kept(text, intent), text


@pytest.mark.parametrize(
    "text",
    [
        "You swear to recover the flight recorder, whatever it costs.",
        "You will find the flight recorder somewhere in that wreck.",
        "The flight recorder waits somewhere in the dark of the wreck.",
    ],
)
def test_the_thing_vowed_still_to_get_passes(text: str) -> None:
    assert not kept(text, RECORDER), text
