"""Follow-ups (choose, burn, undo) act on the event the player saw, or are refused (optimistic concurrency).

Two writers on one campaign: one player's /choose or /undo must never act on the other's move. Runs on SQLite and
PostgreSQL, in one process and as two processes racing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from assistant.store.base import CampaignStore
from tests.store_fixtures import *  # noqa: F403 - the store fixtures (sqlite and postgres)

ROOT = Path(__file__).resolve().parent.parent
SECURE = {"move": "Secure an Advantage", "stat": "wits", "dice": [1, 1, 10]}  # wits 1: 1+1=2 beats 1, not 10: weak hit
FACE = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]}  # edge 3: strong hit


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _stack(name: str) -> list[int]:
    return list(service.load_campaign(name).undo_stack)


def test_choose_is_refused_after_another_writer_moved(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    mine = alice.confirm(SECURE)
    assert mine.open_choices, "the test needs a move with open choices"
    theirs = bob.confirm(FACE)
    before = service.load_campaign("shared")

    refused = alice.send("/choose take_2_momentum")
    assert refused.kind == "error"
    assert "someone else acted" in (refused.error or "") and "Face Danger" in (refused.error or "")
    assert "event" not in (refused.error or "").lower().replace("prevent", "")
    after = service.load_campaign("shared")
    assert after.characters == before.characters and after.undo_stack == before.undo_stack
    assert mine.event_seq in after.undo_stack and theirs.event_seq in after.undo_stack

    # naming the event explicitly is refused the same way
    again = alice.choose(["take_2_momentum"], event_seq=mine.event_seq)
    assert again.kind == "error" and _stack("shared") == before.undo_stack

    # once Bob takes his move back, Alice's move is the last action again and her choice goes through
    assert bob.undo(event_seq=theirs.event_seq).ok
    chosen = alice.choose(["take_2_momentum"], event_seq=mine.event_seq)
    assert chosen.kind == "action", chosen.error
    final = service.load_campaign("shared")
    assert mine.event_seq not in final.undo_stack and chosen.event_seq in final.undo_stack
    assert theirs.event_seq not in final.undo_stack and final.moves == 1


def test_undo_and_burn_are_refused_after_another_writer_acted(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    assert alice.send("/meter momentum +5 luck").ok
    missed = alice.confirm({"move": "Face Danger", "stat": "edge", "dice": [1, 5, 6]})
    assert missed.results[0].burn and missed.results[0].burn.available
    bob.send("/track dangerous Find the beacon")
    before = _stack("shared")

    for turn in (alice.send("/burn"), alice.undo(event_seq=missed.event_seq)):
        assert turn.kind == "error" and "Start a Track" in (turn.error or ""), turn.error
        assert _stack("shared") == before
    # /undo without an event: Alice has now been shown Bob's track, so it is what she undoes
    undone = alice.send("/undo")
    assert undone.ok and "Find the beacon" in undone.narration
    assert not service.load_campaign("shared").tracks
    assert alice.send("/burn").results[0].outcome == "strong_hit"


def test_a_burn_over_another_writers_track_is_refused_until_shown_then_carries_it(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    assert alice.send("/meter momentum +5 luck").ok
    missed = alice.confirm({"move": "Face Danger", "stat": "edge", "dice": [1, 5, 6]})
    bob.send("/track dangerous Find the beacon")
    refused = alice.send("/burn")  # Bob's track is news to Alice: refused, and she is shown it
    assert refused.kind == "error" and "Start a Track" in (refused.error or ""), refused.error
    burned = alice.burn(event_seq=missed.event_seq)  # now known: bookkeeping the burn carries
    assert burned.ok and burned.results[0].outcome == "strong_hit", burned.error
    assert [t["name"] for t in service.load_campaign("shared").tracks.values()] == ["Find the beacon"]


def test_a_follow_up_on_a_move_undone_by_someone_else_says_so(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    mine = alice.confirm(SECURE)
    assert bob.undo(event_seq=mine.event_seq).ok  # Bob saw Alice's move (on a shared screen) and takes it back
    turn = alice.choose(["take_2_momentum"], event_seq=mine.event_seq)
    assert turn.kind == "error" and "undone" in (turn.error or "")


def _mechanics(name: str) -> dict[str, Any]:
    data = service.load_campaign(name).comparable()
    return {k: data[k] for k in ("characters", "tracks", "clocks", "undo_stack", "pending_question")}


def test_an_answer_is_refused_when_another_writer_asked_their_own_question(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    assert alice.confirm({"move": "Endure Harm"}).kind == "question"
    assert bob.confirm({"move": "Endure Stress"}).kind == "question"  # Bob's question is now the open one
    before = _mechanics("shared")

    turn = alice.send("3")  # read as an answer to the question Alice was shown
    error = turn.error or ""
    assert turn.kind == "error" and "someone else acted" in error and "Endure Stress" in error and "Endure Harm" in error
    assert _mechanics("shared") == before  # Bob's question still open, nobody's health changed
    assert alice.pending_question is not None and alice.pending_question.move == "Endure Stress"  # caught up
    answered = bob.answer(2)  # Bob answers the question he was shown
    assert answered.kind == "action" and answered.results[0].move == "Endure Stress"
    assert service.load_campaign("shared").pending_question is None


def test_an_answer_is_refused_when_another_writer_set_the_question_aside(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice = ChatSession.open("shared")
    assert alice.confirm({"move": "Endure Harm"}).kind == "question"
    bob = ChatSession.open("shared")  # Bob opens the campaign and sees Alice's question, then plays on
    assert bob.pending_question is not None
    assert bob.send("/oracle likely Is the hatch open?").kind == "oracle"
    before = _mechanics("shared")
    assert before["pending_question"] is None

    turn = alice.answer(2)
    assert turn.kind == "error" and "set it aside" in (turn.error or ""), turn.error
    assert _mechanics("shared") == before
    assert alice.pending_question is None  # Alice now sees the campaign as it is


def test_moving_on_sets_aside_only_the_question_this_player_saw(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    alice, bob = ChatSession.open("shared"), ChatSession.open("shared")
    assert alice.confirm({"move": "Endure Harm"}).kind == "question"
    moved_on = bob.send("/oracle likely Is the hatch open?")  # Bob never saw Alice's question
    assert moved_on.kind == "oracle" and not any("set aside" in n for n in moved_on.notes)
    assert service.load_campaign("shared").pending_question is not None
    assert alice.answer(2).kind == "action"


def test_the_cli_undo_can_name_the_event(store: CampaignStore) -> None:
    service.create_campaign("shared", "starforged", seed=3)
    first = service.resolve_event("shared", FACE)[1]
    service.resolve_event("shared", FACE)
    with pytest.raises(service.StaleEventError):
        service.undo_last("shared", expect=first)
    assert service.undo_last("shared").event.target_seq == first + 1  # type: ignore[union-attr]
    assert service.undo_last("shared", expect=first).event.target_seq == first  # type: ignore[union-attr]


WORKER = r"""
import json, sys
from assistant.chat.session import ChatSession
name, rounds, me = sys.argv[1], int(sys.argv[2]), sys.argv[3]
session = ChatSession.open(name)
for i in range(rounds):
    move = session.confirm({"move": "Secure an Advantage", "stat": "wits", "dice": [1, 1, 10]})
    follow = session.send("/choose take_2_momentum") if i % 2 == 0 else session.send("/undo")
    print(json.dumps({"move": move.event_seq, "kind": follow.kind, "seq": follow.event_seq, "error": follow.error}), flush=True)
"""


def test_two_processes_racing_never_act_on_each_others_moves(store: CampaignStore, backend: str) -> None:
    service.create_campaign("race", "starforged", seed=5)
    rounds = 40
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, "race", str(rounds), who],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for who in ("a", "b")
    ]
    logs: list[list[dict[str, Any]]] = []
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        logs.append([json.loads(line) for line in out.splitlines()])
    events = {e.seq: e.event for e in service.campaign_events("race")}
    refused = 0
    for log in logs:
        own_moves = {r["move"] for r in log}
        assert len(log) == rounds and None not in own_moves
        for r in log:
            if r["kind"] == "error":
                assert "someone else acted" in r["error"], r
                refused += 1
                continue
            # the undo this follow-up appended (just before the chosen move, or the undo itself) targets this round's move
            undo_seq = r["seq"] - 1 if r["kind"] == "action" else r["seq"]
            undo: Any = events[undo_seq]
            assert undo.type == "undo" and undo.target_seq == r["move"], (r, undo)
            assert undo.target_seq in own_moves
    service.replay("race")
    print(f"two writers, {2 * rounds} follow-ups: {refused} refused as stale, none acted on the other's move")


def test_two_browser_tabs_undo_only_what_they_showed(monkeypatch: pytest.MonkeyPatch) -> None:
    from streamlit.testing.v1 import AppTest

    app_file = str(ROOT / "assistant" / "ui" / "app.py")
    service.create_campaign("Tabs", "starforged", seed=7)
    tabs = [AppTest.from_file(app_file, default_timeout=60) for _ in range(2)]
    for tab in tabs:
        tab.run()
        tab.selectbox(key="campaign_pick").set_value("Tabs").run()
    first, second = tabs
    first.chat_input(key="chat_text").set_value("/roll face danger +edge").run()
    second.chat_input(key="chat_text").set_value("/roll face danger +heart").run()
    before = _stack("Tabs")
    first.button(key="undo").click().run()  # the first tab still shows its own move as the last action
    assert not first.exception
    assert any("someone else acted" in e.value for e in first.error), [e.value for e in first.error]
    assert _stack("Tabs") == before
    first.button(key="undo").click().run()  # now it has been shown the other tab's move: that is what it undoes
    assert not first.error and _stack("Tabs") == before[:-1]
