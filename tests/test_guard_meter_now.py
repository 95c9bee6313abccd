"""A meter's value told as an aside after its change, "(now N)" (set 18, what a player read: "With it, your ammunition
goes down by one (now 0)." after Volley took ammunition from 5 to 4)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import Violation

VOLLEY = {"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [4, 4]}  # a weak hit: ammunition 5 -> 4
FACE_DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]}  # momentum 2 -> 3


def check(text: str, request: dict[str, object] = VOLLEY) -> list[Violation]:
    result = resolve(request)
    return [v for v in check_narration(text, [result]) if v.kind.value == "state"]


def test_the_requests_change_what_the_tests_say() -> None:
    assert [(e.target, e.before, e.after) for e in resolve(VOLLEY).effects] == [("ammunition", 5, 4)]
    assert [(e.target, e.before, e.after) for e in resolve(FACE_DANGER).effects] == [("momentum", 2, 3)]


@pytest.mark.parametrize(
    "text, move",
    [
        ("With it, your ammunition goes down by one (now 0).", VOLLEY),
        ("Your ammunition drops (now at 3).", VOLLEY),
        ("You loose the volley and your ammunition runs low (now 2).", VOLLEY),
        ("Your momentum goes up (now 5).", FACE_DANGER),
        ("You leap the gap, and your momentum rises by one (now 2).", FACE_DANGER),
    ],
)
def test_a_wrong_value_in_the_aside_is_caught(text: str, move: dict[str, object]) -> None:
    assert check(text, move), text


@pytest.mark.parametrize(
    "text, move",
    [
        ("With it, your ammunition goes down by one (now 4).", VOLLEY),
        ("Your ammunition drops (now at 4).", VOLLEY),
        ("Your momentum goes up (now 3).", FACE_DANGER),
        ("You leap the gap (now on the far side), and your momentum goes up.", FACE_DANGER),
    ],
)
def test_the_engines_value_in_the_aside_passes(text: str, move: dict[str, object]) -> None:
    assert check(text, move) == [], text


def test_the_change_before_the_aside_is_still_read() -> None:
    assert check("Your ammunition goes down by two (now 4).")
