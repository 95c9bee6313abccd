"""A fight, vow or expedition told as over on a turn with no progress roll: its end is that roll, still to come ("The
raider's fight ended, and your health went down." on Endure Harm)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}
STRIKE = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 1, 2]}
DECISIVE = {"system": "starforged", "move": "Take Decisive Action", "dice": [1, 2], "options": {"progress_boxes": 8}}


def kinds(text: str, request: dict[str, object]) -> list[str]:
    return [v.kind.value for v in check_narration(text, [resolve(request)], intent="I fight the raider")]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The raider's fight ended, and your health went down.", HARM),  # AW sf-fight:7:1
        ("The fight is over: the raider lies still at your feet.", STRIKE),
        ("With that blow the battle is won.", STRIKE),
        ("Your vow is fulfilled at last.", STRIKE),
    ],
)
def test_an_end_told_without_its_progress_roll_is_caught(text: str, request_: dict[str, object]) -> None:
    assert "outcome" in kinds(text, request_), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The fight is far from over; the raider circles, blade low.", STRIKE),
        ("Your blade bites deep, but the fight is not over yet.", STRIKE),
        ("If you fall here, the fight is over.", HARM),
        ("The fight is over. The raider flees into the dark.", DECISIVE),  # the progress roll that ends it
    ],
)
def test_a_fight_going_on_or_ended_by_its_roll_passes(text: str, request_: dict[str, object]) -> None:
    assert "outcome" not in kinds(text, request_), text


def test_a_system_without_progress_rolls_is_left_alone() -> None:
    hack = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}
    assert "outcome" not in kinds("The duel is over: the bard yields.", hack)
