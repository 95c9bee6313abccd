"""A table roll ("Make a Discovery") is the row's story, not the character's: a deed told on it is one the player never
declared. An oracle question is not such a turn (the story may take the character to what the answer is about)."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}


def deeds(text: str, request: dict, intent: str) -> list[str]:
    flags = check_narration(text, [resolve(request)], intent=intent)
    return [v.detail for v in flags if v.kind is ViolationKind.DECISION and "declared no action" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You notice a strange light in the sky. You follow it and see a ship floating on the water.",
        "A shape stirs in the dark. You cautiously climb down into the pit.",
    ],
)
def test_a_deed_told_on_a_table_roll_is_flagged(text: str) -> None:
    found = deeds(text, TABLE, "Make a Discovery")
    assert found and "rolled on the table" in found[0]


@pytest.mark.parametrize(
    "text",
    [
        "You notice a strange light in the sky. It pulses like a heartbeat.",
        "You suddenly see a shadow ahead. You learn that it was a message from your sister.",
        "You feel a chill as the vision fades.",
    ],
)
def test_what_the_character_sees_or_learns_on_a_table_roll_passes(text: str) -> None:
    assert deeds(text, TABLE, "Make a Discovery") == []


def test_an_oracle_question_may_take_the_character_to_the_answer() -> None:
    text = "You cautiously approach the reactor. Its lights are dark."
    assert deeds(text, ORACLE, "Is the reactor still running?") == []
