"""Going somewhere told on a table roll (sets 20 and 22: "As you move through the station, visions …" on Make a
Discovery): the player only rolled the table, so moving through a place is a deed they never declared, as walking down
the corridor is. The scene's own movement and the table's row told pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}


def deeds(text: str) -> list[str]:
    result = resolve(TABLE)
    flags = check_narration(text, [result], intent="Make a Discovery")
    return [v.detail for v in flags if v.kind.value == "decision" and "declared no action" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "As you move through the station, visions swirl around you.",  # BD2-1.5b:sf-vow:8:1, BF2-1.5b:sf-vow:8:1
        "You move deeper into the derelict, and the air grows thin.",
        "You moved along the corridor, your boots ringing.",
        "You slowly move toward the hatch.",
        "You move past the sealed bulkheads, your light trembling.",
    ],
)
def test_moving_somewhere_on_a_table_roll_is_a_deed_never_declared(text: str) -> None:
    assert deeds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Visions move through your mind, each more ominous than the last.",
        "Shadows move across the walls of the station.",
        "Something moves toward you in the dark between the stars.",
        "You feel the station move beneath you as the visions fade.",
    ],
)
def test_the_scene_moving_passes(text: str) -> None:
    assert deeds(text) == [], text
