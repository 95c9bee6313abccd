# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Planning that works with what endpoints return: the endpoint is asked once whether it makes tool calls;
otherwise a JSON plan checked by schema, or planning off, said once. Suggestions never wait for the plan."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant.chat import planning_mode
from assistant.chat.plan_json import PlanJSONError, parse_calls
from assistant.chat.refining import OFF_NOTE, SILENT_PROBE_NOTE, SLOW_OFF_NOTE, SLOW_PROBE_NOTE
from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

KEY = "sk-test-planning-0123456789abcdef"
TEXT = "I study the sentry's patrol and slip past when it turns"


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    planning_mode.forget()
    yield
    planning_mode.forget()


def _session(stub: OpenAIStub, home: Path, planning: str = "auto", timeout: float = 10.0, name: str = "plan-saga") -> Any:
    if name not in {c.name for c in service.list_campaigns()}:
        service.create_campaign(name, "starforged", seed=9)
    llm = LLMSettings(base_url=stub.base_url, model="stub", api_key=Secret(KEY), timeout=timeout, planning=planning)
    return ChatSession.open(name, settings=Settings(home=home, llm=llm), retrieve_rules=False)


def test_an_endpoint_that_makes_tool_calls_is_asked_once(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}])  # the probe
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}])
    session.send(TEXT)
    turn = session.refine()
    assert turn.suggestions[0].move == "Face Danger" and turn.suggestions[0].stat == "wits" and turn.narrator == "llm"
    probe, plan = openai_stub.requests
    assert [t["function"]["name"] for t in probe.tools] == ["note_word"]
    assert plan.tools and plan.body["temperature"] == 0

    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "edge"}}])
    session.send(TEXT)
    assert session.refine().suggestions[0].stat == "edge"
    assert len(openai_stub.requests) == 3  # no second probe for the same endpoint


def test_an_endpoint_that_answers_tools_in_text_plans_with_json(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_text('<tool_call>{"name": "note_word", "arguments": {"word": "lantern"}}</tool_call>')
    openai_stub.add_text('```json\n{"calls": [{"tool": "roll_move", "args": {"move": "Face Danger", "stat": "wits"}}]}\n```')
    session.send(TEXT)
    turn = session.refine()
    assert turn.suggestions[0].move == "Face Danger" and turn.suggestions[0].stat == "wits"
    plan = openai_stub.requests[1]
    assert not plan.tools and '"calls"' in str(plan.messages[0]["content"])
    assert plan.body["max_tokens"] == 300 and plan.body["temperature"] == 0


def test_unusable_json_plans_switch_planning_off_and_say_so_once(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="json")
    openai_stub.add_text("You should Face Danger with wits, I think.")
    offline = session.send(TEXT)
    first = session.refine()
    assert [s.move for s in first.suggestions] == [s.move for s in offline.suggestions]
    assert OFF_NOTE not in first.notes
    openai_stub.add_text("Moves that fit: Face Danger +wits")
    session.send(TEXT)
    second = session.refine()
    assert OFF_NOTE in second.notes
    session.send(TEXT)
    third = session.refine()
    assert len(openai_stub.requests) == 2  # planning is off: the endpoint is not asked again
    assert OFF_NOTE not in third.notes and all(s.ranked_by == "offline" for s in third.suggestions)


def test_json_plans_that_never_come_in_time_switch_planning_off_and_say_so_once(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    # a 1.5B model on two cores: plans took about 44 s and changed no list, while holding the one-slot server the
    # narration waited on
    session = _session(openai_stub, tmp_path, planning="json", timeout=1.0)
    for _ in range(2):
        openai_stub.add_text('{"calls": []}', delay=30)
    session.send(TEXT)
    first = session.refine()
    assert SLOW_OFF_NOTE not in first.notes and any("could not plan" in n for n in first.notes)
    session.send(TEXT)
    assert SLOW_OFF_NOTE in session.refine().notes
    settle = time.monotonic() + 10  # on a busy machine the stub may log a request after the client gave up on it
    while len(openai_stub.requests) < 2 and time.monotonic() < settle:
        time.sleep(0.05)
    asked = len(openai_stub.requests)
    session.send(TEXT)
    third = session.refine()
    assert len(openai_stub.requests) == asked and SLOW_OFF_NOTE not in third.notes  # off: not asked again, said once
    assert all(s.ranked_by == "offline" for s in third.suggestions)


def test_a_slow_probe_switches_auto_planning_off_and_says_so_once(
    openai_stub: OpenAIStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a small model on a laptop CPU answers the one-word probe in many seconds: its plan would hold the one-slot
    # server the narration asked for next waits on, so the offline suggestions stand
    monkeypatch.setattr(planning_mode, "SLOW_PROBE_SECONDS", 0.3)
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}], delay=0.8)
    offline = session.send(TEXT)
    first = session.refine()
    slow = [n for n in first.notes if "planning is off" in n]
    assert slow and slow[0].startswith(SLOW_PROBE_NOTE.split("{seconds}")[0]) and "TABLETOP_LLM_PLANNING=json" in slow[0]
    assert [s.move for s in first.suggestions] == [s.move for s in offline.suggestions]
    assert len(openai_stub.requests) == 1  # the probe only: no plan
    session.send(TEXT)
    second = session.refine()
    assert len(openai_stub.requests) == 1 and not any("planning is off" in n for n in second.notes)  # said once


def test_a_probe_with_no_answer_switches_auto_planning_off(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, timeout=1.0)
    openai_stub.add_text("never", delay=30)
    session.send(TEXT)
    notes = session.refine().notes
    assert any(n.startswith(SILENT_PROBE_NOTE.split("{seconds}")[0]) for n in notes), notes
    session.send(TEXT)
    session.refine()
    assert len(openai_stub.requests) <= 1  # not asked again


def test_a_configured_json_mode_plans_whatever_the_probe_would_say(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="json")
    openai_stub.add_text('{"calls": [{"tool": "roll_move", "args": {"move": "Face Danger", "stat": "wits"}}]}', delay=0.5)
    session.send(TEXT)
    assert session.refine().suggestions[0].stat == "wits"
    assert len(openai_stub.requests) == 1  # no probe: the player chose to plan


def test_planning_off_asks_nothing(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="off")
    turn = session.send(TEXT)
    assert turn.suggestions and not turn.refining  # nothing to wait for, nothing said about the model
    assert OFF_NOTE not in turn.notes and session.refine().notes == []
    assert openai_stub.requests == []


def test_suggestions_show_before_a_slow_plan_arrives(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="tools")
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}], delay=2)
    turn = session.send(TEXT)
    assert turn.refining and turn.suggestions and all(s.ranked_by == "offline" for s in turn.suggestions)
    assert session._pending_plan is not None and not session._pending_plan.future.done()
    refined = session.refine()
    assert refined.suggestions[0].stat == "wits" and not session.refining


def test_a_plan_that_never_comes_leaves_the_offline_list(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="tools", timeout=1.0)
    openai_stub.add_text("never", delay=60)
    offline = session.send(TEXT)
    refined = session.refine()
    assert [s.move for s in refined.suggestions] == [s.move for s in offline.suggestions]
    assert any("offline" in n for n in refined.notes)


def test_a_new_turn_drops_the_plan_not_collected(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, planning="tools")
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}], delay=1)
    session.send(TEXT)
    pending = session._pending_plan
    session.send("/help")
    assert pending.cancel.is_set() and not session.refining
    assert session.refine().suggestions == []


@pytest.mark.parametrize(
    "text, calls",
    [
        ('{"calls": []}', []),
        ('Sure! {"calls": [{"tool": "roll_move", "args": {"move": "Face Danger"}}]}', [("roll_move", {"move": "Face Danger"})]),
        (
            '[{"name": "ask_oracle", "arguments": "{\\"question\\": \\"Is it safe?\\"}"}]',
            [("ask_oracle", {"question": "Is it safe?"})],
        ),
    ],
)
def test_json_plans_are_read_by_schema(text: str, calls: list[Any]) -> None:
    assert parse_calls(text) == calls


@pytest.mark.parametrize("text", ["Face Danger +edge", '{"calls": "roll_move"}', '{"calls": [{"args": {}}]}', "{broken"])
def test_anything_else_is_not_a_plan(text: str) -> None:
    with pytest.raises(PlanJSONError):
        parse_calls(text)


def test_a_probe_given_less_time_than_a_narration_leaves_the_endpoint_up(
    openai_stub: OpenAIStub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # on a busy two-core machine the 1.5B took over 15 s for the one-word probe; the probe's timeout marked the endpoint
    # down and the first narration was skipped ("left alone for a little while"), though it came in under the
    # player's 60 s. A probe with less time than the player's timeout says "slow", not "silent".
    from assistant import llm_backoff

    monkeypatch.setattr(planning_mode, "PROBE_TIMEOUT", 0.3)
    session = _session(openai_stub, tmp_path, timeout=10.0)
    openai_stub.add_text("never", delay=1.5)
    session.send(TEXT)
    notes = session.refine().notes
    assert any(n.startswith(SILENT_PROBE_NOTE.split("{seconds}")[0]) for n in notes), notes  # planning off, said
    llm_backoff.check(openai_stub.base_url.rstrip("/"))  # not marked down: the narration asked for next is tried


def test_a_probe_the_player_moved_on_from_is_still_answered_and_kept(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    # on a one-slot local server a probe given up was asked again every turn, each time ahead of the narration
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}], delay=0.6)  # the probe
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}])
    session.send(TEXT)
    session.send("/help")  # the player moves on before the probe answers: the plan is dropped
    waited = time.monotonic()
    while planning_mode.probe_seconds(session.planner_model) is None and time.monotonic() - waited < 10:
        time.sleep(0.05)
    assert planning_mode.known_mode(session.planner_model) == "tools"
    session.send(TEXT)
    assert session.refine().suggestions[0].stat == "wits"
    probes = [r for r in openai_stub.requests if r.tools and r.tools[0]["function"]["name"] == "note_word"]
    assert len(probes) == 1 and len(openai_stub.requests) == 2  # one probe, one plan


def test_plans_that_want_the_mode_at_once_share_one_probe(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    import threading

    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "note_word", "arguments": {"word": "lantern"}}], delay=0.4)
    modes: list[str] = []

    def plan() -> None:
        modes.append(planning_mode.planning_mode(session.planner_model))

    workers = [threading.Thread(target=plan) for _ in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(10)
    assert modes == ["tools", "tools", "tools"] and len(openai_stub.requests) == 1
