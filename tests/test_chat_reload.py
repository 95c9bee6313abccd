"""A chat session keeps the campaign it loaded and reads only what was appended since: after every kind of turn,
and after another player's turns, what it holds equals a full load of the log."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from assistant.chat.session import ChatSession
from assistant.chat.turn import Turn
from assistant.store import service
from assistant.store.access import get_store
from assistant.store.state import CampaignState


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


@pytest.fixture
def campaign() -> str:
    service.create_campaign("shared", "starforged", seed=7)
    yield "shared"
    service.close_stores()


def full_load(name: str) -> CampaignState:
    return get_store().load(name, use_snapshot=False)


def weak_hit(session: ChatSession, move: str, stat: str) -> dict[str, object]:
    value = session.state.active()["stats"][stat]
    return {"move": move, "stat": stat, "dice": [5 - value if value < 5 else 1, 3, 8]}


def test_every_kind_of_turn_leaves_the_session_with_the_logs_state(campaign: str) -> None:
    mine, theirs = ChatSession.open(campaign), ChatSession.open(campaign)
    turns: list[tuple[ChatSession, Callable[[], Turn]]] = [
        (mine, lambda: mine.send("I creep through the derelict's dark corridor")),
        (mine, lambda: mine.confirm(weak_hit(mine, "Secure an Advantage", "wits"))),
        (mine, lambda: mine.send("/choose take_2_momentum")),  # the move taken back and resolved again
        (theirs, lambda: theirs.send("/track dangerous Find the lost crew")),  # another player's turns
        (theirs, lambda: theirs.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]})),
        (mine, lambda: mine.send("/clock 4 Alarm")),  # mine again: their turns are read in too
        (mine, lambda: mine.send("/clock +1 Alarm")),
        (mine, lambda: mine.send("/meter health -1 a cut")),
        (mine, lambda: mine.send("Is the way ahead clear?")),
        (mine, lambda: mine.send("/undo")),
        (mine, lambda: mine.edit_character({"edge": 2})),
        (mine, lambda: mine.send("/undo")),
        (theirs, lambda: theirs.send("/meter spirit -1 a scare")),
        (mine, lambda: mine.send("/dice 2d6+1")),
    ]
    held = mine.state
    kept = held.model_copy(deep=True)
    for session, turn in turns:
        before = session.state
        copy = before.model_copy(deep=True)
        done = turn()
        assert done.kind != "error", done.error
        assert session.state == full_load(campaign)  # what the session sees is the log's state...
        assert before == copy  # ...in a new object: a state read before the turn is as it was
    assert held == kept and held.last_seq < mine.state.last_seq
    assert theirs.reload() == full_load(campaign)  # the other session catches up on its next look
    state = mine.state
    assert [t.kind for t in state.transcript].count("undo") == 3 and state.tracks and state.clocks  # /choose undoes too


def test_a_reload_with_nothing_new_keeps_the_same_state(campaign: str) -> None:
    session = ChatSession.open(campaign)
    session.send("I swear to find my sister")
    state = session.state
    assert session.reload() is state  # nothing appended since: nothing read but the campaign's last number


def test_another_campaign_under_the_same_name_is_loaded_whole(campaign: str) -> None:
    session = ChatSession.open(campaign)
    session.send("/meter health -1 a cut")
    session._created_at = "another campaign's creation"  # as if the store now held another campaign called so
    session._state = CampaignState(name=campaign, last_seq=1)  # and what was held would mislead a catch-up
    assert session.reload() == full_load(campaign)
