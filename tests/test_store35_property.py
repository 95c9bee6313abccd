"""The property behind keeping both list changes: any order of entries added and removed (impacts, assets) and the
pick that marks an impact ends where making them one by one, in the order they were made, ends; each undo then takes
back the last thing done, and replay agrees. Seeded: the same orders each run."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.engine.character_edit import Edit
from assistant.store import characters as store_characters
from assistant.store import service

IMPACTS = ["shaken", "unprepared", "battered", "wounded"]
ASSETS = ["Starship", "Sidearm", "Kinetic"]
PICK = "mark_wounded"


def _rolled(name: str) -> int:
    service.create_campaign(name, "starforged", seed=5)
    store_characters.edit(name, [Edit("health", "1", "set")])
    result, seq = service.resolve_event(
        name, {"move": "Endure Harm", "stat": "health", "dice": [1, 9, 9], "options": {"amount": 1}}
    )
    assert any(o.id == PICK for c in result.choices for o in c.options)
    return seq


def _lists(name: str) -> tuple[list[Any], list[Any]]:
    sheet = service.load_campaign(name).active() or {}
    return list(sheet.get("impacts") or []), list(sheet.get("assets") or [])


def _expected(done: list[tuple[str, str, str]]) -> tuple[list[str], list[str]]:
    """The lists after ``done``, made one by one in order (the pick marks wounded at the end of the impacts)."""
    lists: dict[str, list[str]] = {"impacts": [], "assets": []}
    for field, how, entry in done:
        if how == "add" and entry not in lists[field]:
            lists[field].append(entry)
        elif how == "remove":
            lists[field].remove(entry)
    return lists["impacts"], lists["assets"]


@pytest.mark.parametrize("seed", range(10))
def test_any_order_of_list_edits_and_the_pick_ends_as_making_them_in_order(seed: int) -> None:
    dice = random.Random(seed)
    name = f"Lists {seed}"
    roll = _rolled(name)
    done: list[tuple[str, str, str]] = []
    steps = dice.randint(2, 7)
    pick_at = dice.randint(0, steps - 1)
    for step in range(steps):
        if step == pick_at:
            service.redo_move(name, roll, {"choose": [PICK]}, doing="choose for Endure Harm")
            done.append(("impacts", "add", "wounded"))
            continue
        field = dice.choice(["impacts", "assets"])
        have = _expected(done)[0 if field == "impacts" else 1]
        pool = IMPACTS[:-1] if field == "impacts" else ASSETS
        if have and dice.random() < 0.4:
            entry, how = dice.choice(have), "remove"
            if field == "impacts" and entry == "wounded":
                continue  # the pick's own mark: the pick's undo takes it back
        else:
            entry, how = dice.choice([e for e in pool if e not in have] or pool), "add"
            if entry in have:
                continue
        store_characters.edit(name, [Edit(field, entry, how)])
        done.append((field, how, entry))
    assert _lists(name) == _expected(done), done
    service.replay(name)
    while done:  # each undo takes back the last thing done (the pick's undo leaves the roll as first rolled)
        service.undo_last(name)
        done.pop()
        assert _lists(name) == _expected(done), done
    service.replay(name)
