"""Round 33: a sheet question ("how much health do I have?") asked while a move's question or pick waits is answered,
and the waiting question is asked again (it was set aside: "2" then answered nothing)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_an_amount_asked_waits_through_a_sheet_question() -> None:
    session, _dice = open_campaign("Harm asked", "starforged")
    asked = session.send("/roll endure harm")
    assert asked.kind == "question", asked.narration
    told = session.send("how much health do I have?")
    assert told.kind == "question" and told.narration.startswith("Health is 5 on your character's sheet"), told.narration
    assert "Endure Harm needs the amount" in told.narration and not told.notes, (told.narration, told.notes)
    answered = session.send("2")
    assert answered.results and answered.results[0].move == "Endure Harm", answered.error
    assert session.reload().active()["health"] == 3


def test_a_pick_waits_through_a_sheet_question_and_is_asked_again() -> None:
    session, dice = open_campaign("Pick asked", "starforged")
    offered = session.send("I charge into the fray against the raiders")
    dice.queue(4, 1, 8)  # 4 + edge 3 = 7 against 1 and 8: a weak hit, choose one
    session.confirm(next(s for s in offered.suggestions if s.move == "Enter the Fray"))
    told = session.send("how much momentum do I have?").narration
    assert told.startswith("Momentum is 2") and "Enter the Fray still waits for your pick (1. Take +2 momentum" in told, told
    picked = session.send("1")
    assert picked.narration.startswith("You choose: take +2 momentum"), picked.narration
    assert session.reload().active()["momentum"] == 4
