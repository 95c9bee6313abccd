"""A hit on a bare roll told as the roll's own approach failing (set 23: "You fail to act with speed, mobility, or
agility." after Face Danger +edge, a weak hit): with no words of the player's, the approach the engine rolled (read
from the move's own text) is the attempt, and telling it failing tells the hit as a miss. A failure at something else
(a weak hit's complication), the approach told working and a miss pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

EDGE_WEAK = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 3, 9]}
WITS_STRONG = {"system": "starforged", "move": "Face Danger", "stat": "wits", "dice": [6, 1, 2]}
IRON_WEAK = {"system": "starforged", "move": "Secure an Advantage", "stat": "iron", "dice": [5, 3, 9]}
ELEGY_WEAK = {
    "system": "elegy",
    "move": "Action Roll",
    "stat": "dexterity",
    "character": {"stats": {"dexterity": 3}},
    "dice": [8, 2],
}
EDGE_MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 9, 9]}


def failed(text: str, request: dict) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], intent="") if "attempt failing" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You fail to act with speed, mobility, or agility.", EDGE_WEAK),  # BG3-1.5b:sf-vow:7:3
        ("You cannot move with the agility the moment needs.", EDGE_WEAK),
        ("You are unable to bring your focus to bear.", WITS_STRONG),
        ("You fail to keep your observation sharp.", WITS_STRONG),
        ("You couldn't muster the strength to hold the line.", IRON_WEAK),
        ("You fail to act with stealth or speed.", ELEGY_WEAK),
    ],
)
def test_the_rolled_approach_told_failing_on_a_hit(text: str, request_: dict) -> None:
    assert failed(text, request_), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You move with speed and agility, but you fail to notice the second raider.", EDGE_WEAK),
        ("You act with speed, mobility and agility.", EDGE_WEAK),
        ("You fail to keep your footing, but your strength carries you through.", IRON_WEAK),
        ("Your focus holds, though you cannot see the far side of the hall.", WITS_STRONG),
    ],
)
def test_another_failure_or_the_approach_working_passes(text: str, request_: dict) -> None:
    assert not failed(text, request_), text


def test_a_miss_told_failing_is_the_miss() -> None:
    assert not failed("You fail to act with speed, mobility, or agility.", EDGE_MISS)
