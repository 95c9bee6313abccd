"""Round 32: the city game's Use a Secret with no secret on the sheet ("When you use secret knowledge") is not offered,
and the player is told they know none and how to put one on the sheet (it rolled with advantage on nothing); with a
secret known it is offered and rolls as before."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_no_secret_known_is_said_with_how_to_get_one() -> None:
    session, _dice = open_campaign("No secret", "city")
    turn = session.send("I use a secret on the guildmaster")
    assert "Use a Secret" not in [s.move for s in turn.suggestions]
    said = " ".join(turn.notes)
    assert "you know no secret" in said and "/add secret" in said, turn.notes


def test_a_secret_known_makes_use_a_secret_roll_with_advantage() -> None:
    session, dice = open_campaign("A secret", "city")
    assert session.send("/add secret Donatella loves Arvel").kind != "error"
    turn = session.send("I use a secret on Donatella")
    offered = next(s for s in turn.suggestions if s.move == "Use a Secret")
    dice.queue(4, 5, 6)
    rolled = session.confirm(offered)
    assert rolled.results[0].outcome == "strong_hit", rolled.narration
    assert "kept the best two" in rolled.narration
