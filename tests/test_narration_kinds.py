# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""``TABLETOP_LLM_NARRATE_KINDS``: the kinds of turn a model adds its words to; every other turn is told in the
engine's own words, as offline. The kinds are those of ``python -m evals faithfulness_kinds``."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings, load_settings
from assistant.narration_kinds import KINDS, model_tells, parse_kinds, turn_kind
from assistant.store import service
from evals import faithfulness_kinds
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

KEY = "sk-test-kinds-0123456789abcdef"
STRONG_HIT = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}
ORACLE_YES = {"move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [37]}
ORACLE_NO = {"move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [60]}


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


@pytest.mark.parametrize(
    ("task", "outcomes", "kind"),
    [
        ("narrate", ["strong_hit"], "hit"),
        ("narrate", ["critical"], "hit"),
        ("narrate", ["partial_success"], "weak hit"),
        ("narrate", ["bad_outcome"], "miss"),
        ("oracle", ["yes"], "oracle yes"),
        ("oracle", ["no"], "oracle no"),
        ("pay_the_price", ["none"], "Pay the Price"),
        ("table", ["none"], "table"),
        ("narrate", ["none"], "no roll"),
        ("narrate", [], "no roll"),
    ],
)
def test_every_turn_has_one_kind(task: str, outcomes: list[str], kind: str) -> None:
    assert turn_kind(task, outcomes) == kind


def test_the_eval_counts_kinds_as_the_app_chooses_them() -> None:
    assert faithfulness_kinds.KINDS == KINDS
    assert faithfulness_kinds.turn_kind({"task": "oracle", "outcomes": ["yes"]}) == "oracle yes"
    assert faithfulness_kinds.turn_kind({"task": "pay_the_price", "outcomes": ["miss"]}) == "Pay the Price"


@pytest.mark.parametrize(
    ("text", "kinds", "unknown"),
    [
        (None, (), []),
        ("", (), []),
        ("all", (), []),
        ("oracle-yes", ("oracle yes",), []),
        ("Weak_Hit; oracle yes, weak hit", ("weak hit", "oracle yes"), []),
        ("price, yes", ("oracle yes", "Pay the Price"), []),
        ("oracle yes, sometimes", ("oracle yes",), ["sometimes"]),
        ("sometimes", (), ["sometimes"]),
        ("none", ("none",), []),
    ],
)
def test_the_setting_names_kinds_in_the_words_of_the_report(text: str | None, kinds: tuple[str, ...], unknown: list[str]) -> None:
    assert parse_kinds(text) == (kinds, unknown)


def test_no_setting_tells_every_kind_and_none_tells_no_kind() -> None:
    assert all(model_tells((), "narrate", [o]) for o in ("strong_hit", "miss", "none"))
    assert not model_tells(("none",), "oracle", ["yes"])
    assert model_tells(("oracle yes",), "oracle", ["yes"]) and not model_tells(("oracle yes",), "oracle", ["no"])


def test_the_setting_is_read_and_a_word_naming_no_kind_is_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    assert LLMSettings().narrate_kinds == () and load_settings().llm.narrate_kinds == ()
    monkeypatch.setenv("TABLETOP_LLM_NARRATE_KINDS", "oracle yes, wek hit")
    with caplog.at_level(logging.WARNING, logger="assistant.config"):
        assert load_settings().llm.narrate_kinds == ("oracle yes",)
    assert "wek hit names no kind of turn" in caplog.text and "weak hit" in caplog.text


# ---- against an OpenAI-compatible endpoint ---------------------------------------------------------------------


def _session(url: str, home: Path, kinds: tuple[str, ...]) -> ChatSession:
    if "kinds-saga" not in {c.name for c in service.list_campaigns()}:
        service.create_campaign("kinds-saga", "starforged", seed=9)
    llm = LLMSettings(base_url=url, model="stub", api_key=Secret(KEY), timeout=20.0, planning="off", narrate_kinds=kinds)
    return ChatSession.open("kinds-saga", settings=Settings(home=home, llm=llm), retrieve_rules=False)


def test_a_kind_left_out_is_told_in_the_engine_words_without_asking_the_model(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    session = _session(openai_stub.base_url, tmp_path, ("oracle yes",))
    turn = session.confirm(STRONG_HIT)
    assert turn.narrator == "template" and turn.narration
    no = session.confirm(ORACLE_NO)
    assert no.narrator == "template" and no.narration
    assert not [r for r in openai_stub.requests if r.messages]  # the model was never asked


def test_a_kind_named_is_the_model_s_to_tell(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    openai_stub.add_text("Dust drifts in the hatch's light.")
    session = _session(openai_stub.base_url, tmp_path, ("oracle yes",))
    turn = session.confirm(ORACLE_YES)
    assert turn.results[0].outcome == "yes"
    assert turn.narrator.startswith("llm") and "Dust drifts" in turn.narration
    assert [r for r in openai_stub.requests if r.messages]


def test_with_no_setting_every_kind_is_the_model_s(openai_stub: OpenAIStub, tmp_path: Path) -> None:
    openai_stub.add_text("Wind tugs at the frayed ropes.")
    turn = _session(openai_stub.base_url, tmp_path, ()).confirm(STRONG_HIT)
    assert turn.narrator.startswith("llm") and "frayed ropes" in turn.narration
