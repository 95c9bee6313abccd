# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""An LLM endpoint typed in the app's Settings that accepts and never answers: the turn ends by its deadline with the
offline narration, and the page says why once, in words the player can act on: no "TABLETOP_LLM_TIMEOUT" (a server
setting the player cannot reach from the page), no "timeout:" label before the sentence, and not a second, vaguer
line under it. The key typed in is in nothing the turn shows."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.narration import UNAVAILABLE_NOTE
from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings, visitor_llm
from assistant.llm_errors import describe
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

KEY = "sk-typed-in-the-app-0123456789"
TIMEOUT = 2.0
SLACK = 5.0
"""How far past its timeout a turn may end (a hang guard, not a speed test)."""
STRONG_HIT = {"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]}


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _silent_turn(stub: OpenAIStub, home: Path, llm: LLMSettings) -> tuple[Any, float]:
    for _ in range(2):  # the draft and (if there is time) its retry: accepted, never answered
        stub.add_text("never sent", delay=60)
    service.create_campaign("silent-saga", "starforged", seed=3)
    session = ChatSession.open("silent-saga", settings=Settings(home=home, llm=llm), retrieve_rules=False)
    start = time.monotonic()
    turn = session.confirm(STRONG_HIT)
    return turn, time.monotonic() - start


def _unavailable(turn: Any) -> list[str]:
    return [n for n in turn.notes if n.startswith(UNAVAILABLE_NOTE)]


def test_an_endpoint_typed_in_settings_that_never_answers_says_what_the_player_can_do(
    openai_stub: OpenAIStub, tmp_path: Path
) -> None:
    server = LLMSettings(timeout=TIMEOUT, planning="off")
    llm = visitor_llm(server, base_url=openai_stub.base_url, model="stub", api_key=Secret(KEY))
    assert llm.url_from == "app"
    turn, took = _silent_turn(openai_stub, tmp_path, llm)
    assert turn.kind == "action" and turn.results[0].outcome == "strong_hit"
    assert turn.narrator == "template-fallback" and turn.narration
    assert took < TIMEOUT + SLACK
    notes = _unavailable(turn)
    assert len(notes) == 1, turn.notes
    assert "did not start answering in time" in notes[0] and "try a faster model in Settings" in notes[0], notes
    assert "TABLETOP_" not in notes[0] and "timeout:" not in notes[0], notes
    assert KEY not in str(turn.to_dict())


def test_an_endpoint_from_the_environment_still_names_the_variable_that_sets_the_wait(
    openai_stub: OpenAIStub, tmp_path: Path
) -> None:
    llm = LLMSettings(base_url=openai_stub.base_url, model="stub", api_key=Secret(KEY), timeout=TIMEOUT, planning="off")
    turn, took = _silent_turn(openai_stub, tmp_path, llm)
    assert took < TIMEOUT + SLACK
    notes = _unavailable(turn)
    assert len(notes) == 1 and "raise TABLETOP_LLM_TIMEOUT or use a faster model" in notes[0], turn.notes
    assert "timeout:" not in notes[0]


@pytest.mark.parametrize(
    ("url_from", "advice"),
    [("app", "try a faster model in Settings"), ("environment", "raise TABLETOP_LLM_TIMEOUT")],
)
def test_a_timeout_is_described_with_the_setting_the_player_used(url_from: str, advice: str) -> None:
    words = describe(TimeoutError("read timed out"), url_from).words
    assert advice in words and "in time" in words, words


def _draw(notes: list[str]) -> AppTest:
    def script(notes: list[str]) -> None:
        from assistant.chat.turn import Turn
        from assistant.ui.components.turn_view import render_turn_body

        render_turn_body(Turn(kind="action", narration="The airlock hisses.", narrator="template-fallback", notes=notes))

    app = AppTest.from_function(script, args=(notes,), default_timeout=60)
    app.run()
    assert not app.exception, app.exception
    return app


def test_the_page_says_once_why_the_narration_is_offline() -> None:
    reason = (
        f"{UNAVAILABLE_NOTE}: the model did not start answering in time (try a faster model in Settings); "
        "showing the offline narration."
    )
    captions = [c.value for c in _draw([reason]).caption]
    assert captions == [reason], captions
    # a later turn of the same session (the reason said once a session) still says the narration is offline
    later = [c.value for c in _draw([]).caption]
    assert len(later) == 1 and "offline narration shown" in later[0], later
