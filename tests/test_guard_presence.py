"""A yes that someone is there, undone in the same story: "Are there survivors aboard?" answered yes, told as the
survivors taken away, escaped or gone home; and the stories that leave them where the answer put them."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

YES = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [20]}
QUESTION = "Are there survivors aboard?"


def undone(text: str, question: str = QUESTION) -> list[str]:
    result = resolve(YES)
    assert result.outcome == "yes"
    return [v.detail for v in check_narration(text, [result], question=question) if v.kind.value == "outcome"]


@pytest.mark.parametrize(
    "text",
    [
        # as a 1.5B model wrote them
        "The survivors aboard the reactor were taken to a secure shelter, where they were given food.",
        "The survivors aboard the reactor were able to escape and find shelter in a nearby forest.",
        "The survivors were taken to a secure facility, where they would be monitored and cared for.",
        # the same family in other words
        "The survivors were rescued from the wreck hours ago, and the corridors are silent.",
        "A handful of survivors cling to life here. They had all made it out by nightfall, through the cargo lock.",
        "The survivors have been airlifted to the station, leaving only their footprints in the dust.",
        "The survivors are long gone, their bunks stripped bare.",
        "The survivors escaped in a lifepod before you docked.",
    ],
)
def test_the_ones_the_yes_put_there_told_gone_take_it_back(text: str) -> None:
    assert undone(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The survivors huddle in the mess hall, begging you to take them off the ship.",
        "Three survivors cower in the cargo bay, too scared to leave.",
        "The survivors fear they will never get away from this wreck.",
        "The survivors want to go home, and they look to you.",
        "None of the survivors got away when the hull breached; they are still here, waiting.",
        "The survivors hide in the engine room, and they watch you from the dark as you pass.",
        # out of a trap within the place, still aboard (a match's twist, labelled ok)
        "The survivors, who had been trapped in the reactor for days, had managed to escape into the hidden room.",
    ],
)
def test_survivors_afraid_hiding_or_wishing_to_leave_keep_the_yes(text: str) -> None:
    assert not undone(text), text


def test_the_place_is_said_in_the_questions_words() -> None:
    assert undone("The survivors were taken to a secure shelter.")[0].endswith("the oracle answered yes: they are aboard")


def test_a_named_thing_still_there_and_a_question_about_doing_not_being() -> None:
    assert undone("The relic is still here. It was carried off moments later by a shadow.", "Is the relic still here?")
    assert not undone("The relic rests on its plinth, dusty and cold.", "Is the relic still here?")
    # "on patrol" asks what they do, not where they are: their leaving the barracks is not the yes undone
    assert not undone("The guards left the barracks at dusk and were sent off to the docks.", "Are the guards on patrol?")
