# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""The app shows the offline suggestions at once; the LLM's plan replaces the list when it arrives."""

from __future__ import annotations

import time

import pytest
from streamlit.testing.v1 import AppTest

from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.test_ui_app import APP, create_campaign, no_errors, play_action


def _labels(at: AppTest) -> list[str]:
    return [b.label for b in at.button if b.key and b.key.startswith("suggestion_")]


def test_the_plan_replaces_the_offline_suggestions_when_it_arrives(
    openai_stub: OpenAIStub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("TABLETOP_LLM_BASE_URL", openai_stub.base_url)
    monkeypatch.setenv("TABLETOP_LLM_MODEL", "stub")
    monkeypatch.setenv("TABLETOP_LLM_PLANNING", "tools")
    monkeypatch.setenv("TABLETOP_LLM_TIMEOUT", "10")
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Gather Information", "stat": "wits"}}], delay=1)
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    create_campaign(at)
    play_action(at, "I sprint across the collapsing catwalk")
    offline = _labels(at)
    assert offline and not any("Gather Information" in label for label in offline)  # shown before the plan came
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and not any("Gather Information" in label for label in _labels(at)):
        time.sleep(0.5)
        at.run()
        no_errors(at)
    assert _labels(at)[0].startswith("Roll Gather Information")
