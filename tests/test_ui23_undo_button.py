"""Round 23, the app: "↩ Undo last action" was shown on a new campaign and after everything was undone, where a click
only said there was nothing to undo. It is shown only when an undo would take something back (the chat's
``can_undo``), and never for the campaign's only character."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.session_helpers import open_campaign

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def _undo_buttons(at: AppTest) -> list[object]:
    return [b for b in at.button if b.key == "undo"]


def test_the_undo_button_shows_only_when_there_is_something_to_undo() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="new_campaign_name").set_value("Undo button")
    at.selectbox(key="new_campaign_system").set_value("starforged")
    at.text_input(key="new_campaign_seed").set_value("7")
    at.button(key="create_campaign").click().run()
    assert not at.exception and not _undo_buttons(at)  # a new campaign: nothing to take back
    at.chat_input(key="chat_text").set_value("I sprint across the collapsing catwalk").run()
    at.button(key="suggestion_0").click().run()
    assert service.load_campaign("Undo button").moves == 1
    assert _undo_buttons(at)
    at.button(key="undo").click().run()
    assert not at.exception and service.load_campaign("Undo button").moves == 0
    assert not _undo_buttons(at)  # the only move undone: the button goes


@pytest.mark.usefixtures("hash_embedder")
def test_can_undo_follows_the_campaign() -> None:
    session, dice = open_campaign("Can undo", "starforged")
    assert not session.can_undo  # only the campaign's character: undo never removes it
    assert session.send("/character add Mara").kind != "error"
    assert session.can_undo
    assert session.undo().kind == "command"
    assert not session.can_undo
    dice.queue(5, 1, 2)
    assert session.send("/roll face danger +edge").kind == "action"
    assert session.can_undo
