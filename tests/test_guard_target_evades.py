"""The one the player attacks getting out of its way on a strong hit (set 24: "The bard, startled by your sudden attack,
jumps back." after "I lunge at the bard with my sword", a strong hit): the attack told as avoided, the hit as a miss. A
blow landing that drives them back ("staggers back"), someone else moving and a weak hit pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

STR_1 = {"stats": {"str": 1}}
HACK_STRONG = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "character": STR_1, "dice": [6, 6]}
STRIKE_STRONG = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 1, 2], "options": {"rank": "formidable"}}
STRIKE_WEAK = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [4, 3, 9], "options": {"rank": "formidable"}}
LUNGE = "I lunge at the bard with my sword"
SHOOT = "I shoot the raider before he reaches cover"


def avoided(text: str, request: dict, intent: str) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], intent=intent) if "attempt failing" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("The bard, startled by your sudden attack, jumps back.", HACK_STRONG, LUNGE),  # BH3-1.5b:dw-duel:2:1
        ("The bard leaps aside at the last moment.", HACK_STRONG, LUNGE),
        ("The bard twists away from your blade.", HACK_STRONG, LUNGE),
        ("The raider, quick as a cat, rolls out of the way.", STRIKE_STRONG, SHOOT),
        ("The raider darts clear of your line of fire.", STRIKE_STRONG, SHOOT),
    ],
)
def test_the_target_getting_out_of_the_way_on_a_strong_hit(text: str, request_: dict, intent: str) -> None:
    assert avoided(text, request_, intent), text


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("The bard staggers back, clutching his side.", HACK_STRONG, LUNGE),
        ("The bard, reeling from the blow, falls back against the wall.", HACK_STRONG, LUNGE),
        ("The crowd jumps back as steel rings on steel.", HACK_STRONG, LUNGE),
        ("The raider leaps aside, but your shot still finds him.", STRIKE_STRONG, SHOOT),
        ("The raider rolls out of the way and reaches cover.", STRIKE_WEAK, SHOOT),
    ],
)
def test_a_blow_landing_someone_else_or_a_weak_hit_passes(text: str, request_: dict, intent: str) -> None:
    assert not avoided(text, request_, intent), text
