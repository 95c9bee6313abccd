"""A "roll twice" row that lands on the same row twice says it once, and that it comes worse: the card and the story
read "a new enemy is revealed and a new enemy is revealed"."""

from __future__ import annotations

import random

import pytest

from assistant.engine import resolve
from assistant.engine.table_steps import SAME_TWICE


@pytest.mark.parametrize(
    "system, move, dice, row",
    [
        ("starforged", "table:pay_the_price", [98, 45, 47], "A new enemy is revealed"),
        ("starforged", "table:pay_the_price", [96, 75, 81], "You are harmed"),
        ("elegy", "pay_the_price", [97, 80, 81], "You are harmed"),
    ],
)
def test_the_same_row_twice_is_said_once_and_worse(system: str, move: str, dice: list[int], row: str) -> None:
    result = resolve({"system": system, "move": move, "dice": dice}, rng=random.Random(0))
    assert result.text.count(row) == 1 and f"{row} {SAME_TWICE}" in result.text
    assert result.table is not None and result.table["rolls"] == dice  # every die rolled is still shown
    assert [r["text"] for r in result.table["rows"]] == [f"{row} {SAME_TWICE}"]


def test_two_different_rows_are_both_said_as_before() -> None:
    result = resolve({"system": "starforged", "move": "table:pay_the_price", "dice": [98, 40, 45]}, rng=random.Random(0))
    assert SAME_TWICE not in result.text
    assert [r["text"] for r in result.table["rows"]] == [
        "The environment or terrain introduces a new hazard",
        "A new enemy is revealed",
    ]
