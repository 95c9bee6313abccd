"""The sidebar's sheet editor (AppTest): a form per system's sheet, saved as one undoable edit; adding a
character does not change who plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.store import service

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def _open(name: str, system: str, character: dict[str, object]) -> AppTest:
    service.create_campaign(name, system, character, seed=3)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def _save(at: AppTest) -> None:
    next(b for b in at.sidebar.button if b.label == "Save the sheet").click().run()
    assert not at.exception, [e.value for e in at.exception]


def test_the_sheet_editor_saves_changed_fields_as_one_edit() -> None:
    at = _open("Editor", "dungeon-world", {"name": "Felix"})
    version = service.load_campaign("Editor").last_seq
    at.number_input(key=f"sheet_edit_felix_{version}_max_hp").set_value(18)
    at.number_input(key=f"sheet_edit_felix_{version}_hp").set_value(15)
    at.selectbox(key=f"sheet_edit_felix_{version}_class").set_value("bard")
    _save(at)
    felix = service.load_campaign("Editor").characters["felix"]
    assert (felix["max_hp"], felix["hp"], felix["class"]) == (18, 15, "bard")
    assert any("Saved" in s.value and "HP 22 → 15" in s.value for s in at.sidebar.success)
    assert service.campaign_events("Editor")[-1].type == "character_updated"


def test_a_refused_value_is_said_in_plain_words_and_changes_nothing() -> None:
    at = _open("Refused", "starforged", {"name": "Kira"})
    version = service.load_campaign("Refused").last_seq
    at.multiselect(key=f"sheet_edit_kira_{version}_impacts").set_value(["wounded", "shaken"])
    at.number_input(key=f"sheet_edit_kira_{version}_momentum").set_value(10)
    _save(at)
    errors = [e.value for e in at.sidebar.error]
    assert any("Momentum is a whole number from -6 to 8" in e for e in errors), errors
    kira = service.load_campaign("Refused").characters["kira"]
    assert kira["impacts"] == [] and kira["momentum"] == 2


def test_city_lists_are_edited_one_entry_per_line_and_a_new_character_does_not_play() -> None:
    at = _open("Lists", "city", {"name": "Miabella", "beliefs": [{"text": "Old ways", "marked": True}]})
    version = service.load_campaign("Lists").last_seq
    at.text_area(key=f"sheet_edit_miabella_{version}_beliefs").set_value("Old ways\nThe Magistrate lies")
    _save(at)
    beliefs = service.load_campaign("Lists").characters["miabella"]["beliefs"]
    assert beliefs[0]["marked"] is True and beliefs[1] == "The Magistrate lies"  # the mark stays
    at.text_input(key="new_character_name").set_value("Donatella")
    at.button(key="add_character").click().run()
    camp = service.load_campaign("Lists")
    assert "donatella" in camp.characters and camp.active_character == "miabella"
    at.number_input(key=f"sheet_edit_donatella_{camp.last_seq}_heat").set_value(4)  # another character's editor
    next(b for b in at.sidebar.button if b.label == "Save the sheet" and "donatella" in str(b.form_id)).click().run()
    assert not at.exception
    camp = service.load_campaign("Lists")
    assert camp.characters["donatella"]["heat"] == 4 and camp.characters["miabella"]["heat"] == 0


def test_a_deal_damage_button_after_an_attack_resolves_on_the_target() -> None:
    from assistant.engine.model import FollowUp
    from assistant.ui.components.follow_ups import next_steps

    damage = FollowUp(kind="move", move="Deal Damage", request={"move": "deal_damage", "options": {"grit": 10}}, target="mara")
    (step,) = next_steps("dungeon-world", [damage], targets={"mara": "Mara"})
    assert step.label == "Deal Damage on Mara"
    assert step.action.payload == {"move": "deal_damage", "options": {"grit": 10}, "character_id": "mara"}
