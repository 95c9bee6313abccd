"""Crash safety (a writer killed with SIGKILL) and concurrent writers, on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.store import service
from assistant.store.base import CampaignStore
from assistant.store.events import ChatMessage, MoveResolved
from assistant.store.factory import open_store
from assistant.store.sqlite import SQLiteStore
from tests.store_fixtures import *  # noqa: F403

ROOT = Path(__file__).resolve().parents[1]

#: Appends forever (big chat messages and moves), printing each committed seq, flushed.
APPENDER = r"""
import sys
from assistant.store import service
from assistant.store.events import ChatMessage
from assistant.store.factory import open_store
store = open_store(sys.argv[1])
name = sys.argv[2]
i = 0
while True:
    i += 1
    if i % 4 == 0:
        service.resolve_in_campaign(name, {"move": "Face Danger", "stat": "edge", "adds": 10}, store=store)
        seq = store.info(name).last_seq
    else:
        seq = store.append(name, [ChatMessage(role="user", text=f"{i} " + "x" * 20000)])[0].seq
    print(seq, flush=True)
"""

#: Starts a transaction, writes an event, says so, and waits (to be killed before COMMIT).
HALF_WRITER = r"""
import sys, time
from assistant.store.events import ChatMessage
from assistant.store.factory import open_store
store = open_store(sys.argv[1])
cid = store._cid(sys.argv[2])
with store._tx(write=True) as conn:
    last = store._campaign_row(conn, sys.argv[2], lock=True)[5]
    store._insert(conn, cid, last + 1, [ChatMessage(role="user", text="never committed")])
    print("inside", flush=True)
    time.sleep(120)
"""

#: Waits for "go" on stdin, then appends N events (chat and moves alternating), printing seqs.
WRITER = r"""
import sys
from assistant.store import service
from assistant.store.factory import open_store
url, name, tag, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
store = open_store(url)
print("ready", flush=True)
sys.stdin.readline()
for i in range(n):
    if i % 2:
        service.resolve_in_campaign(name, {"move": "Face Danger", "stat": "edge", "adds": 10}, store=store)
    else:
        store.append(name, [service.ChatMessage(role="user", text=f"{tag}-{i}")])
print("done", flush=True)
"""


#: A chat session that plays turn after turn (a move, its narration, a chat line), printing each finished turn's
#: move number once everything it stored is committed.
PLAYER = r"""
import sys
from assistant.chat.session import ChatSession
from assistant.store.factory import open_store
session = ChatSession.open(sys.argv[2], store=open_store(sys.argv[1]))
while True:
    turn = session.confirm({"move": "Face Danger", "stat": "edge"})
    assert turn.kind == "action" and turn.narration, turn.error
    session.send("I catch my breath and look around")
    print(turn.event_seq, flush=True)
"""


def _spawn(code: str, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def _verify(store: CampaignStore, name: str) -> list[int]:
    if isinstance(store, SQLiteStore):
        assert store.integrity_check() == "ok"
    seqs = [e.seq for e in store.events(name)]
    assert seqs == list(range(1, len(seqs) + 1)) and store.info(name).last_seq == len(seqs)
    assert service.replay(name, store=store).last_seq == len(seqs)
    return seqs


def test_kill_9_mid_append_loses_no_committed_event(store: CampaignStore, backend: str) -> None:
    service.create_campaign("crash", "starforged", seed=11)
    child = _spawn(APPENDER, backend, "crash")
    assert child.stdout is not None
    reported: list[int] = []
    while len(reported) < 40:
        line = child.stdout.readline()
        assert line, f"the appender died: {child.stderr.read() if child.stderr else ''}"
        reported.append(int(line))
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    reported += [int(x) for x in child.stdout.read().split()]  # anything it printed before dying
    assert child.returncode == -signal.SIGKILL

    service.close_stores()
    reopened = open_store(backend)
    try:
        seqs = _verify(reopened, "crash")
        assert set(reported) <= set(seqs) and max(reported) <= len(seqs)
        # the store is usable afterwards
        assert reopened.append("crash", [ChatMessage(role="user", text="after")])[0].seq == len(seqs) + 1
    finally:
        reopened.close()


def test_kill_9_mid_session_loses_no_turn_and_the_next_session_goes_on(
    store: CampaignStore, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app killed while a player plays (SQLite commits without waiting for the disk: only an operating-system
    crash could cost the last turns, never an app crash)."""
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    service.create_campaign("played", "starforged", seed=3)
    child = _spawn(PLAYER, backend, "played")
    assert child.stdout is not None
    finished: list[int] = []
    while len(finished) < 12:
        line = child.stdout.readline()
        assert line, f"the player died: {child.stderr.read() if child.stderr else ''}"
        finished.append(int(line))
    child.send_signal(signal.SIGKILL)  # mid-session: most likely inside a turn
    child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL

    service.close_stores()
    reopened = open_store(backend)
    try:
        seqs = _verify(reopened, "played")
        events = {e.seq: e.event for e in reopened.events("played")}
        narrated = {ev.event_seq for ev in events.values() if ev.type == "narration_recorded"}  # type: ignore[union-attr]
        for seq in finished:  # every finished turn: its move, its narration and the player's line after it
            assert events[seq].type == "move_resolved" and seq in narrated
            line = next(s for s in range(seq, len(seqs) + 1) if getattr(events[s], "text", "").startswith("I catch my"))
            assert all(events[s].type != "move_resolved" for s in range(seq + 1, line))
        from assistant.chat.session import ChatSession

        session = ChatSession.open("played", store=reopened)  # the next session starts from the whole log
        assert session.state == reopened.load("played", use_snapshot=False)
        turn = session.confirm({"move": "Face Danger", "stat": "edge"})
        assert turn.kind == "action" and turn.event_seq is not None and turn.event_seq > max(finished)
    finally:
        reopened.close()


def test_kill_9_inside_a_transaction_leaves_nothing_half_written(store: CampaignStore, backend: str) -> None:
    service.create_campaign("half", "starforged", seed=1)
    service.append_chat("half", "user", "committed")
    child = _spawn(HALF_WRITER, backend, "half")
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "inside", child.stderr.read() if child.stderr else ""
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    service.close_stores()
    reopened = open_store(backend)
    try:
        seqs = _verify(reopened, "half")
        assert len(seqs) == 3
        assert all(getattr(e.event, "text", "") != "never committed" for e in reopened.events("half"))
        # the lock died with the writer: the next append gets the next number
        assert reopened.append("half", [ChatMessage(role="user", text="next")])[0].seq == 4
    finally:
        reopened.close()


@pytest.mark.parametrize("writers", [2])
def test_concurrent_writers_keep_every_event_in_order(store: CampaignStore, backend: str, writers: int) -> None:
    n = 30
    service.create_campaign("busy", "starforged", seed=5)
    procs = [_spawn(WRITER, backend, "busy", f"w{k}", str(n)) for k in range(writers)]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready", p.stderr.read() if p.stderr else ""
    for p in procs:  # start together
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        out, err = p.communicate(timeout=240)
        assert p.returncode == 0 and out.strip().endswith("done"), err
    events = store.events("busy")
    assert len(events) == 2 + writers * n
    _verify(store, "busy")
    for k in range(writers):
        mine = [
            int(e.event.text.split("-")[1])
            for e in events
            if isinstance(e.event, ChatMessage) and e.event.text.startswith(f"w{k}-")
        ]
        assert mine == list(range(0, n, 2))  # each writer's events in the order it wrote them
    moves = [e for e in events if isinstance(e.event, MoveResolved)]
    assert len(moves) == writers * (n // 2)
    # every move started from the state the previous one left (no lost update)
    for prev, cur in zip(moves, moves[1:], strict=False):
        assert cur.event.state_change.before == prev.event.state_change.after  # type: ignore[union-attr]
