"""A hold told as protection from everything (set 22: "The cleric's shield glows brightly, protecting the cleric from any
potential attacks." on Defend, a strong hit): the engine gave hold, each point spent on one use the panel lists, not a
ward against every attack. The guard against the attack at hand, and readiness, pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"


def blanket(text: str, request: dict = DEFEND) -> list[str]:
    result = resolve(request)
    return [v.detail for v in check_narration(text, [result], intent=SHIELD) if "every attack" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The cleric's shield glows brightly, protecting the cleric from any potential attacks.",  # BF3 dw-duel:4:1
        "Your shield keeps her safe from all harm.",
        "Behind your shield the cleric is guarded against every blow.",
        "You stand over the cleric, shielding her from any danger the bard can bring.",
        "The cleric is now untouchable behind your guard.",
    ],
)
def test_protection_from_everything_is_caught(text: str) -> None:
    assert blanket(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The cleric is protected from the attack.",
        "You hold your shield high, ready for any attack.",
        "Your shield cannot keep her safe from every blow, but it will take this one.",
        "You raise your shield to protect the cleric, and the bard hesitates.",
    ],
)
def test_the_guard_at_hand_passes(text: str) -> None:
    assert blanket(text) == [], text


def test_without_a_hold_there_is_no_hold_to_overstate() -> None:
    miss = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [1, 1]}
    assert blanket("Your shield keeps her safe from all harm.", request=miss) == []
