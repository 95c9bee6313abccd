"""A meter told in its plural ("you lose some of your supplies") is the meter: on a weak hit whose cost (a suffer
move) is the player's to choose, the supply lost is that cost told as taken. Supplies named without a change pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.system_words import meter_words

FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [3, 5, 4]}
LEAP = "I leap across the gap"


def kinds(text: str) -> list[str]:
    result = resolve(FACE)
    assert result.outcome == "weak_hit" and not result.effects
    return [v.kind.value for v in check_narration(text, [result], intent=LEAP, facts=prepare([result]))]


def test_the_plural_names_the_meter() -> None:
    assert meter_words("starforged")["supplies"] == ("supply", 1)


@pytest.mark.parametrize(
    "text",
    [
        "You make it across, but you lose some of your supplies.",
        "You make it across, but you lose some supplies in the fall.",
        "You land hard and lose supplies over the edge.",
    ],
)
def test_supplies_lost_are_a_change_the_engine_did_not_make(text: str) -> None:
    assert "state" in kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You make it across and check your supplies.",
        "You make it across, your supplies strapped tight to your back.",
    ],
)
def test_supplies_named_without_a_change_pass(text: str) -> None:
    assert kinds(text) == [], text
