"""A pick the rules require is not dropped by a change of who plays. Mara's spell failed in a Dungeon World duel ("Take
two penalties"); the player switched to Arden (``/character play Arden``, or the app's character picker) and the
penalties were gone: Arden's sheet change went through, and back as Mara, her next move too. Now a change of who plays
lies over the pick as a roll that is no move does: the next move is refused naming Mara's pick, a change to the sheet is
kept and carried by the pick, the pick can be made while Arden plays, and the app keeps its buttons on the page."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.store import service
from assistant.ui.views.sidebar import character_pick_key
from tests.test_ui_app import APP, _offline_fast, no_errors  # noqa: F401

MISS = {"move": "Cast a Spell (Wizard)", "stat": "int", "dice": [1, 2], "options": {"target": "pc1"}}


def _mara_missed(name: str) -> ChatSession:
    service.create_campaign(name, "dungeon-world", seed=4)
    session = ChatSession.open(name)
    for line in ("/set name Arden", "/character add Mara class=wizard", "/character play Mara", "/set mana 2"):
        assert session.send(line).kind != "error", line
    cast = session.confirm(MISS)
    assert cast.results[0].outcome == "miss" and cast.open_choices[0].required, cast.narration
    return session


def test_after_switching_to_arden_marias_penalties_still_come_first() -> None:
    session = _mara_missed("Duel")
    assert session.send("/character play Arden").kind == "command"
    before = service.load_campaign("Duel")
    refused = session.send("/roll hack & slash +str")
    said = refused.error or ""
    assert refused.kind == "error" and said.startswith("Mara's Cast a Spell (Wizard) still waits for a pick"), said
    assert "/choose 1" in said and "_" not in said, said
    after = service.load_campaign("Duel")
    assert (after.characters, after.clocks, after.moves) == (before.characters, before.clocks, before.moves)


@pytest.mark.parametrize("typed", ["/meter hp -3 cut", "/set armor 2", "/clock 4 The ogre wakes"])
def test_arden_s_bookkeeping_while_marias_penalties_wait_is_kept_through_her_pick(typed: str) -> None:
    session = _mara_missed("Kept " + typed)
    assert session.send("/character play Arden").kind == "command"
    assert session.send(typed).kind == "command"
    kept = service.load_campaign(session.campaign)
    assert session.send("/choose 2 3").kind == "action"  # Mara's penalties, made while Arden plays
    after = service.load_campaign(session.campaign)
    assert after.characters["pc1"] == kept.characters["pc1"] and after.clocks == kept.clocks  # Arden's, as changed
    mara = next(c for cid, c in after.characters.items() if cid != "pc1")
    assert "vulnerable" in str(mara).lower(), mara


def test_back_as_mara_her_next_move_waits_for_her_penalties() -> None:
    session = _mara_missed("Back")
    session.send("/character play Arden")
    session.send("/character play Mara")
    refused = session.send("/roll hack & slash +str")
    assert refused.kind == "error" and (refused.error or "").startswith("Cast a Spell (Wizard) still waits"), refused.error


def test_arden_playing_can_make_marias_pick_and_then_move_on() -> None:
    session = _mara_missed("Picked")
    session.send("/character play Arden")
    picked = session.send("/choose 2 3")  # a trance (vulnerable), and -1 ongoing to Cast a Spell
    assert picked.kind == "action", picked.error
    characters = service.load_campaign("Picked").characters
    mara = next(c for cid, c in characters.items() if cid != "pc1")
    assert "vulnerable" in str(mara).lower(), mara  # the trance is Mara's, on her sheet
    assert "vulnerable" not in str(characters["pc1"]).lower(), characters["pc1"]  # not Arden's, who plays now
    moved = session.send("/meter hp -3 cut")
    assert moved.kind != "error", moved.error


def test_the_app_keeps_the_pick_after_the_character_picker_switches() -> None:
    _mara_missed("Picker")
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Picker"
    at.run()
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button)
    at.selectbox(key=character_pick_key("Picker")).set_value("Arden").run()
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button), "the pick is still on the page while Arden plays"
    at.chat_input(key="chat_text").set_value("/meter hp -3 cut").run()  # bookkeeping: kept, the pick still open
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button)
