"""Round 8 of the city game played through the chat: Use Power asks whether you have a connection to the
neighborhood before it rolls (+1 or -2, as the move says) instead of rolling without it and telling you after."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_use_power_asks_for_the_connection_before_the_roll_and_applies_it() -> None:
    session, dice = open_campaign("Power City", "city")
    offered = session.send("I use my power to open the sealed vault")
    assert offered.suggestions[0].move == "Use Power", [s.move for s in offered.suggestions]
    asked = session.confirm(offered.suggestions[0])
    assert asked.question is not None and not asked.results, asked.narration
    assert "Do you have a connection to this neighborhood (+1 if you do, -2 if you do not)?" in asked.narration
    dice.queue(4, 4)
    rolled = session.send("no")
    card = rolled.narration
    assert "Rolled 4 + 4 - 2 = 6: a miss" in card and "-2: you have no connection" in card, card
    assert "unknown" not in card, card
    session.send("/undo")
    session.send("/add connection Tanner's Row")
    session.send("/set neighborhood Tanner's Row")
    dice.queue(4, 4)
    sheet_says = session.confirm(session.send("I use my power to light every lamp on the street").suggestions[0])
    assert "Rolled 4 + 4 + 1 = 9: a weak hit" in sheet_says.narration, sheet_says.narration  # the sheet answers
