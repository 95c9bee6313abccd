"""A turn drawn live (streamed) and the same turn drawn again from the log put each part in the same place of its chat
bubble. Streamlit replaces a page's elements by position and leaves the ones a rerun has not reached yet on the page
until the run ends; with an LLM narrating the next turn for 10–40 s, a bubble drawn with one element fewer showed the
last one twice meanwhile ("Moves that fit: …" twice, a narration under its own copy)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def _places(bubble: Any) -> list[tuple[str, str]]:
    """Each child of a chat bubble, in order: its kind and its text (blocks by kind alone)."""
    out = []
    for child in bubble.children.values():
        value = getattr(child, "value", None)
        out.append((type(child).__name__, value if isinstance(value, str) else ""))
    return out


def _assistant_bubbles(at: AppTest) -> list[Any]:
    return [m for m in at.chat_message if m.name == "assistant"]


def _new_campaign(seed: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="new_campaign_name").set_value("Same places")
    at.selectbox(key="new_campaign_system").set_value("starforged")
    at.text_input(key="new_campaign_seed").set_value(seed)
    at.button(key="create_campaign").click().run()
    return at


@pytest.mark.parametrize(
    "typed",
    [
        "I search the derelict for clues to where they took him",  # the moves that fit (a listing)
        "/roll face danger +edge",  # a card and its narration
    ],
)
def test_a_streamed_turn_keeps_its_places_when_drawn_from_the_log(typed: str) -> None:
    at = _new_campaign("7")
    at.chat_input(key="chat_text").set_value(typed).run()
    assert not at.exception
    live = _places(_assistant_bubbles(at)[-1])
    at.chat_input(key="chat_text").set_value("/help").run()  # another turn: the first is drawn from the log now
    assert not at.exception
    logged = _places(_assistant_bubbles(at)[-2])
    assert len(logged) >= len(live), (live, logged)
    for (kind, text), (kind_then, text_then) in zip(logged, live, strict=False):
        assert kind == kind_then, (live, logged)
        if text_then:
            assert text == text_then, (live, logged)


def test_the_transcript_window_moves_in_steps_and_keeps_the_newest_turns() -> None:
    from assistant.ui.components.transcript import WINDOW_STEP, window_start

    assert window_start(12, 30) == 0
    assert window_start(39, 30) == 0
    assert window_start(40, 30) == 10
    starts = [window_start(n, 30) for n in range(0, 200)]
    for n, start in enumerate(starts):
        assert n - start >= min(n, 30)  # at least the newest 30 drawn
        assert n - start < 30 + WINDOW_STEP  # and never many more
    moves = sum(1 for a, b in zip(starts, starts[1:], strict=False) if a != b)
    assert moves <= 200 // WINDOW_STEP  # the drawn turns keep their places between the steps
