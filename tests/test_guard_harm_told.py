"""Harm or a loss told as dealt to you ("the axe bites your shoulder") on a turn whose Result dealt none; told where
the engine dealt it, avoided, or only threatened, it passes."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

FRAY_WEAK = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}
FACE_WEAK = {
    "system": "starforged",
    "move": "Face Danger",
    "stat": "edge",
    "dice": [4, 2, 9],
    "character": {"stats": {"edge": 2}},
}
HARM_2 = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 2}}
VICE_BAD = {"system": "blades", "move": "Indulge Vice", "stat": "insight", "dice": [2, 3]}


def harm_flags(text: str, request: dict[str, Any]) -> list[str]:
    flags = check_narration(text, [resolve(request)])
    return [v.detail for v in flags if v.kind is ViolationKind.STATE and "harm or a loss" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The smuggler's knife slips past your guard and cuts your forearm.", FRAY_WEAK),
        ("You wince at the burning pain across your ribs.", FRAY_WEAK),
        ("The club catches the pilot, and then it hits you hard.", FRAY_WEAK),
        ("You are wounded as you leap the gap.", FACE_WEAK),
        ("You take a nasty blow from the falling crate.", FACE_WEAK),
        ("The blast does real damage to your suit.", FACE_WEAK),
        ("By dawn you lose most of your coin to the dice.", VICE_BAD),
        ("The raider strikes again, with a strong blow that leaves you bleeding and wounded.", FRAY_WEAK),
        ("His fist smashes your jaw and you stagger back.", FRAY_WEAK),
        ("The crate swings loose and leaves you battered against the bulkhead.", FACE_WEAK),
        ("You are bleeding by the time you reach the hatch.", FACE_WEAK),
        ("The pirate kicks you hard as you climb.", FRAY_WEAK),
    ],
)
def test_harm_the_engine_never_dealt_is_flagged(text: str, request_: dict[str, Any]) -> None:
    assert harm_flags(text, request_), text


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("The smuggler's knife whistles past you, but it never cuts your forearm.", FRAY_WEAK),
        ("The bolt nearly hits you as you roll behind the console.", FRAY_WEAK),
        ("If the beast reaches you, it could wound you badly.", FACE_WEAK),
        ("You cut the cable and swing free.", FACE_WEAK),
        ("The thought hits you that the station is empty.", FACE_WEAK),
        ("You strike the raider's arm and he staggers back.", FRAY_WEAK),
        ("The blast hits you squarely, a searing pain in your side.", HARM_2),  # the engine took the health
        ("You feel uneasy, and your heart pounds.", FACE_WEAK),  # a feeling, no wound
        ("You wake with an empty purse and a sore head.", VICE_BAD),  # no loss told as yours in the rules' way
        ("It strikes you as odd that the hatch is open.", FACE_WEAK),  # a thought, not a blow
        ("The raider's blade barely misses, and it leaves you shaken but whole.", FRAY_WEAK),
        ("You leave your pursuers bleeding in the alley.", FRAY_WEAK),  # their wound, not yours
        ("The blow nearly leaves you bleeding, but your armor holds.", FRAY_WEAK),
    ],
)
def test_harm_told_where_the_engine_dealt_it_or_nobody_is_hurt_passes(text: str, request_: dict[str, Any]) -> None:
    assert not harm_flags(text, request_), text
