# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""A narration whose turn deadline comes before the story begins is told to the player as the narrator taking too long
(with what to do), and the offline story is shown: never as "the model returned no text". Three endpoints that send no
story before the deadline: one that never answers, one that opens its stream and then sends nothing, and one that sends
a first word (held back: it could begin a copied "You:" line) and then nothing. In the app, the same words show under
the move's card."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401
from tests.test_llm_deadlines import STRONG_HIT, _session
from tests.test_ui_app import APP, create_campaign, no_errors, play_action

TIMEOUT = 2.0
TOO_LONG = "The narrator was unavailable: the model did not"  # "... start answering in time" / "... answer in time"


def _silent(stub: OpenAIStub) -> None:
    stub.add_text("never sent", delay=30)


def _opened_then_nothing(stub: OpenAIStub) -> None:
    stub.add_text("You vault the gap.", chunks=["You vault the gap."], chunk_delay=30)  # the role delta, then silence


def _a_word_then_nothing(stub: OpenAIStub) -> None:
    stub.add_text("You vault the gap.", chunks=["You", " vault the gap."], chunk_delay=1.2)


@pytest.mark.parametrize("script", [_silent, _opened_then_nothing, _a_word_then_nothing])
def test_no_story_before_the_deadline_is_said_as_too_slow(
    openai_stub: OpenAIStub, tmp_path: Path, script: Callable[[OpenAIStub], None]
) -> None:
    for _ in range(3):
        script(openai_stub)
    session = _session(openai_stub.base_url, tmp_path, TIMEOUT)
    started = time.monotonic()
    turn = session.confirm(STRONG_HIT)
    assert time.monotonic() - started < TIMEOUT + 5
    assert turn.narrator == "template-fallback" and "strong hit" in turn.narration  # the offline story
    notes = " ".join(turn.notes)
    assert TOO_LONG in notes and "in time" in notes and "TABLETOP_LLM_TIMEOUT" in notes, notes
    assert "no text" not in notes and "returned" not in notes, notes
    assert session.reload().moves == 1


def test_the_app_says_the_narrator_took_too_long_under_the_card(openai_stub: OpenAIStub, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("TABLETOP_LLM_BASE_URL", openai_stub.base_url)
    monkeypatch.setenv("TABLETOP_LLM_MODEL", "stub")
    monkeypatch.setenv("TABLETOP_LLM_PLANNING", "tools")
    monkeypatch.setenv("TABLETOP_LLM_TIMEOUT", "3")
    openai_stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "edge"}}])
    for _ in range(3):
        _opened_then_nothing(openai_stub)
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    create_campaign(at)
    play_action(at, "I sprint across the collapsing catwalk")
    at.button(key="suggestion_0").click().run()
    no_errors(at)
    captions = [str(c.value) for c in at.caption]
    said = [c for c in captions if c.startswith(TOO_LONG)]
    assert len(said) == 1 and "showing the offline narration" in said[0], captions
    assert not any("no text" in c for c in captions), captions
