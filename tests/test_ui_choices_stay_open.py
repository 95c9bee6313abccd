"""The app: a move's open choice stays on the page after a turn that rolls nothing (``/sheet``, ``/help``). After
Fulfill Your Vow's weak hit and a ``/sheet``, the "Choose one" panel had gone (the choice was still open: a reload
showed it again), leaving the player to type ``/choose``."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def _choices(at: AppTest) -> list[str]:
    """The labels of the open choices' radios (the page has other radios: the narration style)."""
    return [str(r.label) for r in at.radio if str(r.key or "").startswith("choice_")]


def _open_campaign() -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="new_campaign_name").set_value("Choice kept")
    at.selectbox(key="new_campaign_system").set_value("starforged")
    at.text_input(key="new_campaign_seed").set_value("1")
    at.button(key="create_campaign").click().run()
    return at


@pytest.mark.parametrize("command", ["/sheet", "/help"])
def test_an_open_choice_stays_after_a_turn_that_rolls_nothing(command: str) -> None:
    at = _open_campaign()
    at.chat_input(key="chat_text").set_value("/roll secure an advantage +wits").run()
    assert not at.exception
    before = _choices(at)
    assert before, "the roll left no choice open (the seed's dice changed?)"
    at.chat_input(key="chat_text").set_value(command).run()
    assert not at.exception
    assert _choices(at) == before
    assert any(b.label == "Confirm choice" for b in at.button)


def test_a_choice_made_is_not_offered_again_after_a_command() -> None:
    at = _open_campaign()
    at.chat_input(key="chat_text").set_value("/roll secure an advantage +wits").run()
    assert _choices(at)
    at.chat_input(key="chat_text").set_value("/choose 1").run()
    at.chat_input(key="chat_text").set_value("/sheet").run()
    assert not at.exception
    assert not _choices(at)
