"""The server's API key goes only to the server's own endpoint (issue: a visitor could point the app at their own
server and receive the operator's key). Real HTTP: two fake OpenAI-compatible endpoints on 127.0.0.1 record every
request; the app is driven with AppTest like a visitor would."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.config import ConfigError, LLMSettings, Secret, endpoint_identity, same_endpoint, visitor_llm
from tests.openai_stub import OpenAIStub

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"
SERVER_KEY = "sk-server-CANARY-7f3a91"
VISITOR_KEY = "sk-visitor-OWN-55d2"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("TABLETOP_LLM_TIMEOUT", "5")


@pytest.fixture
def server_stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIStub]:
    with OpenAIStub() as stub:
        monkeypatch.setenv("TABLETOP_LLM_BASE_URL", stub.base_url)
        monkeypatch.setenv("TABLETOP_LLM_API_KEY", SERVER_KEY)
        yield stub


@pytest.fixture
def visitor_stub() -> Iterator[OpenAIStub]:
    with OpenAIStub() as stub:
        yield stub


def _carries(stub: OpenAIStub, secret: str) -> bool:
    return any(secret in str(r.headers) or secret.encode() in r.raw for r in stub.requests)


def _app() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=90)
    at.run()
    assert not at.exception
    return at


def _play(at: AppTest) -> None:
    at.text_input(key="new_campaign_name").set_value("Key Test")
    at.selectbox(key="new_campaign_system").set_value("starforged")
    at.text_input(key="new_campaign_seed").set_value("7")
    at.button(key="create_campaign").click().run()
    at.chat_input(key="chat_text").set_value("I sprint across the collapsing catwalk").run()
    at.button(key="suggestion_0").click().run()
    assert not at.exception, [e.value for e in at.exception]


def _set_endpoint(at: AppTest, url: str, key: str = "") -> None:
    at.text_input(key="settings_base_url").set_value(url)
    if key:
        at.text_input(key="settings_api_key").set_value(key)
    at.button(key="settings_save").click().run()
    assert not at.exception


# ---- the rule itself -------------------------------------------------------------------------------


def test_visitor_endpoint_never_gets_the_server_key() -> None:
    server = LLMSettings(base_url="https://llm.example.org/v1", model="m", api_key=Secret(SERVER_KEY))
    other = visitor_llm(server, base_url="http://127.0.0.1:9999/v1")
    assert other.base_url == "http://127.0.0.1:9999/v1" and other.api_key is None
    own = visitor_llm(server, base_url="http://127.0.0.1:9999/v1", api_key=Secret(VISITOR_KEY))
    assert own.api_key is not None and own.api_key.get() == VISITOR_KEY
    # the same endpoint written another way keeps the server's key; look-alike hosts do not
    same = visitor_llm(server, base_url="HTTPS://LLM.example.org:443/v1/")
    assert same.api_key is not None and same.api_key.get() == SERVER_KEY
    for lookalike in ("https://llm.example.org.evil.test/v1", "http://llm.example.org/v1", "https://llm.example.org/v2"):
        assert visitor_llm(server, base_url=lookalike).api_key is None, lookalike
    for malformed in ("https://x@llm.example.org/v1", "https://evil.test\\@llm.example.org/v1", "file:///etc/passwd"):
        with pytest.raises(ConfigError):
            visitor_llm(server, base_url=malformed)


def test_a_locked_endpoint_ignores_what_the_visitor_types() -> None:
    server = LLMSettings(base_url="https://llm.example.org/v1", model="m", api_key=Secret(SERVER_KEY))
    locked = visitor_llm(server, base_url="http://127.0.0.1:9999/v1", model="big-expensive", locked=True)
    assert locked.base_url == server.base_url and locked.model == "m"


def test_endpoint_identity_compares_scheme_host_port_path() -> None:
    assert endpoint_identity("http://Localhost:8080/v1/") == "http://localhost:8080/v1"
    assert same_endpoint("http://a:80/v1", "http://a/v1")
    assert not same_endpoint("http://a/v1", None)


# ---- through the app, over real HTTP --------------------------------------------------------------------


def _eventually(check: Callable[[], bool], within: float = 20.0) -> bool:
    """``check()`` once it holds, polling; a hang guard for work the app does in a background thread."""
    end = time.monotonic() + within
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def test_the_app_sends_the_server_key_only_to_the_server_endpoint(server_stub: OpenAIStub, visitor_stub: OpenAIStub) -> None:
    at = _app()
    _set_endpoint(at, visitor_stub.base_url)
    assert any("enter your own key" in c.value for c in at.caption)
    _play(at)
    assert visitor_stub.requests, "the visitor's endpoint was never called"
    assert not _carries(visitor_stub, SERVER_KEY)
    assert not server_stub.requests

    _set_endpoint(at, visitor_stub.base_url, key=VISITOR_KEY)
    before = len(visitor_stub.requests)
    at.chat_input(key="chat_text").set_value("I force the hatch open").run()
    assert _eventually(lambda: len(visitor_stub.requests) > before)  # the move is looked at in the background
    fresh = visitor_stub.requests[before:]
    assert fresh and all(r.headers.get("authorization") == f"Bearer {VISITOR_KEY}" for r in fresh)
    assert not _carries(visitor_stub, SERVER_KEY)

    # the server's own endpoint (written differently) is still the server's: the visitor's own key is used there
    _set_endpoint(at, server_stub.base_url + "/")
    at.chat_input(key="chat_text").set_value("I check the airlock seals").run()
    assert _eventually(lambda: bool(server_stub.requests))  # the plan is asked for in the background
    assert not _carries(visitor_stub, SERVER_KEY)


def test_the_server_key_is_used_on_the_server_endpoint(server_stub: OpenAIStub) -> None:
    at = _app()
    _play(at)
    assert server_stub.requests
    assert all(r.headers.get("authorization") == f"Bearer {SERVER_KEY}" for r in server_stub.requests)


def test_a_locked_app_keeps_the_server_endpoint(
    server_stub: OpenAIStub, visitor_stub: OpenAIStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_LLM_LOCKED", "1")
    monkeypatch.setenv("TABLETOP_LLM_MODEL", "stub-model")
    at = _app()
    assert at.text_input(key="settings_base_url").disabled
    at.session_state["settings_base_url"] = visitor_stub.base_url  # a forged widget value, as a crafted client could send
    at.session_state["settings_model"] = "big-expensive"
    at.button(key="settings_save").click().run()
    _play(at)
    assert not visitor_stub.requests and server_stub.requests
    assert all(r.body.get("model") == "stub-model" for r in server_stub.requests if isinstance(r.body, dict))


def test_a_malformed_endpoint_is_refused_and_nothing_is_saved(server_stub: OpenAIStub) -> None:
    at = _app()
    _set_endpoint(at, "http://evil.test\\@127.0.0.1/v1")
    assert any("plain http(s) URL" in e.value for e in at.error)
    _play(at)
    assert server_stub.requests  # still the server's endpoint
