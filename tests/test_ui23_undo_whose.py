"""Round 23, the app's transcript: the undo of Mara's move read "↩ Undone: Face Danger", as if it had been the one
playing's, while the chat's undo line says "Mara's". The transcript's note now says whose move it was when it was
rolled with another character's sheet; the one playing's stays as it was."""

from __future__ import annotations

import pytest

from assistant.store import service
from assistant.ui.components.transcript import group_turns
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _notes(name: str) -> list[str]:
    events = service.campaign_events(name)
    return [p.text for t in group_turns(events) for p in t.parts if p.kind == "note"]


def test_undoing_maras_move_says_it_was_hers_and_mine_says_nothing_more() -> None:
    session, dice = open_campaign("Whose undo", "elegy")
    assert session.send("/character add Mara dexterity=3").kind != "error"
    offered = session.send("Mara sneaks past the hunters")
    theirs = offered.suggestions[0]
    assert theirs.request.get("character_id") not in (None, session.state.active_character), theirs.request
    dice.queue(5, 1, 2)
    assert session.confirm(theirs).kind == "action"
    undone = session.undo()
    assert "Mara's" in undone.narration, undone.narration
    dice.queue(5, 1, 2)
    assert session.send("/roll face danger +heart").kind == "action"
    assert session.undo().kind == "command"
    notes = [n for n in _notes("Whose undo") if n.startswith("↩ Undone")]
    assert notes == [f"↩ Undone: Mara's {theirs.move}", "↩ Undone: Face Danger"], notes
