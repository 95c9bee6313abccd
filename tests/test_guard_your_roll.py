"""A roll told of something of yours ("your quick reflexes and strong heart roll the dice") is the player's own roll,
which the engine made: not someone else rolling. Someone else rolling is still caught."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

ENTER = {"system": "starforged", "move": "Face Danger", "stat": "heart", "character": {"stats": {"heart": 2}}, "dice": [5, 3, 4]}


def kinds(text: str) -> list[str]:
    result = resolve(ENTER)
    return [v.kind.value for v in check_narration(text, [result], intent="I meet the raider's lunge")]


@pytest.mark.parametrize(
    "text",
    [
        # AU-1.5b:sf-fight:2:1 (labelled good)
        "The raider lunges at you with a vibroblade, but your quick reflexes and strong heart roll the dice.",
        "Your nerve rolls the dice for you, and the blade passes wide.",
    ],
)
def test_something_of_yours_rolling_is_your_own_roll(text: str) -> None:
    assert "phantom_roll" not in kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The raider grins and rolls the dice against you.",
        "The dockhands look at you and roll +shadow.",
        "Your rival rolls a d6 behind the bar and grins.",
    ],
)
def test_someone_else_rolling_is_caught(text: str) -> None:
    assert "phantom_roll" in kinds(text), text
