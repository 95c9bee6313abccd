"""Dungeon World in the app, in the game's words: the sidebar's sheet names its marks as the sheet does
("Conditions and debilities", not "Impacts"), and the card of the player's blow dealt to Mara is the player's move on
Mara ("Deal Damage on Mara"), not hers ("Mara's Deal Damage"): read where the chat's undo line reads it."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, create_campaign, markdown, no_errors, open_page, play_action


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _confirm_top(app: AppTest) -> None:
    app.button(key="suggestion_0").click().run()
    no_errors(app)


def test_the_sheet_says_conditions_and_the_blow_on_mara_is_the_player_s() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, name="Duel Words", system="dungeon-world", seed="3")
    for line in ("/set name Arden", "/character add Mara class=bard", "/character play Arden"):
        play_action(app, line)
    text = markdown(app)
    assert "**Conditions and debilities:** none" in text and "**Impacts:**" not in text
    play_action(app, "I deal damage to Mara")
    _confirm_top(app)
    app.button(key="answer_0").click().run()  # the damage die: any die the buttons offer
    no_errors(app)
    text = markdown(app)
    assert "Deal Damage on Mara" in text, text[-3000:]
    assert "Mara's Deal Damage" not in text
    assert "What changed on Mara's sheet" in text  # the HP it took is still hers
    again = open_page("Duel Words")  # the log's card (a reload) reads the same
    text = markdown(again)
    assert "Deal Damage on Mara" in text and "Mara's Deal Damage" not in text


def test_the_undo_note_of_the_blow_on_mara_says_it_was_the_player_s() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, name="Duel Undo", system="dungeon-world", seed="3")
    for line in ("/set name Arden", "/character add Mara class=bard", "/character play Arden"):
        play_action(app, line)
    play_action(app, "I deal damage to Mara")
    _confirm_top(app)
    app.button(key="answer_0").click().run()
    app.button(key="undo").click().run()
    no_errors(app)
    notes = [c.value for c in app.caption if "Undone" in c.value]
    assert any("Undone: Deal Damage on Mara" in n for n in notes), notes
    assert not any("Mara's Deal Damage" in n for n in notes)


def test_damage_dealt_after_a_blow_on_mara_is_the_player_s_on_the_card_and_in_the_chat_s_undo() -> None:
    """'I deal damage' after Hack & Slash on Mara stores no target (the damage is aimed as the only other character):
    the card and the chat's undo line still read it as the player's, on Mara."""
    from assistant.chat.session import ChatSession
    from assistant.store import service

    service.create_campaign("Duel After", "dungeon-world", {"name": "Arden"}, seed=3)
    chat = ChatSession.open("Duel After")
    chat.send("/character add Mara class=bard")
    dealt = chat.confirm({"move": "deal_damage", "options": {"grit": 10}, "character_id": "mara"})
    assert dealt.kind != "error", dealt.error
    at = open_page("Duel After")
    text = markdown(at)
    assert "Deal Damage on Mara" in text and "Mara's Deal Damage" not in text, text[-1500:]
    undone = chat.undo()
    assert "your Deal Damage on Mara" in (undone.narration or ""), undone.narration
