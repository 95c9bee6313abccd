"""Edits made while a move's pick waits survive the pick, and undo takes back the last thing done: the store's side
(:mod:`assistant.store.carried`). A Starforged Secure an Advantage weak hit offers "Take +2 momentum" or "+1 on your
next move"; health, spirit, supply and a clock are bookkeeping the pick does not touch, momentum is what one option
changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.engine import RulesError
from assistant.engine.character_edit import Edit
from assistant.store import characters as store_characters
from assistant.store import pick_guard, service
from assistant.store.access import get_store
from assistant.store.events import CharacterUpdated

WEAK_HIT = {"move": "Secure an Advantage", "stat": "edge", "dice": [5, 4, 9]}  # 5 + edge 3 = 8 against 4 and 9
NEXT_MOVE = "add_1_next_move"
MOMENTUM = "take_2_momentum"


def _rolled(name: str) -> int:
    service.create_campaign(name, "starforged", seed=3)
    service.create_clock(name, "The alarm", 6)
    result, seq = service.resolve_event(name, WEAK_HIT)
    assert result.outcome == "weak_hit" and [o.id for o in result.choices[0].options] == [MOMENTUM, NEXT_MOVE]
    return seq


def _sheet(name: str) -> dict[str, Any]:
    return dict(service.load_campaign(name).active() or {})


def _set(name: str, field: str, value: int) -> bool:
    """Set a field; False when it already had that value (nothing is stored: nothing to undo)."""
    return store_characters.edit(name, [Edit(field, str(value), "set")])[0] is not None


def _supply(name: str) -> None:
    service.resolve_event(name, {"move": "meter:supply", "options": {"delta": -1, "reason": "a ration spoiled"}})


def _tick(name: str) -> None:
    service.resolve_event(name, {"move": "clock:advance", "options": {"clock": "the-alarm", "by": 1}})


def _pick(name: str, roll: int, option: str = NEXT_MOVE) -> int:
    return service.redo_move(name, roll, {"choose": [option]}, doing="choose for Secure an Advantage")[1]


def _clock(name: str) -> int:
    return int(service.load_campaign(name).clocks["the-alarm"]["filled"])


def test_a_pick_keeps_the_edits_made_while_it_waited() -> None:
    roll = _rolled("Kept")
    _set("Kept", "health", 3)
    _supply("Kept")
    _tick("Kept")
    _pick("Kept", roll)
    sheet = _sheet("Kept")
    assert (sheet["health"], sheet["supply"], sheet["next_move_add"], _clock("Kept")) == (3, 4, 1, 1)
    service.replay("Kept")  # every move made again replays to what is stored
    fresh = get_store().load("Kept", use_snapshot=False)  # folded from the log alone, as a reopened campaign is
    assert fresh.characters == service.load_campaign("Kept").characters and fresh.clocks["the-alarm"]["filled"] == 1


def test_undo_takes_back_the_pick_then_each_edit_then_the_roll() -> None:
    roll = _rolled("Undo")
    _set("Undo", "health", 3)
    _tick("Undo")
    _pick("Undo", roll)
    seen = []
    for _ in range(4):
        service.undo_last("Undo")
        sheet = _sheet("Undo")
        seen.append((sheet["health"], sheet["next_move_add"], _clock("Undo"), service.load_campaign("Undo").moves))
    # the pick (the roll stays, with the edits), the clock tick, the health, the roll
    assert seen == [(3, 0, 1, 2), (3, 0, 0, 1), (5, 0, 0, 1), (5, 0, 0, 0)]  # moves: the roll and the clock's step
    service.replay("Undo")


def test_a_pick_that_changes_what_was_edited_is_refused_and_nothing_is_stored() -> None:
    roll = _rolled("Clash")
    _set("Clash", "momentum", 5)
    before = service.load_campaign("Clash").last_seq
    with pytest.raises(RulesError) as refused:
        _pick("Clash", roll, MOMENTUM)
    said = refused.value.message
    assert said.startswith("Could not choose for Secure an Advantage: it changes momentum, which was changed after")
    assert "Momentum 2 → 5" in said, said
    assert "/undo that change" in said and "_" not in said, said
    assert service.load_campaign("Clash").last_seq == before
    _pick("Clash", roll, NEXT_MOVE)  # the other option leaves momentum alone: the edit stands
    sheet = _sheet("Clash")
    assert (sheet["momentum"], sheet["next_move_add"]) == (5, 1)


def test_an_edit_of_what_an_option_may_change_is_refused_before_it_is_stored() -> None:
    roll = _rolled("Guard")
    store = get_store()

    def edit(field: str) -> Any:
        def build(ctx: Any) -> list[Any]:
            sheet = {**ctx.state.characters["pc1"], field: 1}
            events = [CharacterUpdated(character_id="pc1", character=sheet, reason=f"{field} set")]
            pick_guard.refuse_over_pick(ctx, events, roll)
            return events

        return build

    with pytest.raises(RulesError) as refused:
        store.append_with("Guard", edit("momentum"))
    said = refused.value.message
    assert said.startswith("Secure an Advantage still waits for your pick, and “Take +2 momentum” would change momentum")
    assert _sheet("Guard")["momentum"] == 2
    store.append_with("Guard", edit("spirit"))  # spirit is no option's: kept
    assert _sheet("Guard")["spirit"] == 1


# ---- the property: any order of edits and the pick ends where applying them in order ends -----------------------
OPS = ["health", "spirit", "supply", "tick", "pick"]


def _expected(done: list[tuple[str, int]]) -> tuple[int, int, int, int, int]:
    """The sheet (health, spirit, supply, next move add) and the clock after ``done``, applied one by one in order."""
    health = spirit = supply = 5
    add = clock = 0
    for op, value in done:
        if op == "health":
            health = value
        elif op == "spirit":
            spirit = value
        elif op == "supply":
            supply -= 1
        elif op == "tick":
            clock += 1
        else:
            add = 1
    return health, spirit, supply, add, clock


def _state(name: str) -> tuple[int, int, int, int, int]:
    sheet = _sheet(name)
    return sheet["health"], sheet["spirit"], sheet["supply"], sheet["next_move_add"], _clock(name)


@pytest.mark.parametrize("seed", range(12))
def test_any_order_of_edits_and_a_pick_ends_as_applying_them_in_order(seed: int) -> None:
    dice = random.Random(seed)
    ops = [(op, dice.randint(1, 4)) for op in dice.choices(OPS[:-1], k=dice.randint(1, 5))]
    ops.insert(dice.randint(0, len(ops)), ("pick", 0))
    name = f"Order {seed}"
    roll = _rolled(name)
    done = []  # what was stored, in order (a field set to the value it has stores nothing)
    for op, value in ops:
        if op in ("health", "spirit"):
            if not _set(name, op, value):
                continue
        elif op == "supply":
            _supply(name)
        elif op == "tick":
            _tick(name)
        else:
            _pick(name, roll)
        done.append((op, value))
    assert _state(name) == _expected(done), done
    service.replay(name)
    for undone in range(1, len(done) + 1):  # each undo takes back the last thing done, the pick in its turn
        service.undo_last(name)
        assert _state(name) == _expected(done[: len(done) - undone]), (done, undone)
    assert service.load_campaign(name).moves == 1  # the roll, as first rolled
    service.undo_last(name)
    assert service.load_campaign(name).moves == 0
    service.replay(name)


def test_a_record_kept_while_the_pick_waits_stays_through_the_pick_and_its_undo() -> None:
    roll = _rolled("Record")
    service.set_slot("Record", "notes", "ship", "The Wayfinder, a battered freighter")
    _pick("Record", roll)
    assert service.load_campaign("Record").slots["notes"] == {"ship": "The Wayfinder, a battered freighter"}
    service.undo_last("Record")  # the pick
    state = service.load_campaign("Record")
    assert state.slots["notes"]["ship"].startswith("The Wayfinder") and state.active()["next_move_add"] == 0
    service.undo_last("Record")  # the record
    assert not service.load_campaign("Record").slots.get("notes")


@pytest.mark.parametrize("fmt", ["markdown", "ironvault"])
def test_a_journal_tells_the_edits_set_aside_for_the_pick_and_imports_as_it_was(fmt: str) -> None:
    roll = _rolled("Journal " + fmt)
    _set("Journal " + fmt, "health", 3)
    _pick("Journal " + fmt, roll)
    text = service.export("Journal " + fmt, fmt)
    assert "Set aside for the pick on the move below, and made again after it: the change to" in text
    imported = service.import_journal(text)  # every move replays, the edits made again included
    assert service.load_campaign(imported).characters == service.load_campaign("Journal " + fmt).characters
