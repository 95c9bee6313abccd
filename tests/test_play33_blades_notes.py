"""Round 33 in Blades: what was read from the player's words is noted in the chapter's words ("xp marked in Prowess",
"a loud operation, 4 heat"), not as option ids and values ("xp track prowess", "exposure loud")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _confirmed_notes(session, line: str, move: str) -> str:  # type: ignore[no-untyped-def]
    offered = session.send(line)
    made = session.confirm(next(s for s in offered.suggestions if s.move == move))
    return " ".join([*offered.notes, *made.notes])


def test_training_notes_the_xp_marked_in_prowess() -> None:
    session, _dice = open_campaign("Train words", "blades")
    notes = _confirmed_notes(session, "I train my prowess during downtime", "Train")
    assert "Read from your words: xp marked in Prowess (“prowess”)." in notes, notes
    assert "xp track" not in notes, notes


def test_heat_notes_a_loud_operation_and_killing_in_heat() -> None:
    session, _dice = open_campaign("Heat words", "blades")
    notes = _confirmed_notes(session, "we finished the score, it went loud and there were bodies", "Heat")
    assert "a loud operation, 4 heat (“loud”)" in notes and "killing was involved, +2 heat (“bodies”)" in notes, notes
    assert "exposure loud" not in notes, notes
