"""The engine's fast paths give exactly what the slow ones gave: a Result built without validating its
values again, a character copied without ``copy.deepcopy``, the options of a move worked out once."""

from __future__ import annotations

import copy
import random

import pytest

from assistant.engine import Result, get_ruleset, resolve
from assistant.engine.safe_json import copy_value

REQUESTS = [
    {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"momentum": 5}, "options": {"burn": True}},
    {"system": "elegy", "move": "Face Danger", "stat": "heart", "character": {"focus": -3}},
    {"system": "city", "move": "Get Something", "options": {"advantage": True}},
    {"system": "blades", "move": "Fortune Roll", "options": {"dice": 3}},
    {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str"},
]


@pytest.mark.parametrize("request_", REQUESTS)
def test_a_result_equals_the_same_result_validated(request_: dict) -> None:
    result = resolve(request_, rng=random.Random(7))
    validated = Result.model_validate(result.model_dump())
    assert result == validated and validated == result
    assert result.to_json() == validated.to_json()
    assert result.model_copy(update={"text": "changed"}).text == "changed"


def test_a_copied_sheet_equals_a_deep_copy_and_shares_nothing_that_can_change() -> None:
    sheet = {"stats": {"edge": 2}, "impacts": ["wounded"], "legacy": {"quests": {"ticks": 4}}, "name": "Kira", "x": 1.5}
    copied = copy_value(sheet)
    assert copied == copy.deepcopy(sheet)
    copied["stats"]["edge"] = 3
    copied["impacts"].append("shaken")
    copied["legacy"]["quests"]["ticks"] = 8
    assert sheet == {"stats": {"edge": 2}, "impacts": ["wounded"], "legacy": {"quests": {"ticks": 4}}, "name": "Kira", "x": 1.5}


def test_a_moves_options_are_worked_out_once() -> None:
    ruleset = get_ruleset("starforged")
    move = ruleset.find_move("Face Danger")
    assert ruleset.options_for(move) is ruleset.options_for(move)
    assert "burn" in ruleset.options_for(move)
