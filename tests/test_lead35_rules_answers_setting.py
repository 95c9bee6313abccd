# ruff: noqa: F811  (fixtures imported from tests/rules_index_fixtures.py)
"""TABLETOP_LLM_RULES_ANSWERS=text: with a model configured, a rules question is answered with the cited rules text
(no request reaches the endpoint), while the model still narrates; the default asks the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from assistant.config import load_settings
from assistant.llm import chat_model
from tests.rules_index_fixtures import tabletop_home  # noqa: F401

ENDPOINT = {"TABLETOP_LLM_BASE_URL": "http://127.0.0.1:9/v1", "TABLETOP_LLM_MODEL": "m"}


@pytest.mark.parametrize(("value", "expected"), [(None, "model"), ("text", "text"), (" TEXT ", "text"), ("nonsense", "model")])
def test_the_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str | None, expected: str) -> None:
    for k, v in ENDPOINT.items():
        monkeypatch.setenv(k, v)
    if value is None:
        monkeypatch.delenv("TABLETOP_LLM_RULES_ANSWERS", raising=False)
    else:
        monkeypatch.setenv("TABLETOP_LLM_RULES_ANSWERS", value)
    assert load_settings().llm.rules_answers == expected


def test_a_value_that_is_no_choice_is_said_in_the_log(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    for k, v in ENDPOINT.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("TABLETOP_LLM_RULES_ANSWERS", "txet")
    with caplog.at_level("WARNING", logger="assistant.config"):
        assert load_settings().llm.rules_answers == "model"
    assert "TABLETOP_LLM_RULES_ANSWERS: 'txet' is neither model nor text" in caplog.text


def test_text_gives_no_rules_model_but_keeps_the_narrator(monkeypatch: pytest.MonkeyPatch) -> None:
    for k, v in ENDPOINT.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("TABLETOP_LLM_RULES_ANSWERS", "text")
    settings = load_settings()
    assert chat_model(settings, task="rules") is None
    assert chat_model(settings, task="narrate") is not None and chat_model(settings, task="plan") is not None
    monkeypatch.setenv("TABLETOP_LLM_RULES_ANSWERS", "model")
    assert chat_model(load_settings(), task="rules") is not None


@pytest.mark.parametrize("answers", ["text", "model"])
def test_a_chat_session_has_a_rules_model_only_when_told(tabletop_home: Path, answers: str) -> None:
    """The chat's rules answers ask ``session.rules_model`` (None: the cited text); the planner's endpoint stands in
    for it only when rules answers are the model's."""
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Secret, Settings
    from assistant.store import service

    service.create_campaign("Rules", "blades", seed=35)
    llm = LLMSettings(base_url="http://127.0.0.1:9/v1", model="m", api_key=Secret("sk-test-0123456789"), rules_answers=answers)
    session = ChatSession.open("Rules", settings=Settings(home=tabletop_home, llm=llm), retrieve_rules=False)
    assert session.chat_model is not None and session.planner_model is not None  # the model still narrates and plans
    assert (session.rules_model is None) is (answers == "text")
    planner = object()
    bare = ChatSession("Rules", settings=Settings(home=tabletop_home, llm=llm), planner_model=planner, retrieve_rules=False)
    assert bare.rules_model is (None if answers == "text" else planner)


@pytest.mark.parametrize("visitor_url", ["", "http://127.0.0.1:9/v1", "http://127.0.0.1:8/v1"])
def test_the_apps_settings_keep_the_operators_choices(visitor_url: str) -> None:
    """The app's effective settings (a visitor's endpoint or model on top of the operator's) kept only the endpoint's
    fields: TABLETOP_LLM_RULES_ANSWERS, TABLETOP_LLM_NARRATE_KINDS and the story settings were lost in the app."""
    from assistant.config import LLMSettings, Secret, visitor_llm

    server = LLMSettings(
        base_url="http://127.0.0.1:9/v1",
        model="m",
        api_key=Secret("sk-server-0123456789"),
        rules_answers="text",
        narrate_kinds=("oracle yes",),
        story_sentences=2,
    )
    llm = visitor_llm(server, base_url=visitor_url, model="other")
    assert (llm.rules_answers, llm.narrate_kinds, llm.story_sentences) == ("text", ("oracle yes",), 2)
    assert llm.model == "other"
    if visitor_url.endswith(":8/v1"):  # another endpoint: never the server's key
        assert llm.base_url == visitor_url and llm.api_key is None and llm.url_from == "app"
    else:
        assert llm.api_key is not None and llm.api_key.get() == "sk-server-0123456789"
