"""The Settings tab: settings kept in the page's address across reloads (never the key), and "Test connection"
against a local OpenAI-compatible stub (a good model, a wrong model, a refused key, nobody listening)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.config import LLMSettings, Secret
from assistant.ui.connection import test_connection as check_endpoint
from tests.openai_stub import OpenAIStub

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"
KEY = "sk-typed-NEVER-IN-THE-ADDRESS-7171"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    for name in ("TABLETOP_LLM_BASE_URL", "TABLETOP_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)


def _params(at: AppTest) -> dict[str, str]:
    return {k: (v[0] if isinstance(v, list) else v) for k, v in at.query_params.items()}


def test_saved_settings_survive_a_reload_but_the_key_never_enters_the_address() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="settings_base_url").set_value("http://127.0.0.1:9/v1")
    at.text_input(key="settings_model").set_value("qwen2.5-coder-1.5b")
    at.text_input(key="settings_api_key").set_value(KEY)
    at.radio(key="settings_style").set_value("terse")
    at.checkbox(key="settings_auto_roll").check()
    at.button(key="settings_save").click().run()
    assert not at.exception
    params = _params(at)
    assert params == {"llm": "http://127.0.0.1:9/v1", "model": "qwen2.5-coder-1.5b", "style": "terse", "auto_roll": "1"}
    assert all(KEY not in v for v in params.values())
    reload = AppTest.from_file(str(APP), default_timeout=60)
    for name, value in params.items():
        reload.query_params[name] = value
    reload.run()
    assert reload.text_input(key="settings_base_url").value == "http://127.0.0.1:9/v1"
    assert reload.text_input(key="settings_model").value == "qwen2.5-coder-1.5b"
    assert reload.radio(key="settings_style").value == "terse" and reload.checkbox(key="settings_auto_roll").value


def test_connection_reports_in_the_player_s_words() -> None:
    with OpenAIStub(models=("qwen2.5-coder-1.5b",)) as stub:
        good = check_endpoint(LLMSettings(base_url=stub.base_url, model="qwen2.5-coder-1.5b", api_key=Secret("k")))
        assert good.ok and "model qwen2.5-coder-1.5b is ready" in good.message
        wrong = check_endpoint(LLMSettings(base_url=stub.base_url, model="gpt-9"))
        assert not wrong.ok and "no model called 'gpt-9'" in wrong.message and "qwen2.5-coder-1.5b" in wrong.message
        assert stub.requests and stub.requests[0].headers.get("authorization") == "Bearer k"
    with OpenAIStub(require_key="right") as stub:
        refused = check_endpoint(LLMSettings(base_url=stub.base_url, model="stub", api_key=Secret("wrong")))
        assert not refused.ok and "refused the key" in refused.message
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody listens there once closed
    down = check_endpoint(LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="m"))
    assert not down.ok and "could not be reached" in down.message
    for report in (refused, down):
        assert "TABLETOP_" not in report.message and "wrong" not in report.message


def test_a_silent_endpoint_is_given_up_on_at_the_deadline() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)  # accepts connections and never answers
        port = listener.getsockname()[1]
        report = check_endpoint(LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="m"), timeout=0.5)
        assert not report.ok and "did not answer within 0.5 seconds" in report.message
