# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Plans the player acts before: under ``auto`` planning, two in a row switch planning off at the endpoint, said
once, so a one-slot server is not held by a plan nobody reads while the narration of the chosen move waits (a
real-browser session with a 1.5B model on two cores: every narration waited 15-28 s behind a dropped plan). A plan
that arrives starts the count again; a configured planning mode stays on."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.chat import planning_mode
from assistant.chat.refining import DROPPED_OFF_NOTE
from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

KEY = "sk-test-dropped-0123456789abcdef"
TEXT = "I study the sentry's patrol and slip past when it turns"
PLAN = [{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}]
OFF = DROPPED_OFF_NOTE.split(" {times}")[0]  # "You acted before the LLM's plan arrived"


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    planning_mode.forget()
    yield
    planning_mode.forget()


def _session(stub: OpenAIStub, home: Path, planning: str = "auto") -> Any:
    service.create_campaign("drop-saga", "starforged", seed=9)
    llm = LLMSettings(base_url=stub.base_url, model="stub", api_key=Secret(KEY), timeout=20.0, planning=planning)
    return ChatSession.open("drop-saga", settings=Settings(home=home, llm=llm), retrieve_rules=False)


def _asked(stub: OpenAIStub, count: int) -> None:
    """Wait until the stub has received ``count`` requests (the plan is at the endpoint)."""
    end = time.monotonic() + 10
    while len(stub.requests) < count and time.monotonic() < end:
        time.sleep(0.02)
    assert len(stub.requests) >= count


def _dropped_plan(session: Any, stub: OpenAIStub) -> None:
    """A plan sent and still running when the player acts."""
    stub.add_tool_calls(PLAN, delay=5)
    asked = len(stub.requests)
    session.send(TEXT)
    _asked(stub, asked + 1)
    session.send("/help")  # the player acts before the plan arrives: it is dropped


def _arrived_plan(session: Any, stub: OpenAIStub) -> Any:
    stub.add_tool_calls(PLAN)
    session.send(TEXT)
    return session.refine()


def test_two_plans_in_a_row_the_player_acted_before_switch_auto_planning_off(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}])  # the probe
    assert _arrived_plan(session, openai_stub).suggestions[0].stat == "wits"  # planning works at first
    _dropped_plan(session, openai_stub)
    _dropped_plan(session, openai_stub)
    asked = len(openai_stub.requests)
    session.send(TEXT)
    turn = session.refine()
    assert any(n.startswith(OFF) and "TABLETOP_LLM_PLANNING=json" in n for n in turn.notes), turn.notes
    assert all(s.ranked_by == "offline" for s in turn.suggestions)
    session.send(TEXT)
    again = session.refine()
    assert not any(n.startswith(OFF) for n in again.notes)  # said once
    assert len(openai_stub.requests) == asked  # no plan is sent any more


def test_a_plan_that_arrives_starts_the_count_again(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}])
    _arrived_plan(session, openai_stub)
    _dropped_plan(session, openai_stub)
    assert _arrived_plan(session, openai_stub).suggestions[0].stat == "wits"
    _dropped_plan(session, openai_stub)
    turn = _arrived_plan(session, openai_stub)
    assert turn.suggestions[0].move == "Face Danger" and not any(n.startswith(OFF) for n in turn.notes)


def test_a_plan_collected_before_the_player_acts_is_no_drop(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}])
    for _ in range(3):
        openai_stub.add_tool_calls(PLAN)
        session.send(TEXT)
        session.refine()  # arrived and read
        session.send("/help")
    assert _arrived_plan(session, openai_stub).suggestions[0].stat == "wits"


def test_a_configured_planning_mode_stays_on_however_often_the_player_acts_first(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="tools")
    for _ in range(3):
        _dropped_plan(session, openai_stub)
    turn = _arrived_plan(session, openai_stub)
    assert turn.suggestions[0].stat == "wits" and not any(n.startswith(OFF) for n in turn.notes)
