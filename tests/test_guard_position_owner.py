"""The position the engine put the mover in told as someone else's (sets 23 and 24: "The raider, a formidable fight, is
now in a bad spot", "The raider, still in a bad spot, takes cover behind a tree" after Strike put you in a bad spot):
the player reads that the foe is pressed and they are not. You in it, another position, a denial and a supposition
pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

STRIKE_WEAK = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [4, 3, 9], "options": {"rank": "formidable"}}
CLASH_WEAK = {"system": "starforged", "move": "Clash", "stat": "iron", "dice": [4, 3, 9], "options": {"rank": "dangerous"}}
FRAY_MISS = {"system": "starforged", "move": "Enter the Fray", "stat": "wits", "dice": [1, 9, 9]}
STRIKE_STRONG = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 1, 2], "options": {"rank": "formidable"}}


def owned(text: str, request: dict) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)], intent="") if "the engine put you there" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The raider, a formidable fight, is now in a bad spot.", STRIKE_WEAK),  # BG3-1.5b:sf-fight:4:1
        ("The raider, still in a bad spot, takes cover behind a tree.", STRIKE_WEAK),  # BH4-1.5b:sf-fight:4:1
        ("Your blow leaves him in a bad spot, reeling against the bulkhead.", CLASH_WEAK),
        ("The mercenary finds himself in a bad spot as the deck tilts.", CLASH_WEAK),
        ("The ambushers are suddenly in a bad spot, caught in the open.", FRAY_MISS),
        ("The raider is in control now, but you press on.", STRIKE_STRONG),
        # a foe of two or three words (sets 28 and 29: "The lead razor-beast, now in a bad spot, continues to fight")
        ("The lead razor-beast, now in a bad spot, continues to fight.", CLASH_WEAK),
        ("The pirate cutter's captain is now in a bad spot.", CLASH_WEAK),
        ("The old war droid, still in a bad spot, backs toward the hatch.", STRIKE_WEAK),
    ],
)
def test_the_movers_position_told_as_anothers(text: str, request_: dict) -> None:
    assert owned(text, request_), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("You are now in a bad spot, pinned behind the crates.", STRIKE_WEAK),
        ("The raider presses you, and you find yourself in a bad spot.", CLASH_WEAK),
        ("The raider is not in a bad spot at all; you are.", STRIKE_WEAK),
        ("If you falter, the raider would be in control.", STRIKE_STRONG),
        ("The raider is in a bad spot, but so are you.", STRIKE_STRONG),
        ("The lead razor-beast circles, and you stay in a bad spot.", CLASH_WEAK),
        ("You are in a bad spot as the lead razor-beast closes in.", CLASH_WEAK),
        ("The storm's fury, like the raider, is relentless, and you stay in a bad spot.", CLASH_WEAK),
    ],
)
def test_the_mover_in_it_another_position_and_a_denial_pass(text: str, request_: dict) -> None:
    assert not owned(text, request_), text
