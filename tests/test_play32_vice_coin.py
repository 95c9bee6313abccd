"""Round 32 in Blades: coin spent after Indulge Vice says why it does not raise that roll, in the move's own reading
(it said "your last move, Indulge Vice, was not one", though Indulge Vice is a downtime activity)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_coin_after_a_vice_roll_says_why_it_does_not_raise_it() -> None:
    session, dice = open_campaign("Vice coin", "blades")
    session.send("/set coin 3")
    session.send("/set stress 4")
    turn = session.send("I visit the gambling den to blow off steam")
    dice.queue(3, 2)
    session.confirm(next(s for s in turn.suggestions if s.move == "Indulge Vice"))
    refused = session.send("spend 1 coin")
    assert refused.kind == "error", refused.narration
    assert "was not one" not in refused.error and "a vice roll clears stress by its die" in refused.error, refused.error
    assert session.reload().active()["coin"] == 3
