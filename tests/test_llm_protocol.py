# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""The real OpenAI client (through ChatOpenAI) against the local OpenAI-compatible stub: streaming,
tool calls through plan_turn, errors and timeouts as PlanFailed, and the API key kept out of every
message and log record."""

from __future__ import annotations

import logging
from typing import Any

import openai
import pytest
from langchain_core.messages import AIMessageChunk
from langchain_openai import ChatOpenAI

from assistant.chat.planner import PlanFailed, plan_turn
from assistant.chat.tools import TOOL_MODELS, langchain_tools
from assistant.store.state import CampaignState
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

KEY = "sk-test-5f3a9c0e7b1d4e2f8a6c"
STATE = CampaignState(
    name="Iron Road",
    system="starforged",
    seed=1,
    active_character="kira",
    characters={"kira": {"id": "kira", "name": "Kira", "stats": {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}}},
)


def chat(stub: OpenAIStub, timeout: float = 5.0) -> ChatOpenAI:
    return ChatOpenAI(
        base_url=stub.base_url,
        api_key=KEY,
        model="stub",
        timeout=timeout,
        max_retries=0,  # type: ignore[arg-type]
        temperature=0,
    )


def plan(stub: OpenAIStub, text: str = "I dash for the airlock", timeout: float = 5.0) -> Any:
    return plan_turn(chat(stub, timeout), player_text=text, system="starforged", state=STATE)


def test_streaming_text_arrives_in_chunks(openai_stub: OpenAIStub) -> None:
    openai_stub.add_text("The airlock hisses open.", chunks=["The airlock ", "hisses ", "open."])
    pieces = [chunk.content for chunk in chat(openai_stub).stream("Open it") if chunk.content]
    assert pieces == ["The airlock ", "hisses ", "open."]
    sent = openai_stub.requests[0]
    assert sent.path == "/v1/chat/completions" and sent.body["stream"] is True
    assert sent.headers["authorization"] == f"Bearer {KEY}"
    assert sent.messages == [{"role": "user", "content": "Open it"}]


def test_default_chunks_are_words_and_non_streaming_is_one_message(openai_stub: OpenAIStub) -> None:
    openai_stub.add_text("one two three").add_text("whole answer")
    assert [c.content for c in chat(openai_stub).stream("x") if c.content] == ["one ", "two ", "three"]
    reply = chat(openai_stub).invoke("y")
    assert reply.content == "whole answer" and openai_stub.requests[1].body.get("stream") is not True


def test_streamed_tool_call_deltas_assemble(openai_stub: OpenAIStub) -> None:
    args = {"move": "Face Danger", "stat": "edge", "adds": 1}
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": args, "id": "call_7"}])
    total: AIMessageChunk | None = None
    chunks = 0
    for chunk in chat(openai_stub).bind_tools(langchain_tools()).stream("go"):
        total = chunk if total is None else total + chunk  # type: ignore[assignment]
        chunks += 1
    assert total is not None and chunks > 4  # the arguments came in pieces
    assert total.tool_calls == [{"name": "roll_move", "args": args, "id": "call_7", "type": "tool_call"}]


def test_tool_call_round_trip_through_plan_turn(openai_stub: OpenAIStub) -> None:
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "face danger", "stat": "edge"}}], text="Let's see.")
    result = plan(openai_stub)
    assert [a.request for a in result.actions] == [{"system": "starforged", "move": "Face Danger", "stat": "edge"}]
    body = openai_stub.requests[0].body
    assert [t["function"]["name"] for t in body["tools"]] == list(TOOL_MODELS)
    assert body["messages"][0]["role"] == "system" and "Kira" not in body["messages"][0]["content"]  # ours only
    last = body["messages"][-1]
    assert last["role"] == "user" and "> Kira" in last["content"]  # the sheet: quoted data in the player's turn
    assert last["content"].endswith("The player's message:\nI dash for the airlock")
    sent_arguments = {name for t in body["tools"] for name in t["function"]["parameters"]["properties"]}
    assert sent_arguments and not sent_arguments & {"dice", "roll", "result", "outcome", "faces", "total"}
    assert result.text == "Let's see."


def test_rejected_call_goes_back_as_a_tool_message(openai_stub: OpenAIStub) -> None:
    openai_stub.add_tool_calls(
        [{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "edge", "dice": [6, 6, 6]}, "id": "call_a"}]
    )
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "edge"}, "id": "call_b"}])
    result = plan(openai_stub)
    assert len(result.actions) == 1 and result.attempts == 2 and len(openai_stub.requests) == 2
    retry = openai_stub.requests[1].messages
    assert retry[-2]["role"] == "assistant" and retry[-2]["tool_calls"][0]["id"] == "call_a"
    assert retry[-1]["role"] == "tool" and retry[-1]["tool_call_id"] == "call_a"
    assert "dice are rolled by the engine" in retry[-1]["content"]


def test_malformed_tool_arguments_are_rejected_then_retried(openai_stub: OpenAIStub) -> None:
    openai_stub.add_tool_calls([{"name": "roll_table", "arguments": '{"table": "Pay the', "id": "call_x"}])
    openai_stub.add_text("No roll needed.")
    result = plan(openai_stub)
    assert result.actions == [] and "not valid JSON" in result.rejected[0][1]
    assert openai_stub.requests[1].messages[-1]["tool_call_id"] == "call_x"


def test_models_endpoint(openai_stub: OpenAIStub) -> None:
    client = openai.OpenAI(base_url=openai_stub.base_url, api_key=KEY, max_retries=0)
    assert [m.id for m in client.models.list()] == ["stub"]
    assert openai_stub.requests[0].method == "GET" and openai_stub.requests[0].path == "/v1/models"


@pytest.mark.parametrize(
    "script, reason",
    [
        (lambda s: s.add_error(429, "Rate limit reached", retry_after=2), "rate_limit"),
        (lambda s: s.add_error(500, "upstream broke"), "http_error"),
        (lambda s: s.add_raw("{not json"), "bad_response"),
        (lambda s: s.add_text("too late", delay=3), "timeout"),
    ],
)
def test_endpoint_failures_become_plan_failed_without_the_key(
    openai_stub: OpenAIStub, script: Any, reason: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    script(openai_stub)
    with pytest.raises(PlanFailed) as info:
        plan(openai_stub, timeout=0.5)
    assert info.value.reason == reason
    if reason == "rate_limit":
        assert info.value.retry_after == 2
    assert openai_stub.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert KEY not in str(info.value) and KEY not in repr(info.value.to_dict())
    assert KEY not in caplog.text
    assert all(KEY not in record.getMessage() for record in caplog.records)
    assert any("Planning with the language model failed" in r.getMessage() for r in caplog.records)


def test_a_refused_key_is_not_echoed(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with OpenAIStub(require_key="sk-test-the-right-one") as stub:
        with pytest.raises(PlanFailed) as info:
            plan(stub)
        assert stub.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert info.value.reason == "auth" and "TABLETOP_LLM_API_KEY" in info.value.message
    assert KEY not in str(info.value) and KEY not in caplog.text


def test_an_empty_queue_fails_loudly(openai_stub: OpenAIStub) -> None:
    with pytest.raises(openai.InternalServerError, match="no scripted response left"):
        chat(openai_stub).invoke("hello")
    assert openai_stub.pending == 0 and len(openai_stub.requests) == 1
