"""A miss told as the player's goal reached, by goals whose doing a story tells in words of its own: freed ("you are
free to run away" after tearing free of a net), trust won ("deciding to trust you" after a meal to win her trust), a
rival faced down or cowed ("the rival vampire retreats into the shadows"). Found in what players read with a small
model; the same words on a hit, or told of something else, pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}
HIT = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 2, 3]}
NET = "I tear free of the silver net the hunter threw over me"
TRUST = "I share a meal with the outpost's lone survivor to win her trust"
RIVAL = "I face down the rival vampire who claims this district"
COW = "I intimidate the dock boss into paying up"


def goal_flags(text: str, intent: str, request: dict[str, object] = MISS) -> list[str]:
    found = check_narration(text, [resolve(request)], intent=intent, partial=True)
    return [v.detail for v in found if v.kind.value == "outcome" and "goal" in v.detail]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The hunter's net is now falling, and you are free to run away.", NET),
        ("The silver strands part at last and you're free of the net.", NET),
        ("The survivor hesitates for a moment before deciding to trust you.", TRUST),
        ("By the end of the meal you have won her trust.", TRUST),
        ("The alley is now quiet and deserted, as the rival vampire retreats into the shadows.", RIVAL),
        ("The rival vampire backs down and melts into the crowd.", RIVAL),
        ("The dock boss backs down and reaches for his purse.", COW),
    ],
)
def test_the_goal_told_reached_on_a_miss_is_flagged(text: str, intent: str) -> None:
    assert resolve(MISS).outcome == "miss"
    assert goal_flags(text, intent), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The net tightens; you are far from free.", NET),
        ("The hunter laughs as the silver bites into your wrists.", NET),
        ("The survivor pushes the bowl away; she does not trust you.", TRUST),
        ("The rival vampire does not back down; she bares her fangs.", RIVAL),
        ("The dock boss laughs and calls his bruisers over.", COW),
    ],
)
def test_a_miss_told_as_a_miss_passes(text: str, intent: str) -> None:
    assert not goal_flags(text, intent), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The net falls away and you are free to run.", NET),
        ("She smiles and decides to trust you.", TRUST),
        ("The rival vampire backs down into the dark.", RIVAL),
    ],
)
def test_on_a_hit_the_goal_may_be_reached(text: str, intent: str) -> None:
    assert resolve(HIT).outcome != "miss"
    assert not goal_flags(text, intent, HIT), text
