"""Good drafts of set 17 the guard flagged, each beside a fault of the same turn it must still catch: a mind at work
after a bare roll ("you focus on your next move"), a clock in the room ("The clock ticked away"), the place the player
named entered ("You reluctantly step into the dark, a familiar haunt of gambling dens"); and a wait imposed on the
character ("you are forced to wait for someone else to help you open the archive"), where "you must find a way" is
pressure that leaves the choice open."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import Violation, ViolationKind
from assistant.narrate.story_facts import story_facts

ENDURE = {"system": "starforged", "move": "Endure Harm", "options": {"amount": 2}, "character": {"health": 4}}
NO_PRIEST = {"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [29]}
VICE = {"system": "blades", "move": "Indulge Vice", "stat": "insight", "dice": [4, 6], "character": {"stress": 3}}
DENS = "I spend the evening at the gambling dens to ease my stress"
DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"


def check(text: str, request: dict[str, Any], intent: str, question: str | None = None) -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts, question=question)


@pytest.mark.parametrize(
    "text",
    [
        # AZ-1.5b:sf-fight:7:2
        "You take a deep breath, feeling the weight of the injury on your shoulder. As the pain subsides, you focus on "
        "your next move.",
        "You grit your teeth and weigh your options.",
        "You regain your composure as the ache dulls.",
    ],
)
def test_a_mind_at_work_on_a_bare_roll_is_no_deed(text: str) -> None:
    assert not [v for v in check(text, ENDURE, "") if v.kind is ViolationKind.DECISION]


def test_a_deed_on_a_bare_roll_is_still_caught() -> None:
    flags = check("You focus on the raider. You draw your blade and charge him.", ENDURE, "")
    assert any(v.kind is ViolationKind.DECISION for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        "The priest did not sense you. The clock ticked away, and nothing seemed to move in the darkness.",  # AZ-1.5b:el-hunt:3:2
        "A clock ticks somewhere in the vestry.",
        "The clock on the wall ticks loudly in the silence.",
    ],
)
def test_a_clock_in_the_room_is_no_clock_of_the_game(text: str) -> None:
    assert not check(text, NO_PRIEST, "Does the priest sense me?", "Does the priest sense me?")


def test_the_games_clock_told_moving_is_still_caught() -> None:
    flags = check("Your clock advances toward disaster.", NO_PRIEST, "Does the priest sense me?", "Does the priest sense me?")
    assert any(v.kind is ViolationKind.STATE for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        "You reluctantly step into the dark, a familiar haunt of gambling dens.",  # AZ2-1.5b:bl-downtime:3:3
        "You slip into the smoke, the gambling dens loud around you.",
    ],
)
def test_the_place_the_player_named_entered_passes(text: str) -> None:
    assert not [v for v in check(text, VICE, DENS) if "where the character goes" in v.detail]


def test_going_somewhere_the_player_never_named_is_still_caught() -> None:
    flags = check("You reluctantly step into the watch house.", VICE, DENS)
    assert any("where the character goes" in v.detail for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        # AZ-1.5b:city-night:6:1
        "The clerk is reluctant to cooperate with you, and you are forced to wait for someone else to help you open the archive.",
        "The clerk's refusal leaves you no choice but to wait outside the archive.",
        "You have to wait for the night shift to change.",
    ],
)
def test_a_wait_imposed_is_a_decision(text: str) -> None:
    assert any(v.kind is ViolationKind.DECISION for v in check(text, DIRECT_MISS, PRESS))


@pytest.mark.parametrize(
    "text",
    [
        "You are forced to wait.",
        "You must act quickly.",
        "You must find a way past the clerk before the watch arrives.",
        "You must find another way in or give up on the archive.",
        "The clerk glares; you must decide what to do next.",
        "You have no choice but to press the clerk harder.",
    ],
)
def test_pressure_that_leaves_the_choice_open_passes(text: str) -> None:
    assert not [v for v in check(text, DIRECT_MISS, PRESS) if "decides for the player's character" in v.detail]


PRICE = {"system": "elegy", "move": "Pay the Price", "dice": [60]}
FEED_OPENING = "As you try to feed on the sleeping watchman, the ambient introduces a new hazard."


def price_flags(text: str) -> list[Violation]:
    result = resolve(PRICE)
    facts = prepare([result], told=[FEED_OPENING], sheet=story_facts([result], player_text="Pay the Price"))
    return check_narration(text, [result], intent="Pay the Price", facts=facts)


def test_the_attempt_the_price_is_paid_for_told_as_the_opening_tells_it_passes() -> None:
    # AZ-1.5b:el-hunt:7:1
    text = "You try to feed on the sleeping watchman, but as you approach him, the watchman is startled and moves away."
    assert not [v for v in price_flags(text) if v.kind is ViolationKind.DECISION]


def test_a_second_attempt_on_the_price_is_still_caught() -> None:
    assert any(v.kind is ViolationKind.DECISION for v in price_flags("You try to feed on the watchman again, and he wakes."))


def test_stepping_into_the_dark_names_no_new_place() -> None:
    assert not [v for v in check("You reluctantly step into the dark.", VICE, DENS) if "where the character goes" in v.detail]


SURVIVORS = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [22]}  # yes, a match
ABOARD = "Are there survivors aboard?"


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("The survivors, still in the reactor, were forced to evacuate. They", False),  # AZ-1.5b:sf-derelict:4:1
        ("The survivors, still in the reactor, were forced to evacuate the ship.", True),
        ("The survivors were forced to evacuate.", True),
    ],
)
def test_an_evacuation_from_a_room_aboard_keeps_the_yes(text: str, gone: bool) -> None:
    result = resolve(SURVIVORS)
    assert result.outcome == "yes"
    flags = check_narration(text, [result], intent=ABOARD, question=ABOARD, facts=prepare([result]))
    assert any("tells the survivors gone" in v.detail for v in flags) is gone
