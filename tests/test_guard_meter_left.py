"""A meter told as what is left must be its value now, not the change nor its value before."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOLLEY = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 1}, "ammunition": 5}, "dice": [5, 2]}


@pytest.mark.parametrize(
    "text", ["You have 1 ammunition left.", "You have 5 ammunition remaining.", "Only 1 ammunition is left in your quiver."]
)
def test_a_meter_told_as_left_with_another_value_is_flagged(text: str) -> None:
    result = resolve(VOLLEY)
    assert result.character["ammunition"] == 4
    found = [v for v in check_narration(text, [result], system="dungeon-world") if v.kind.value == "number"]
    assert found and "ammunition is 4 now" in found[0].detail


@pytest.mark.parametrize("text", ["You have 4 ammunition left.", "The arrow flies; 4 ammunition left.", "You spend an arrow."])
def test_its_value_now_or_no_value_passes(text: str) -> None:
    result = resolve(VOLLEY)
    assert not [v for v in check_narration(text, [result], system="dungeon-world") if v.kind.value == "number"]
