"""Someone else told rolling for what a die decides (set 22: "Your opponent rolls to dodge or block the shot." on a
Volley): only the player rolls, and the engine rolled the Volley alone. A body rolling aside is no roll."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOLLEY = {"system": "dungeon_world", "move": "Volley", "stat": "dex", "dice": [4, 4]}


def phantom(text: str) -> list[str]:
    result = resolve(VOLLEY)
    return [v.detail for v in check_narration(text, [result]) if v.kind.value == "phantom_roll"]


@pytest.mark.parametrize(
    "text",
    [
        "You pull it off, with a catch. Your opponent rolls to dodge or block the shot.",  # BF2-1.5b:dw-duel:6:2
        "The bard rolls to dodge your arrow.",
        "The cleric rolled to resist the pain.",
        "Your foe rolls for initiative as the arrow flies.",
        "The bandit snarls and rolls to parry the next shot.",
    ],
)
def test_another_rolling_for_the_outcome_is_caught(text: str) -> None:
    assert phantom(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You pull it off, with a catch. The bard rolls aside, and your arrow only grazes his arm.",
        "The bard rolls to the side as the arrow strikes.",
        "A barrel rolls to a stop against the wall.",
        "The arrow strikes the bard, who rolls across the floor.",
    ],
)
def test_a_body_rolling_is_no_roll(text: str) -> None:
    assert phantom(text) == [], text
