"""The property, through the chat: for any order of bookkeeping lines and the pick (seeded), the sheet ends as applying
them one by one in that order would leave it, and each /undo then takes back the last line that changed something,
the pick in its turn, until the roll itself is undone. A reopened session in the middle changes nothing of it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

LINES = ["health", "spirit", "supply", "tick", "asset"]


def _line(op: str, value: int) -> str:
    return {
        "health": f"/set health {value}",
        "spirit": f"/set spirit {value}",
        "supply": "/meter supply -1 a ration spoiled",
        "tick": "/clock +1 The alarm",
        "asset": f"/add asset Relic {value}",
        "pick": "/choose 2",  # "Add +1 on your next move": no line here touches it
    }[op]


def _expected(done: list[tuple[str, int]]) -> dict[str, Any]:
    seen: dict[str, Any] = {"health": 5, "spirit": 5, "supply": 5, "next_move_add": 0, "clock": 0, "assets": []}
    for op, value in done:
        if op in ("health", "spirit"):
            seen[op] = value
        elif op == "supply":
            seen["supply"] -= 1
        elif op == "tick":
            seen["clock"] += 1
        elif op == "asset":
            seen["assets"] = [*seen["assets"], f"Relic {value}"]
        else:
            seen["next_move_add"] = 1
    return seen


def _seen(session: ChatSession) -> dict[str, Any]:
    state = service.load_campaign(session.campaign)
    sheet = state.active() or {}
    clock = next(iter(state.clocks.values()))
    seen = {k: sheet[k] for k in ("health", "spirit", "supply", "next_move_add")}
    return {**seen, "clock": clock["filled"], "assets": list(sheet.get("assets") or [])}


@pytest.mark.parametrize("seed", range(6))
def test_any_order_of_bookkeeping_and_the_pick_ends_as_made_in_order(seed: int) -> None:
    order = random.Random(seed)
    ops = [(op, order.randint(1, 4)) for op in order.choices(LINES, k=order.randint(2, 5))]
    ops.insert(order.randint(0, len(ops)), ("pick", 0))
    session, dice = open_campaign(f"Property {seed}", "starforged")
    session.send("/clock 6 The alarm")
    dice.queue(5, 4, 9)  # a weak hit: "Take +2 momentum" or "Add +1 on your next move"
    assert session.send("/roll secure an advantage +edge").open_choices
    done: list[tuple[str, int]] = []
    for i, (op, value) in enumerate(ops):
        if i == len(ops) // 2:
            session = ChatSession.open(session.campaign)  # reopened between two lines
        before = _seen(session)
        turn = session.send(_line(op, value))
        assert turn.kind != "error", (ops, op, turn.error)
        if _seen(session) != before:  # a field set to the value it had changes nothing, and nothing is undone
            done.append((op, value))
    assert _seen(session) == _expected(done), ops
    for undone in range(1, len(done) + 1):
        turn = session.send("/undo")
        assert turn.kind != "error", turn.error
        assert _seen(session) == _expected(done[: len(done) - undone]), (done, undone, turn.narration)
    last = session.send("/undo")
    assert last.narration.startswith("Undone: Secure an Advantage"), last.narration
    assert service.load_campaign(session.campaign).moves == 1  # the clock's start, before the roll
    service.replay(session.campaign)
