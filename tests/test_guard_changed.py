"""What is not a contradiction: a price's new hazard that changes an earlier oracle answer (told as how things were
at that time it still is), and a tier named as what the character aims for."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

PRICE = {"system": "elegy", "move": "Pay the Price", "dice": [17]}
ROLL = {"system": "elegy", "move": "Face Danger", "stat": "heart", "dice": [1, 2]}
HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [5, 4]}
SENSE = ["The priest does not sense you."]


def flagged(text: str, request: dict, established: list[str] | None = None) -> list[str]:
    result = resolve(request)
    facts = prepare([result], established=established or [])
    return [v.detail for v in check_narration(text, [result], facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        "The priest suddenly appears, sensing your presence and blocking your path.",
        "The priest, sensing your presence, suddenly appears.",
        "The priest senses you and calls for the guards.",
    ],
)
def test_a_price_may_change_what_an_earlier_answer_said(text: str) -> None:
    assert not flagged(text, PRICE, SENSE)


@pytest.mark.parametrize(
    "text",
    [
        "The priest had sensed your presence all along.",
        "In truth, the priest was sensing you the whole time.",
    ],
)
def test_a_price_told_as_the_answer_having_been_otherwise_is_still_a_contradiction(text: str) -> None:
    assert any("earlier turn established" in d for d in flagged(text, PRICE, SENSE))


def test_on_a_roll_the_earlier_answer_still_stands() -> None:
    assert any("earlier turn established" in d for d in flagged("The priest senses you and calls for the guards.", ROLL, SENSE))


@pytest.mark.parametrize(
    "text",
    [
        "You lunge at the bard with your sword, aiming for a critical hit.",
        "You swing hard, hoping for a clean hit.",
        "You press the attack in hopes of a critical hit.",
    ],
)
def test_a_tier_aimed_for_is_no_outcome(text: str) -> None:
    assert not [d for d in flagged(text, HACK) if "tells" in d]


def test_a_tier_told_as_how_it_went_is_still_read() -> None:
    assert any("critical" in d for d in flagged("You lunge at the bard, and it's a critical hit.", HACK))
