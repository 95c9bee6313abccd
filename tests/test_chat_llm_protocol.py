# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""The whole chat loop against an OpenAI-compatible server on 127.0.0.1: tool-call planning, streamed
narration, the guard's retry and the offline fallback, rate limits and timeouts, and the key kept secret."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.scripted_narration import split_opening

KEY = "sk-test-chat-0123456789abcdef"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session(stub: OpenAIStub, home: Path, timeout: float = 10.0, planning: str = "tools") -> ChatSession:
    service.create_campaign("llm-saga", "starforged", seed=9)
    llm = LLMSettings(
        base_url=stub.base_url, model="stub", api_key=Secret(KEY), timeout=timeout, planning=planning, story_sentences=4
    )
    settings = Settings(home=home, llm=llm)
    return ChatSession.open("llm-saga", settings=settings)


def _strong_hit_request(session: ChatSession) -> dict[str, object]:
    return {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}


def test_planned_move_then_streamed_llm_narration(
    openai_stub: OpenAIStub, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits"}}])
    turn = session.send("I study the sentry's patrol and slip past when it turns")
    assert turn.kind == "action" and not turn.results and turn.refining
    assert all(s.ranked_by == "offline" for s in turn.suggestions)  # shown at once, before the plan
    turn = session.refine()
    assert turn.kind == "action" and not turn.results and not turn.refining
    assert turn.suggestions[0].move == "Face Danger" and turn.suggestions[0].stat == "wits"
    assert turn.suggestions[0].ranked_by == "llm"
    planning = openai_stub.requests[-1]
    assert planning.tools and planning.headers["authorization"] == f"Bearer {KEY}"

    openai_stub.add_text(
        "The sentry's lamp sweeps past. You are through before it turns back.",
        chunks=["The sentry's lamp ", "sweeps past. You are ", "through before it turns back."],
    )
    events = list(session.stream_confirm({**_strong_hit_request(session), "stat": "wits"}))
    done = events[-1].turn
    assert done.narrator == "llm" and done.results[0].outcome == "strong_hit"
    chunks = [e.text for e in events if e.kind == "narration"]
    opening, story = split_opening("".join(chunks), "strong")  # the engine's own opening comes first, then the model's
    assert opening.startswith("You ") and "study the sentry's patrol" in opening
    assert chunks[1:] == ["The sentry's lamp sweeps past. ", "You are through before it turns back."]
    assert story == "The sentry's lamp sweeps past. You are through before it turns back."
    assert done.context_tokens and done.context_tokens > 0
    narrate_request = openai_stub.requests[-1]
    assert narrate_request.body["stream"] is True
    facts = " ".join(str(m.get("content")) for m in narrate_request.messages)
    assert "strong hit" in facts.lower()
    assert KEY not in caplog.text
    assert KEY not in str(done.to_dict())
    stored = service.export("llm-saga", "markdown")
    assert KEY not in stored and "The sentry's lamp sweeps past." in stored


def test_a_lying_endpoint_is_retried_then_replaced(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_text("You roll a 3 and miss. The sentry sees you.")
    openai_stub.add_text("You miss badly and the alarm sounds.")
    turn = session.confirm(_strong_hit_request(session))
    assert turn.narrator == "template-fallback" and turn.violations
    retry = openai_stub.requests[-1]
    assert any("engine" in str(m.get("content")).lower() for m in retry.messages)  # the violations were named
    assert "miss" not in turn.narration.lower().split("strong hit")[0]
    assert session.reload().moves == 1


@pytest.mark.parametrize("failure", ["rate_limit", "server_error", "timeout"])
def test_endpoint_failures_fall_back_offline(openai_stub: OpenAIStub, tmp_path: Path, failure: str) -> None:
    session = _session(openai_stub, tmp_path, timeout=0.5)
    if failure == "rate_limit":
        openai_stub.add_error(429, "slow down", retry_after=0.01)
        openai_stub.add_error(429, "slow down", retry_after=0.01)
    elif failure == "server_error":
        openai_stub.add_error(500, "boom")
        openai_stub.add_error(500, "boom")
    else:
        openai_stub.add_text("too late", delay=3)
        openai_stub.add_text("too late", delay=3)
    before = session.state.model_dump()["characters"]
    turn = session.confirm(_strong_hit_request(session))
    assert turn.kind == "action" and turn.narrator == "template-fallback" and turn.narration
    assert any("offline" in note for note in turn.notes)
    assert KEY not in " ".join(turn.notes)
    assert session.reload().moves == 1 and session.state.model_dump()["characters"] != before  # the move stands


def test_planner_failure_keeps_offline_suggestions(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path, timeout=0.5)
    openai_stub.add_error(500, "down")
    openai_stub.add_error(500, "down")
    offline = session.send("I slip past the sentry")
    turn = session.refine()
    assert [s.move for s in turn.suggestions] == [s.move for s in offline.suggestions]
    assert turn.kind == "action" and turn.suggestions and all(s.ranked_by == "offline" for s in turn.suggestions)
    assert any("offline" in note for note in turn.notes)
    assert session.reload().moves == 0


def test_what_the_llm_adds_beyond_move_and_stat_is_named_not_applied(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub, tmp_path)
    openai_stub.add_tool_calls(
        [{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "wits", "adds": 3, "burn": True}}]
    )
    session.send("I study the sentry's patrol and slip past when it turns")
    refined = session.refine()
    top = refined.suggestions[0]
    assert top.ranked_by == "llm" and top.request == {"move": "Face Danger", "stat": "wits"}
    assert "+3 adds" in top.why and "burning momentum" in top.why and "not applied" in top.why
    openai_stub.add_text("You keep low and wait for the lamp to pass.")
    turn = session.confirm(top)
    assert turn.results[0].adds == 0 and not (turn.results[0].burn and turn.results[0].burn.burned)
