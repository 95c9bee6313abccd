"""A suggestion's button says what the player does in words: "Make an Action Roll +prowl (1)", not "Roll Action Roll";
a move named for its roll keeps its own words ("Roll Initiative +dex"); any other move is rolled ("Roll Face Danger")."""

from __future__ import annotations

from types import SimpleNamespace

from assistant.ui.components.suggestions import suggestion_label


def _offer(system: str, move: str, move_id: str, stat: str | None, value: int | None) -> SimpleNamespace:
    return SimpleNamespace(system=system, move=move, move_id=move_id, stat=stat, stat_value=value, roll="action")


def test_a_move_named_for_its_roll_is_not_rolled_twice_on_its_button() -> None:
    assert suggestion_label(_offer("blades", "Action Roll", "action_roll", "prowl", 1)) == "Make an Action Roll +prowl (1)"
    assert suggestion_label(_offer("blades", "Fortune Roll", "fortune_roll", "tier", 0)) == "Make a Fortune Roll +tier (0)"
    assert suggestion_label(_offer("starforged", "Face Danger", "face_danger", "edge", 3)) == "Roll Face Danger +edge (3)"
