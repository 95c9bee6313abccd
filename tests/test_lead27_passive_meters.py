"""A meter's change told in the passive ("your health is reduced by 1") is a claim about it like "your health drops by
1": the model wrote "Kira's health is reduced by 1." after Endure Harm took 2, and the player read it."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import ViolationKind, check_narration


@pytest.fixture(autouse=True)
def _hash(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _harm() -> object:
    return resolve({"system": "starforged", "move": "endure harm", "adds": 0, "options": {"amount": 2}})  # health 5 -> 3


@pytest.mark.parametrize(
    "text",
    [
        "Your health is reduced by 1.",
        "Your health is lowered by one.",
        "Your health was reduced by 3 as the blade bites.",
        "Your health is reduced to 4.",
        "Your spirit is reduced by 1.",  # the engine left spirit alone
        "Your spirit is drained.",
        "Your health is increased by 2.",
        "Your supply has been depleted.",
    ],
)
def test_a_change_told_in_the_passive_is_checked_against_the_engine(text: str) -> None:
    kinds = [v.kind for v in check_narration(text, [_harm()], system="starforged")]
    assert ViolationKind.STATE in kinds, text


@pytest.mark.parametrize(
    "text",
    [
        "Your health is reduced by 2.",
        "Your health has been reduced by two.",
        "Your health is reduced to 3.",
        "Your health is reduced as the blade bites deep.",
        "The blade bites, and you stagger back against the bulkhead.",
    ],
)
def test_the_change_the_engine_made_told_in_the_passive_passes(text: str) -> None:
    assert check_narration(text, [_harm()], system="starforged") == []
