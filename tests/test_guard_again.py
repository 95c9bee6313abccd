"""A second attempt the player never declared ("You try again, but the clerk still ignores you.") is a decision taken
for them; the player's own "again", a supposed try and what others do again pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
FRAY_WEAK = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}


def second_tries(text: str, request: dict, intent: str = "") -> list[str]:
    flags = check_narration(text, [resolve(request)], intent=intent)
    return [v.detail for v in flags if v.kind is ViolationKind.DECISION and "second attempt" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You try again, but the gate guard still waves you off.", MISS),
        ("The lock holds, so you heave at the bar once more.", MISS),
        ("You step back and prepare to strike again.", FRAY_WEAK),
        ("You give the valve another try before the steam reaches you.", MISS),
        ("You aim at the drone a second time.", FRAY_WEAK),
    ],
)
def test_a_second_attempt_never_declared_is_flagged(text: str, request_: dict) -> None:
    assert second_tries(text, request_, intent="I pry the valve loose"), text


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You try again to pick the lock, and it clicks at last.", MISS, "I try again to pick the lock"),
        ("You could try again, but the patrol is close.", MISS, "I pry the valve loose"),
        ("The drone lunges at you again, sparks flying.", FRAY_WEAK, "I fight the drone"),
        ("The guard tells you again to leave.", MISS, "I talk my way past the guard"),
        ("You feel the cold again as the wind rises.", MISS, "I cross the ice"),
    ],
)
def test_the_players_own_again_a_supposed_try_and_others_again_pass(text: str, request_: dict, intent: str) -> None:
    assert not second_tries(text, request_, intent=intent), text
