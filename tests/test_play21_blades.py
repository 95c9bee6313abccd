"""Round 21 of Blades downtime played through the chat: a visit to the doctor with no harm on the sheet says why
Recover is not offered (it was answered with Reduce Heat, a long-term project and Indulge Vice)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_doctor_with_no_harm_marked_says_why_recover_is_not_offered() -> None:
    session, _dice = open_campaign("Doctor", "blades")
    turn = session.send("I see the doctor about my broken arm")
    assert turn.kind == "action", turn.error
    assert not turn.suggestions, [s.move for s in turn.suggestions]
    assert any(n.startswith("Recover would change nothing now: you have no harm") for n in turn.notes), turn.notes


def test_the_doctor_with_harm_marked_offers_recover() -> None:
    session, _dice = open_campaign("Doctor harmed", "blades")
    assert session.send("/add harm 2 broken arm").kind != "error"
    turn = session.send("I see the doctor about my broken arm")
    assert turn.suggestions and turn.suggestions[0].move == "Recover", [s.move for s in turn.suggestions]
