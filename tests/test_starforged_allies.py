"""Starforged moves made for someone else land on their sheet: Heal's care for an ally (or a companion kept as its
own sheet), and Aid Your Ally handing Secure an Advantage or Gain Ground over so the ally takes the benefits; the
one who made the move keeps the cost and their own position."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.engine import resolve
from assistant.store import service
from assistant.store.characters import create_character

KIRA = {"name": "Kira", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_care_for_a_wounded_ally_heals_her_sheet_and_the_weak_hit_cost_stays_yours() -> None:
    service.create_campaign("Haven", "starforged", KIRA, seed=3)
    mara = {"name": "Mara", "stats": {"edge": 1, "heart": 3, "iron": 2, "shadow": 2, "wits": 1}}
    create_character("Haven", {**mara, "health": 1, "impacts": ["wounded"]})
    chat = ChatSession.open("Haven")
    # Provide care: +wits (1); 6 + 1 = 7 beats 1 but not 9: a weak hit, paid with -2 momentum
    cared = chat.confirm(
        {"move": "Heal", "stat": "wits", "options": {"target": "Mara", "choose": ["lose_2_momentum"]}, "dice": [6, 1, 9]}
    )
    assert cared.ok, cared.error
    (theirs,) = [f for f in cared.follow_ups if f.move == "Heal"]
    assert theirs.target == "mara" and theirs.request == {
        "system": "starforged",
        "move": "heal",
        "options": {"automatic": "strong_hit"},
    }
    camp = service.load_campaign("Haven")
    assert camp.characters["kira"]["health"] == 5 and camp.characters["kira"]["momentum"] == 0
    healed = chat.confirm(theirs)
    assert healed.ok, healed.error
    camp = service.load_campaign("Haven")
    mara = camp.characters["mara"]
    assert mara["health"] == 3 and "wounded" not in mara["impacts"]  # wounded: clear it and +2
    assert camp.characters["kira"]["health"] == 5 and camp.active_character == "kira"
    service.replay("Haven")


def test_aid_your_ally_secure_an_advantage_gives_the_benefits_to_the_ally() -> None:
    service.create_campaign("Relay", "starforged", KIRA, seed=4)
    create_character("Relay", {"name": "Mara", "stats": {"edge": 1, "heart": 3, "iron": 2, "shadow": 2, "wits": 1}})
    chat = ChatSession.open("Relay")
    aid = chat.confirm({"move": "Aid Your Ally", "options": {"target": "Mara", "choose": ["secure_an_advantage"]}})
    assert aid.ok, aid.error
    (handed,) = aid.follow_ups
    assert handed.request is not None and handed.request["options"] == {"ally": "mara"}
    # +edge (3); 5 + 3 = 8 beats 1 and 2: a strong hit, both benefits for Mara
    action = chat.confirm({**handed.request, "stat": "edge", "dice": [5, 1, 2]})
    assert action.ok, action.error
    (theirs,) = action.follow_ups
    assert theirs.target == "mara"
    assert service.load_campaign("Relay").characters["kira"]["momentum"] == 2  # nothing on Kira's sheet
    assert chat.confirm(theirs).ok
    mara = service.load_campaign("Relay").characters["mara"]
    assert mara["momentum"] == 4 and mara["next_move_add"] == 1
    service.replay("Relay")


def test_a_companion_kept_as_its_own_sheet_is_cared_for_like_an_ally() -> None:
    care = resolve({"system": "starforged", "move": "Heal", "stat": "heart", "options": {"target": "Rook"}, "dice": [5, 1, 2]})
    (theirs,) = care.follow_ups
    assert care.character == care.character_before and theirs.target == "Rook"
    assert theirs.request is not None
    rook = resolve({**theirs.request, "character": {"name": "Rook", "health": 1}})
    assert rook.character is not None and rook.character["health"] == 4  # not wounded: +3


def test_gain_ground_for_an_ally_on_a_weak_hit_puts_you_in_a_bad_spot_and_the_ally_in_control() -> None:
    weak = resolve(
        {
            "system": "starforged",
            "move": "Gain Ground",
            "stat": "edge",
            "options": {"ally": "Mara", "in_control": True},
            "dice": [2, 1, 9],
        }
    )
    assert weak.outcome == "weak_hit" and weak.character is not None and weak.character["position"] == "bad_spot"
    assert weak.choices == []  # the ally chooses, on their own sheet
    (theirs,) = weak.follow_ups
    assert theirs.target == "Mara" and theirs.request is not None
    mara = resolve(
        {
            **theirs.request,
            "character": {"name": "Mara", "position": "bad_spot"},
            "options": {**theirs.request["options"], "choose": ["take_2_momentum"]},
        }
    )
    assert mara.character is not None and mara.character["position"] == "in_control" and mara.character["momentum"] == 4


def test_a_move_for_someone_without_a_sheet_says_how_to_add_them() -> None:
    service.create_campaign("Drift", "starforged", KIRA, seed=5)
    chat = ChatSession.open("Drift")
    cared = chat.confirm({"move": "Heal", "stat": "wits", "options": {"target": "Ash"}, "dice": [5, 1, 2]})
    assert cared.ok, cared.error
    (theirs,) = cared.follow_ups
    refused = chat.confirm(theirs)
    assert not refused.ok and refused.error is not None
    assert "/character add Ash" in refused.error and "hp=" not in refused.error


def test_repair_points_for_a_mechanical_companion_kept_as_its_own_sheet_land_on_it() -> None:
    service.create_campaign("Shop", "starforged", KIRA, seed=6)
    create_character("Shop", {"name": "Rook", "health": 2})
    chat = ChatSession.open("Shop")
    # in the field, +wits (1): 6 + 1 = 7 beats 3 and 5, a strong hit: 3 points, two of them for Rook
    fixed = chat.confirm(
        {
            "move": "Repair",
            "stat": "wits",
            "options": {"situation": "field", "target": "Rook", "choose": ["companion_1_health", "companion_1_health"]},
            "dice": [6, 3, 5],
        }
    )
    assert fixed.ok, fixed.error
    points = [f for f in fixed.follow_ups if f.target == "rook"]
    assert len(points) == 2 and all(f.request and f.request["move"] == "meter:health" for f in points)
    for point in points:
        done = chat.confirm(point)
        assert done.ok, done.error
    camp = service.load_campaign("Shop")
    assert camp.characters["rook"]["health"] == 4 and camp.characters["kira"]["companion_health"] == 5
    service.replay("Shop")
