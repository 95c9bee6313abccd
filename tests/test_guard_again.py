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


DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"


@pytest.mark.parametrize(
    "text",
    [
        "You raise your shield again, but this time it's not as easy.",  # BD2-1.5b:dw-duel:4:3
        "As the cleric stumbles, you quickly raise your shield once more.",
        "You raised the shield a second time, bracing for the next blow.",
        "Gritting your teeth, you are raising your shield again.",
    ],
)
def test_the_declared_deed_told_again_is_a_second_attempt(text: str) -> None:
    assert second_tries(text, DEFEND, SHIELD), text


@pytest.mark.parametrize(
    "text",
    [
        "You raise your shield to protect the cleric, and it holds.",
        "The cleric raises her mace again, but your shield stays between you.",
        "You keep your shield raised as the cleric steadies herself again.",
        "You could raise your shield again if the cleric is threatened.",
    ],
)
def test_the_deed_once_others_again_or_a_supposed_one_passes(text: str) -> None:
    assert second_tries(text, DEFEND, SHIELD) == [], text
