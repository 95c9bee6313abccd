"""A meter told changing as something going on ("noticing the heat level increasing", "your health is dropping"): read
like "heat rises", against the engine's change; the 1.5B told a heat the engine lowered as rising."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

LIE_LOW = {"system": "blades", "move": "Reduce Heat", "stat": "consort", "dice": [4], "character": {"heat": 3}}
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}


def states(text: str, request: dict[str, object]) -> list[str]:
    return [v.detail for v in check_narration(text, [resolve(request)]) if v.kind.value == "state"]


def test_the_heat_went_down() -> None:
    result = resolve(LIE_LOW)
    assert result.character["heat"] < 3


@pytest.mark.parametrize(
    "text",
    [
        "The crew members look around, noticing the heat level increasing.",
        "The crew notices the heat rising around them.",
        "The heat is climbing, and the watch is asking about your crew.",
    ],
)
def test_a_meter_told_going_the_other_way_is_flagged(text: str) -> None:
    assert states(text, LIE_LOW), text


@pytest.mark.parametrize(
    "text",
    [
        "The heat on the crew is finally easing.",
        "You lie low while the heat is dropping.",
        "The watch loses interest in your crew.",
    ],
)
def test_the_change_told_its_own_way_passes(text: str) -> None:
    assert not states(text, LIE_LOW), text


def test_health_told_dropping_when_it_dropped_passes_and_rising_is_flagged() -> None:
    assert not states("Your health is dropping as the wound burns.", HARM)
    assert states("Your health is rising as the wound closes.", HARM)
