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
