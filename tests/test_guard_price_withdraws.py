"""A price that withdraws the character: "you are forced to retreat" on Pay the Price decides the character's next deed
(leaving, giving up), as "no choice but to retreat" does on any turn; the price stopping or bending what they were doing,
the world's pressure and a decision left open pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

OPENING = "As you try to force the jammed airlock open with brute strength, you face the consequences of an earlier choice."
PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}


def decisions(text: str) -> list[str]:
    told = check_narration(f"{OPENING} {text}", [resolve(PRICE)], intent="Pay the Price")
    return [v.detail for v in told if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        "The airlock remains jammed, and you are forced to retreat.",
        "You're forced to flee the hangar as the lights die.",
        "The seal holds, and you are forced to give up on the door.",
        "Sparks burst from the panel and you were forced to fall back to the corridor.",
        "The hull groans, forcing you to abandon the airlock.",
        "You are then forced to withdraw into the dark.",
        "The heat is too much, and you are forced to back away from the controls.",
    ],
)
def test_a_price_that_withdraws_the_character_decides_their_next_deed(text: str) -> None:
    assert decisions(text), text


@pytest.mark.parametrize(
    "text",
    [
        "A loud crash rings out, and you are forced to stop your work on the lock.",
        "You are forced to make a difficult decision.",
        "The airlock remains jammed, and the air grows thin.",
        "A hatch above you slams shut; the raiders have found the ship.",
        "You must decide whether to keep pushing or to retreat.",
        "If the seal fails, you may be forced to retreat.",
    ],
)
def test_the_price_itself_and_a_choice_left_open_pass(text: str) -> None:
    assert not decisions(text), text
