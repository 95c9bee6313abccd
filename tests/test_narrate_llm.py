"""The LLM narrator with LangChain's fake chat models: streaming, prompts and facts, retry feedback, failures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import httpx2
import openai
import pytest
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGenerationChunk
from pydantic import Field, SecretStr

import assistant.prompts as prompts_module
from assistant.config import LLMSettings, Secret, load_settings
from assistant.engine import ConfigError, Result, resolve
from assistant.narrate import LLMNarrator, NarrationFailed, NarrationRequest, load_prompt, make_chat_model

KEY = "tok-Zq81secretKEY4477"
REQ = httpx2.Request("POST", "http://llm.invalid/v1/chat/completions")  # the openai client is built on httpx2
HTTPX_REQ = httpx.Request("POST", "http://llm.invalid/v1/chat/completions")


class RecordingModel(GenericFakeChatModel):
    """Streams its canned messages (split on whitespace); records what it was sent; raises ``error`` if set."""

    seen: list[list[BaseMessage]] = Field(default_factory=list)
    error: Any = None
    error_after_chunks: int = 0
    openai_api_key: SecretStr | None = None

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        self.seen.append(list(messages))
        if self.error is not None and self.error_after_chunks == 0:
            raise self.error
        for n, chunk in enumerate(super()._stream(messages, stop=stop, run_manager=run_manager, **kwargs)):
            if self.error is not None and n == self.error_after_chunks:
                raise self.error
            yield chunk


def model(*replies: str, **fields: Any) -> RecordingModel:
    return RecordingModel(messages=iter([AIMessage(content=r) for r in replies] or [AIMessage(content="x")]), **fields)


def face_danger() -> Result:
    return resolve(
        {
            "system": "starforged",
            "move": "Face Danger",
            "stat": "edge",
            "dice": [5, 3, 6],
            "character": {"stats": {"edge": 2}, "momentum": 2},
        }
    )


def request(result: Result | None = None, **fields: Any) -> NarrationRequest:
    values: dict[str, Any] = {
        "task": "narrate",
        "system": "starforged",
        "player_text": "I slip past the sentry",
        "results": (result or face_danger(),),
    }
    values.update(fields)
    return NarrationRequest(**values)


def first_line(name: str) -> str:
    return load_prompt(name).splitlines()[0].split("{")[0].strip()


# ---- streaming, prompts and facts ---------------------------------------------------------------------------


def test_chunks_arrive_in_order_and_the_report_is_kept() -> None:
    reply = "You slip into the shadow of the crates. The sentry never turns. Momentum 2 → 3."
    narrator = LLMNarrator(model(reply), budget_tokens=900)
    chunks = list(narrator.stream(request()))
    assert len(chunks) > 5 and "".join(chunks) == reply
    assert chunks[0] == "You"
    assert narrator.last_report is not None and narrator.last_report.total <= 900


def test_the_prompt_file_and_the_engine_facts_are_in_the_messages() -> None:
    fake = model("You slip past.")
    list(LLMNarrator(fake).stream(request()))
    messages = fake.seen[0]
    assert isinstance(messages[0], SystemMessage) and isinstance(messages[-1], HumanMessage)
    assert first_line("narrate") in messages[0].content
    assert "Ironsworn: Starforged" in messages[0].content
    facts = str(messages[-1].content)
    assert "Outcome: a strong hit: you do what you set out to do." in facts
    assert "With it, your momentum goes up." in facts  # a clause of the story, not a heading to copy
    assert not any(ch.isdigit() for ch in facts)  # the dice card shows the numbers; the model gets none
    assert "you slip past the sentry" in facts  # the declared action, told to the player
    assert "rejected" not in facts


@pytest.mark.parametrize(
    ("task", "move", "prompt"),
    [
        ("oracle", {"move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [33]}, "interpret_oracle"),
        ("pay_the_price", {"move": "Pay the Price", "dice": [37]}, "interpret_pay_the_price"),
    ],
)
def test_each_task_has_its_prompt_file(task: str, move: dict[str, Any], prompt: str) -> None:
    fake = model("It is so.")
    result = resolve({"system": "starforged", **move})
    list(LLMNarrator(fake).stream(request(result, task=task, question="Is the hatch open?")))
    system, facts = str(fake.seen[0][0].content), str(fake.seen[0][-1].content)
    assert first_line(prompt) in system and first_line("narrate") not in system
    if task == "oracle":
        # told as the fact it makes true, without the question (a small model answers a question it is shown)
        assert "Already told to the player, as the first sentence of your story: The hatch is open." in facts
        assert "Continue right after it; do not say it again (a match: make it extreme or add a twist)." in facts
        assert "Is the hatch open?" not in facts and "YES" not in facts
    else:
        assert "Something of value is lost or destroyed" in facts


def test_open_choices_and_follow_ups_are_given_as_the_players_to_make() -> None:
    fake = model("You look.")
    weak = resolve({"system": "starforged", "move": "Secure an Advantage", "stat": "wits", "dice": [5, 3, 9]})
    list(LLMNarrator(fake).stream(request(weak)))
    facts = str(fake.seen[0][-1].content)
    assert "Left to the player: a choice on the panel beside your story (never write its words or options" in facts
    assert "Take +2 momentum" not in facts  # the options are shown beside the story: a model given them picked one
    assert "Already changed" not in facts
    miss = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 8, 9]})
    list(LLMNarrator(fake_miss := model("No.")).stream(request(miss)))
    offered = "Offered next, not played out (the player makes it next: tell no harm or loss from it now): Pay the Price."
    assert offered in str(fake_miss.seen[0][-1].content)
    assert "do not pick one" in str(fake_miss.seen[0][0].content)


def test_feedback_is_included_on_a_retry() -> None:
    fake = model("First try.", "Second try.")
    narrator = LLMNarrator(fake)
    list(narrator.stream(request()))
    feedback = "number: says +2 momentum; the engine gave +1"
    assert "".join(narrator.stream(request(feedback=feedback))) == "Second try."
    assert feedback not in str(fake.seen[0][-1].content)
    assert feedback in str(fake.seen[1][-1].content)


def test_history_goes_in_as_one_message_of_context_in_order() -> None:
    fake = model("On.")
    history = (("user", "I board the derelict"), ("assistant", "The airlock groans open."), ("user", "I listen"))
    list(LLMNarrator(fake, budget_tokens=4000).stream(request(history=history, story_turns=3)))
    turns = fake.seen[0][1:-1]
    # not as the model's own earlier replies: a small model answered the new turn with its last reply again
    assert [type(m).__name__ for m in turns] == ["HumanMessage"]
    # the stories alone, as one paragraph: given a transcript ("You: …" / "Story: …"), a small model wrote its next lines
    assert str(turns[0].content).splitlines() == [
        "The story so far (already told: continue from it, never tell it again):",
        "The airlock groans open.",
    ]


# ---- failures ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("error", "cause"), [
    (openai.APITimeoutError(request=REQ), "timeout"),
    (httpx.ReadTimeout("read timed out", request=HTTPX_REQ), "timeout"),
    (TimeoutError("timed out"), "timeout"),
    (openai.RateLimitError(f"Rate limit reached for {KEY}", response=httpx2.Response(429, request=REQ), body=None),
     "rate limit"),
    (openai.APIConnectionError(request=REQ), "connection"),
    (httpx2.ConnectError("[Errno 111] Connection refused", request=REQ), "connection"),
    (openai.AuthenticationError(f"Incorrect API key provided: {KEY}", response=httpx2.Response(401, request=REQ), body=None),
     "authentication"),
    (openai.InternalServerError("upstream exploded", response=httpx2.Response(500, request=REQ), body=None), "HTTP 500"),
    (ValueError("Expected content to be a string."), "bad response"),
])  # fmt: skip
def test_model_failures_become_narration_failed_without_the_key(error: BaseException, cause: str) -> None:
    narrator = LLMNarrator(model("unused", error=error, openai_api_key=SecretStr(KEY)))
    with pytest.raises(NarrationFailed) as info:
        list(narrator.stream(request()))
    message = str(info.value)
    assert cause in message and "narrating offline" in message
    assert KEY not in message and "Zq81" not in message


def test_a_failure_mid_stream_is_a_narration_failed_after_the_first_chunks() -> None:
    timeout = openai.APITimeoutError(request=REQ)
    narrator = LLMNarrator(model("You slip past the sentry quietly.", error=timeout, error_after_chunks=3))
    got: list[str] = []
    with pytest.raises(NarrationFailed, match="timeout"):
        for chunk in narrator.stream(request()):
            got.append(chunk)
    assert "".join(got) == "You slip"  # a space is held back until it cannot begin a stop (" decide to")


def test_empty_output_is_a_bad_response() -> None:
    with pytest.raises(NarrationFailed, match="bad response"):
        list(LLMNarrator(model("")).stream(request()))


def test_a_missing_prompt_file_is_a_clear_config_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts_module, "PROMPTS_DIR", tmp_path)
    with pytest.raises(ConfigError, match=r"narrate\.txt is missing"):
        load_prompt("narrate")
    with pytest.raises(NarrationFailed, match="configuration"):
        list(LLMNarrator(model("x")).stream(request()))


def test_a_real_client_against_a_closed_port_fails_as_connection_without_the_key() -> None:
    settings = LLMSettings(base_url="http://127.0.0.1:9/v1", model="m", api_key=Secret(KEY), timeout=2.0)
    chat = make_chat_model(settings)
    assert chat is not None
    with pytest.raises(NarrationFailed) as info:
        list(LLMNarrator(chat).stream(request()))
    assert "connection" in str(info.value) and KEY not in str(info.value)


# ---- the model factory --------------------------------------------------------------------------------------


def test_no_endpoint_means_no_model() -> None:
    assert make_chat_model() is None
    assert make_chat_model(load_settings()) is None


def test_the_model_takes_endpoint_key_and_timeout_from_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("TABLETOP_LLM_MODEL", "tiny-narrator")
    monkeypatch.setenv("TABLETOP_LLM_API_KEY", KEY)
    monkeypatch.setenv("TABLETOP_LLM_TIMEOUT", "7.5")
    chat: Any = make_chat_model(streaming=False)
    assert chat.model_name == "tiny-narrator" and chat.streaming is False
    assert chat.request_timeout.read == 7.5 and chat.request_timeout.connect == 5.0 and chat.turn_timeout == 7.5
    assert chat.extra_body == {"max_tokens": 250} and chat.temperature == 0.3
    assert chat.openai_api_key.get_secret_value() == KEY and KEY not in repr(chat)
    assert make_chat_model(load_settings().llm).streaming is True  # type: ignore[union-attr]
