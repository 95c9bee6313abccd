"""The sidebar's sheet form saves before the page is drawn: the character picker above it names the new name in
the same run, and a save redraws the page once (it saved mid-page and asked for a second run, which left the picker
naming "Your character" on a Blades page where the edit had been made)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.store import service
from assistant.ui.views.sidebar import character_pick_key

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _picker_text(at: AppTest, campaign: str) -> str:
    box = at.sidebar.selectbox(key=character_pick_key(campaign))
    return str(box.format_func(box.value))


@pytest.mark.parametrize("system", ["blades", "dungeon-world"])
def test_a_rename_in_the_sheet_form_shows_in_the_picker_at_once(system: str, tmp_path: Path) -> None:
    runs = tmp_path / "runs.txt"
    campaign = f"Rename {system}"
    service.create_campaign(campaign, system, {}, seed=3)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception
    assert _picker_text(at, campaign) == "Your character"
    version = service.load_campaign(campaign).last_seq
    cid = service.load_campaign(campaign).active_character
    at.sidebar.text_input(key=f"sheet_edit_{cid}_{version}_name").set_value("Ash Renamed")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLETOP_UI_RUNS", str(runs))
        next(b for b in at.sidebar.button if b.label == "Save the sheet").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert service.load_campaign(campaign).characters[cid]["name"] == "Ash Renamed"
    assert _picker_text(at, campaign) == "Ash Renamed"
    assert runs.read_text().count("run") == 1  # the page drawn once for the save


def test_the_journal_s_export_folds_away_when_another_campaign_opens() -> None:
    from tests.test_ui_app import create_campaign

    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    create_campaign(at, name="First Journal")
    at.session_state["journal_form"] = True  # the player opened it to export the first campaign
    at.run()
    assert [e for e in at.sidebar.expander if e.label == "Export or import a journal"]
    create_campaign(at, name="Second Journal", system="elegy")
    assert at.session_state["journal_form"] is False
    at.session_state["journal_form"] = True
    at.run()
    at.sidebar.selectbox(key="campaign_pick").set_value("First Journal").run()
    assert at.session_state["journal_form"] is False
    assert not at.exception
