"""A rule told as an order to the player ("You must roll with Heat.", "You must choose a suffer move to continue the
story."): the game's next step read out where the story goes on, and a roll ordered is one the engine never made. An
obligation about the world ("You have to find cover quickly") is pressure in the story and passes."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.narrate.story_facts import story_facts

FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [3, 5, 4]}
LEAP = "I leap across the gap"
PRESS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [1, 2]}
CLERK = "I press the clerk to open the archive for me"


def found(text: str, request: dict[str, object] = FACE, intent: str = LEAP, template: bool = False) -> list[object]:
    result = resolve(request)
    facts = prepare([result], sheet="" if template else story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


@pytest.mark.parametrize(
    "text",
    [
        "It goes wrong. The clerk is upset and refuses to cooperate. You must roll with Heat.",
        "The clerk balks, and you must roll to see if you can force him to open the archive.",
        "The clerk folds his arms. You'll need to make a roll to get past him.",
        "The clerk shakes his head. You have to roll +sway again if you want the archive.",
        "The clerk calls for the guard. Roll with Heat to see whether you get away.",
    ],
)
def test_a_roll_ordered_is_caught(text: str) -> None:
    violations = found(text, PRESS, CLERK)
    assert [v.kind.value for v in violations if "order" in v.detail] == ["phantom_roll"], text
    assert "do not tell the player what to roll or choose" in describe_violations(violations)


@pytest.mark.parametrize(
    "text",
    [
        "You make it across. You must choose a suffer move to continue the story.",
        "You land hard on the far side, and you need to pick an option from the list.",
        "You make it, barely. Now make a suffer move.",
        "You clear the gap; the player has to choose one of the moves offered.",
        "You make it across, but you will have to mark stress for it.",
    ],
)
def test_a_move_or_option_ordered_is_caught(text: str) -> None:
    violations = [v for v in found(text) if "order" in v.detail]
    assert [v.kind.value for v in violations] == ["echo"], text
    assert "the player decides that next" in describe_violations(violations)


@pytest.mark.parametrize(
    "text",
    [
        "You make it across, but the ledge crumbles. You have to find cover quickly or face the consequences.",
        "You land on the far side. You need to move fast before the drones return.",
        "You make it across. You must make your move before the hatch seals.",
        "You land hard and roll aside as the gantry gives way.",
        "You make it across. You don't need to roll the dice to know the way back is gone.",
        "You make it across, though you will have to roll with the punches from here.",
        'You make it across. The rules say: "You must roll +edge."',
    ],
)
def test_pressure_in_the_world_passes(text: str) -> None:
    assert [v for v in found(text) if "order" in v.detail] == [], text


def test_the_rules_own_line_told_as_the_offline_card_does_passes() -> None:
    result = resolve(FACE)
    assert result.follow_ups and result.text
    line = result.text.split(".", 1)[-1].strip()  # "Make a suffer move (-1)."
    assert line.lower().startswith("make a suffer move")
    assert [v for v in found(f"You make it, but not without a cost. {line}") if "order" in v.detail] == []


def test_a_bare_command_is_read_only_in_a_models_draft() -> None:
    """The offline narration prints the card under its story ("Next: roll on the table"); only a draft is read so."""
    assert [v for v in found("Now make a suffer move.", template=True) if "order" in v.detail] == []
