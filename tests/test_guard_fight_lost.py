"""A fight's own progress roll missed, told as the foe beaten ("It goes wrong. The vampire hunter, exhausted from the
fight, collapses on the ground." on Elegy's End the Fight, a real-browser session with a 1.5B model); the stories that
keep the miss pass. And a line the player types about what someone does to them ("A vampire hunter with a crossbow
corners me") is the situation, not a goal: a missed roll's story may tell it again."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import ViolationKind

HUNTER = {"name": "The vampire hunter", "rank": "formidable", "ticks": 4, "kind": "combat"}
END_MISS = {"system": "elegy", "move": "End the Fight", "options": {"track": HUNTER}, "dice": [9, 10]}
RAIDER = {"name": "The raider", "rank": "dangerous", "ticks": 8, "kind": "combat"}
DECISIVE_MISS = {"system": "starforged", "move": "Take Decisive Action", "options": {"track": RAIDER}, "dice": [9, 10]}
DECISIVE_HIT = {"system": "starforged", "move": "Take Decisive Action", "options": {"track": RAIDER}, "dice": [1, 1]}


def beaten(text: str, request: dict[str, Any], fights: tuple[str, ...] = ()) -> list[str]:
    result = resolve(request)
    facts = prepare([result], open_fights=fights)
    found = check_narration(text, [result], intent="I end the fight", facts=facts)
    return [v.detail for v in found if "tells the foe beaten" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The vampire hunter, exhausted from the fight, collapses on the ground.", END_MISS),
        ("The hunter slumps to the cobbles and lies still.", END_MISS),
        ("The hunter flees into the night.", END_MISS),
        ("The vampire hunter is finally defeated.", END_MISS),
        ("The raider drops his blade and surrenders.", DECISIVE_MISS),
        ("The raider crumples to the deck.", DECISIVE_MISS),
        ("He falls dead at your feet.", DECISIVE_MISS),
    ],
)
def test_the_foe_beaten_on_the_fight_s_missed_roll_is_flagged(text: str, request_: dict[str, Any]) -> None:
    assert resolve(request_).outcome == "miss"
    assert beaten(text, request_)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The hunter staggers but raises his crossbow again.", END_MISS),
        ("The hunter's bolt pins your coat to the wall, and he smiles.", END_MISS),
        ("You fall to the ground as the raider reloads.", DECISIVE_MISS),
        ("The raider nearly falls to the deck, then rights himself.", DECISIVE_MISS),
        ("The raider crumples to the deck.", DECISIVE_HIT),  # a hit: the fight is won
    ],
)
def test_the_miss_kept_or_the_fight_won_passes(text: str, request_: dict[str, Any]) -> None:
    assert not beaten(text, request_)


FRAY_MISS = {"system": "starforged", "move": "Enter the Fray", "stat": "iron", "dice": [1, 9, 10]}


@pytest.mark.parametrize(
    ("intent", "flagged"),
    [
        ("A vampire hunter with a crossbow corners me", False),
        ("Two watchmen grab me in the alley", False),
        ("I corner the vampire hunter with my crossbow", True),
    ],
)
def test_what_someone_does_to_you_is_no_goal_told_done(intent: str, flagged: bool) -> None:
    result = resolve(FRAY_MISS)
    assert result.outcome == "miss"
    told = {
        "A vampire hunter with a crossbow corners me": "A vampire hunter with a crossbow corners you.",
        "Two watchmen grab me in the alley": "Two watchmen grab you in the alley.",
        "I corner the vampire hunter with my crossbow": "You corner the vampire hunter with your crossbow.",
    }[intent]
    found = check_narration(told, [result], intent=intent)
    done = [v for v in found if v.kind is ViolationKind.OUTCOME and "as done" in v.detail]
    assert bool(done) is flagged
