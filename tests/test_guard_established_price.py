"""An earlier answer about the world told as untrue on a price's turn (set 18: "you can hear only the distant hum of
the reactor" on the Pay the Price after "The reactor is no longer running."): a price may change the world, but only as
a change told."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation

PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [12]}
EARLIER = ("The reactor is no longer running.", "There are survivors aboard.")


def check(text: str, established: tuple[str, ...] = EARLIER) -> list[Violation]:
    result = resolve(PRICE)
    facts = prepare([result], established=established)
    flags = check_narration(text, [result], intent="Pay the Price", facts=facts)
    return [v for v in flags if "earlier turn established" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The room around you is silent, and you can hear only the distant hum of the reactor.",  # BA-1.5b:sf-derelict:7:1
        "The reactor's steady hum fills the corridor as you push.",
        "Somewhere below, the reactor thrums beneath your feet.",
        "You hear the reactor droning behind the bulkhead.",
        "The reactor is running, its glow spilling under the door.",
    ],
)
def test_the_thing_told_working_on_the_price_turn_is_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The reactor is silent, and the cold seeps through your suit.",
        "Without the hum of the reactor, every sound you make echoes.",
        "The reactor suddenly shudders to life, flooding the corridor with radiation.",  # the price as a change told
        "The reactor sputters back on, and alarms scream through the ship.",
        "The survivors huddle together in the dark.",
    ],
)
def test_the_reactor_dead_or_the_price_bringing_it_back_passes(text: str) -> None:
    assert check(text) == [], text


def test_without_the_earlier_answer_nothing_is_read() -> None:
    assert check("You can hear only the distant hum of the reactor.", established=()) == []


@pytest.mark.parametrize(
    "text",
    [
        "The airlock remains jammed, and the reactor continues to burn.",  # BF-1.5b:sf-derelict:7:1
        "The reactor keeps burning somewhere below the deck.",
        "The reactor still burns, its heat pressing through the bulkhead.",
        "The airlock holds, but the reactor continues to run behind it.",
        "The reactor is still humming as the hatch refuses to budge.",
        "The reactor's glow pulses as it powers the ship.",  # the labels' ruling: the one asked about told running
        "The reactor's core is still active behind the shielding.",
        "The survivors have fled the ship, leaving the corridors empty.",  # the earlier yes told gone, no change told
    ],
)
def test_the_stopped_machine_told_going_on_as_before_is_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The airlock remains jammed, and the reactor stays dark and cold.",
        "A fire continues to burn in the cargo bay.",  # a fire, not the reactor
        "The reactor suddenly roars to life, and the deck shakes beneath you.",
        "The lights keep flickering along the corridor.",
        "The reactor's core has been sealed, and the containment system is operational.",  # a part working (set 21)
        "The reactor's core lies dark and cold.",
    ],
)
def test_the_reactor_left_dead_or_another_thing_burning_passes(text: str) -> None:
    assert check(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "You are left alone in the ship, with no hope of finding any survivors or escape.",  # BD-1.5b:sf-derelict:7:2
        "There are no survivors, only the hum of dead air.",
        "You search the deck and find no survivors.",
        "There is no sign of the survivors anywhere on the ship.",
        "None of the survivors answer; the survivors are gone.",
    ],
)
def test_what_an_earlier_yes_said_exists_told_as_none_is_caught(text: str) -> None:
    assert check(text), text


@pytest.mark.parametrize(
    "text",
    [
        "If there are no survivors, you are alone with the dark.",
        "The survivors are trapped behind the jammed airlock, pounding on the door.",
        "You hear no sound from the survivors, who huddle in silence.",
    ],
)
def test_the_survivors_still_there_or_only_supposed_gone_pass(text: str) -> None:
    assert check(text) == [], text
