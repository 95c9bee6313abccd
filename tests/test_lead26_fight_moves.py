"""Starforged's fight moves for what a player does in a fight: "take action in a fight to avoid danger" is React Under
Fire (in a bad spot) and "…to reinforce your position" Gain Ground (in control), where Face Danger and Secure an
Advantage were offered first; a gun fired at the foe is the attack, not React Under Fire for its word "fire"."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest

MANEUVERS = [
    "I swing the ship hard around the asteroid to shake them",
    "I try to lose them in the debris field",
    "I bank hard and pull away from the raiders",
    "we outrun the hunters through the canyon",
]
SHOTS = [
    "I fire the main gun at their engines",
    "I fire our cannons at the cutter",
    "I fire my pistol at the raider",
    "I fire again at their engines",
    "I strafe their hull",
]


def _moves(embedder, text: str, **context) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system="starforged", **context), k=3, embedder=embedder)]


@pytest.mark.parametrize("text", MANEUVERS)
def test_maneuvering_in_a_fight_is_the_positions_own_move(embedder, text: str) -> None:
    assert _moves(embedder, text, position="in_control")[0] == "Gain Ground", text
    assert _moves(embedder, text, position="bad_spot")[0] == "React Under Fire", text


@pytest.mark.parametrize("text", MANEUVERS)
def test_in_a_fight_face_danger_comes_after_the_fight_moves(embedder, text: str) -> None:
    moves = _moves(embedder, text, in_combat=True)  # Enter the Fray's pick still open: no position yet
    assert moves[0] in ("Gain Ground", "React Under Fire"), moves
    assert "Face Danger" not in moves[:2], moves


@pytest.mark.parametrize("text", SHOTS)
def test_a_gun_fired_at_the_foe_is_the_attack(embedder, text: str) -> None:
    assert _moves(embedder, text, position="in_control")[0] == "Strike", text
    assert _moves(embedder, text, position="bad_spot")[0] == "Clash", text


def test_outside_a_fight_face_danger_still_comes_first(embedder) -> None:
    for text in ("I leap across the gap before the bridge gives way", "I sprint for the airlock before the doors seal"):
        assert _moves(embedder, text)[0] == "Face Danger", text


@pytest.mark.parametrize("text", ["I fire the main gun at their engines", "I strafe their hull", "I shoot out their shields"])
def test_the_foes_ship_is_a_target_not_the_characters_vehicle(embedder, text: str) -> None:
    for position in ("in_control", "bad_spot"):
        moves = _moves(embedder, text, position=position)
        assert not {"Repair", "Withstand Damage"} & set(moves), (text, position, moves)


def test_the_characters_own_hull_still_means_repair_or_damage(embedder) -> None:
    assert _moves(embedder, "I patch the hull breach")[0] == "Repair"
    assert _moves(embedder, "our hull is breached by their fire")[0] == "Withstand Damage"


@pytest.mark.parametrize("text", ["I take them down with a final volley", "I bring them down for good"])
def test_taking_the_foe_down_is_decisive_action_in_either_position(embedder, text: str) -> None:
    for position in ("in_control", "bad_spot"):
        assert _moves(embedder, text, position=position)[0] == "Take Decisive Action", (text, position)
