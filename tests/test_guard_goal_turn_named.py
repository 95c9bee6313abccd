"""A missed goal told reached, with a turn word that only names a thing after it (set 24: "The airlock finally gives
way, revealing a new escape route." on a miss): "an escape route", "a blocked corridor" are what lies beyond, not the
claim turned; a failure, a denial or a "but" still tells the miss."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

DANGER_MISS = {"system": "starforged", "move": "Face Danger", "stat": "iron", "dice": [1, 9, 9]}
CITY_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
AIRLOCK = "I force the jammed airlock open with brute strength"
HATCH = "I pry the hatch open"
GATE = "I shoulder the warehouse gate open"


def reached(text: str, intent: str, request: dict = DANGER_MISS) -> list[str]:
    result = resolve(request)
    assert result.outcome == "miss"
    return [v.detail for v in check_narration(text, [result], intent=intent) if "reached" in v.detail]


@pytest.mark.parametrize(
    ("text", "intent", "request_"),
    [
        ("The airlock finally gives way, revealing a new escape route.", AIRLOCK, DANGER_MISS),  # BH5-1.5b:sf-derelict:6:3
        ("The hatch swings open onto a blocked corridor.", HATCH, DANGER_MISS),
        ("The airlock bursts open, and beyond it waits an escape pod.", AIRLOCK, DANGER_MISS),
        ("The hatch slides open, its jammed hinges shrieking.", HATCH, DANGER_MISS),
        ("The warehouse gate swings open onto a blocked alley.", GATE, CITY_MISS),
    ],
)
def test_the_goal_reached_with_a_thing_named_by_a_turn_word(text: str, intent: str, request_: dict) -> None:
    assert reached(text, intent, request_), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The airlock groans but holds, and no escape route opens.", AIRLOCK),
        ("The hatch does not budge, and your escape route is cut off.", HATCH),
        ("The door shudders open a crack, but the jammed bolt holds.", AIRLOCK),
        ("You fail to open the airlock, and the escape pod drifts away.", AIRLOCK),
        ("The airlock stays jammed; a new escape route will have to be found.", AIRLOCK),
    ],
)
def test_the_miss_told_passes(text: str, intent: str) -> None:
    assert not reached(text, intent), text
