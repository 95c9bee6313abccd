"""The in-process llama.cpp provider, with a stand-in ``llama_cpp`` module (tests never load a real model):
streamed narration with the task's max_tokens, JSON planning, deadlines, and clear errors."""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from assistant import llm_local
from assistant.config import LLMSettings, load_settings
from assistant.engine.errors import ConfigError
from assistant.llm import chat_model
from assistant.llm_calls import CallTimedOut, limits_for, stream_within

CALLS: list[dict[str, Any]] = []


class FakeLlama:
    """Streams ``reply`` word by word like ``create_chat_completion(stream=True)``; ``hang`` never starts."""

    reply = "The lamp sweeps past and you are through."
    hang = threading.Event()
    release = threading.Event()

    def __init__(self, model_path: str, **kwargs: Any) -> None:
        self.model_path = model_path

    def create_chat_completion(self, **kwargs: Any) -> Iterator[dict[str, Any]]:
        CALLS.append(kwargs)

        def pieces() -> Iterator[dict[str, Any]]:
            if FakeLlama.hang.is_set():
                FakeLlama.release.wait(30)
            for word in FakeLlama.reply.split(" "):
                yield {"choices": [{"delta": {"content": word + " "}}]}

        return pieces()


@pytest.fixture
def gguf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    path = tmp_path / "tiny.gguf"
    path.write_bytes(b"GGUF")
    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=FakeLlama))
    llm_local._loaded.clear()
    CALLS.clear()
    FakeLlama.hang.clear()
    FakeLlama.release.clear()
    yield str(path)
    FakeLlama.release.set()  # a call left behind ends and frees the model
    FakeLlama.hang.clear()
    llm_local._loaded.clear()


def test_the_gguf_setting_gives_an_in_process_model(gguf: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_LLM_GGUF", gguf)
    settings = load_settings()
    assert settings.llm.enabled and settings.llm.gguf == gguf
    model = chat_model(settings, task="narrate")
    assert isinstance(model, llm_local.LlamaCppChatModel) and model.planning == "json"
    text = "".join(str(c.content) for c in stream_within(model, [("human", "go")], limits_for("narrate", 5)))
    assert text.strip() == FakeLlama.reply
    assert CALLS[0]["max_tokens"] == 250 and CALLS[0]["temperature"] == 0.3 and CALLS[0]["stream"] is True
    assert CALLS[0]["messages"] == [{"role": "user", "content": "go"}]
    "".join(str(c.content) for c in stream_within(model.bind(temperature=0.7), [("human", "go")], limits_for("narrate", 5)))
    assert CALLS[1]["temperature"] == 0.7  # a narration retry's wider sampling reaches the model


def test_a_local_model_that_does_not_start_is_left_behind_by_the_deadline(gguf: str) -> None:
    FakeLlama.hang.set()
    model = chat_model(LLMSettings(gguf=gguf, timeout=0.5), task="narrate")
    with pytest.raises(CallTimedOut):
        list(stream_within(model, [("human", "go")], limits_for("narrate", 0.5)))


def test_a_local_model_plans_with_json(gguf: str) -> None:
    from assistant.chat.planner import plan_turn
    from assistant.store.state import CampaignState

    FakeLlama.reply = '{"calls": [{"tool": "roll_move", "args": {"move": "Face Danger", "stat": "edge"}}]}'
    try:
        stats = {"edge": 3, "heart": 2, "iron": 2, "shadow": 1, "wits": 1}
        kira = {"id": "kira", "name": "Kira", "stats": stats}
        state = CampaignState(name="x", system="starforged", seed=1, active_character="kira", characters={"kira": kira})
        model = chat_model(LLMSettings(gguf=gguf, timeout=5), task="plan")
        plan = plan_turn(model, player_text="I dash", system="starforged", state=state, mode="json")
    finally:
        FakeLlama.reply = "The lamp sweeps past and you are through."
    assert [a.tool for a in plan.actions] == ["roll_move"] and CALLS[0]["temperature"] == 0.0


def test_missing_package_or_file_is_said_in_the_players_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "llama_cpp", None)  # import fails
    with pytest.raises(ConfigError, match="local' extra"):
        llm_local.load_llama(str(tmp_path / "x.gguf"))
    monkeypatch.setitem(sys.modules, "llama_cpp", types.SimpleNamespace(Llama=FakeLlama))
    with pytest.raises(ConfigError, match="no model file"):
        llm_local.load_llama(str(tmp_path / "missing.gguf"))
