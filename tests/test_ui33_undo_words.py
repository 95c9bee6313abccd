"""The Undo button's line names what it took back in a player's words: "↩ Undone: the sheet edit (Name set to Ash)",
not "the last character updated" (the change's kind as the log stores it)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from streamlit.testing.v1 import AppTest

from assistant.ui.components.transcript import undone_words
from tests.test_ui_app import APP, create_campaign, no_errors, page_text


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_each_kind_of_change_is_named_in_words() -> None:
    edit = SimpleNamespace(reason="Name set to Ash")
    assert undone_words(edit, "character_updated") == "the sheet edit (Name set to Ash)"
    assert undone_words(SimpleNamespace(track={"name": "Find my sister"}), "track_created") == "the new track “Find my sister”"
    assert undone_words(SimpleNamespace(clock={"name": "Alarm"}, reason=""), "clock_updated") == "the clock change “Alarm”"
    assert undone_words(None, "something_new") == "the last action"


def test_the_undo_button_after_a_sheet_edit_says_what_it_took_back() -> None:
    app = AppTest.from_file(str(APP), default_timeout=60)
    app.run()
    create_campaign(app, name="Undo Words")
    app.chat_input(key="chat_text").set_value("/set name Ash").run()
    no_errors(app)
    app.button(key="undo").click().run()
    no_errors(app)
    text = page_text(app)
    assert "Undone: the sheet edit" in text, text[-2000:]
    assert "character updated" not in text and "character_updated" not in text
