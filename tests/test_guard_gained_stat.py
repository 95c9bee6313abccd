"""A stat told as gained ("you gain a +1 edge on the combat track") on a move whose result raises no stat."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}


@pytest.mark.parametrize(
    "text",
    [
        "The raider staggers, and you gain a +1 edge on the combat track for this fight.",
        "You earn +2 heart as the crowd cheers.",
        "You quickly get 1 iron for the next exchange.",
    ],
)
def test_a_stat_told_as_gained_is_flagged(text: str) -> None:
    flags = check_narration(text, [resolve(FRAY)])
    assert any(v.kind is ViolationKind.STATE and "changed no" in v.detail for v in flags), flags


@pytest.mark.parametrize(
    "text",
    [
        "You do not gain +1 edge from the scramble.",
        "If you win the exchange, you gain +1 heart.",
        "Your edge carries you through the first clash.",
    ],
)
def test_a_stat_not_told_as_gained_passes(text: str) -> None:
    flags = check_narration(text, [resolve(FRAY)])
    assert not any("changed no" in v.detail for v in flags), flags
