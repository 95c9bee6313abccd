"""What a player reads in a session: a typed number is a pick (never an action), and every line reads in words."""

from __future__ import annotations

import random

import pytest
from typer.testing import CliRunner

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(system: str, *, auto_roll: bool = False) -> ChatSession:
    service.create_campaign("night", system, seed=3)
    return ChatSession.open("night", rng=random.Random(5), embedder=get_embedder("hash"), auto_roll=auto_roll)


def test_a_number_after_an_auto_rolled_action_rolls_nothing() -> None:
    session = _session("starforged", auto_roll=True)
    rolled = session.send("I strike the raider with my sword")
    assert rolled.results
    moves = session.reload().moves
    turn = session.send("1")
    assert turn.kind == "error" and not turn.results
    assert "number picks" in turn.error and "/undo" in turn.error
    assert session.reload().moves == moves


def test_a_number_picks_the_suggestion_waiting() -> None:
    session = _session("starforged")
    offered = session.send("I strike the raider with my sword")
    assert len(offered.suggestions) >= 2 and not offered.results
    wrong = session.send("7")
    assert wrong.kind == "error" and f"1 to {len(offered.suggestions)}" in wrong.error
    assert session.reload().moves == 0
    picked = session.send("2")
    assert [r.move for r in picked.results] == [offered.suggestions[1].move]
    again = session.send("2")  # the action is spent: nothing waits to be picked
    assert again.kind == "error" and not again.results


def test_the_terminal_chat_with_auto_roll_reads_a_number_as_a_pick() -> None:
    from assistant.cli import app

    runner = CliRunner()
    args = ["chat", "-c", "term", "--new", "--system", "starforged", "--seed", "3", "--auto-roll"]
    out = runner.invoke(app, args, input="I strike the raider with my sword\n1\n").output
    assert "! A number picks" in out
    assert out.count("Action ") == 1  # one roll: the action's, none for the "1"
