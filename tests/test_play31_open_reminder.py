"""Round 31: the city game's Transit, a weak hit whose two consequences the rules require, repeated "Transit still
waits for a pick the rules require ..." under every line the player typed until the pick was made. It is said under
the first line that moves on; a move rolled before the pick is still refused, and says why."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

WAITS = "Transit still waits for a pick the rules require"


def test_the_required_pick_is_said_once_not_under_every_line() -> None:
    session, dice = open_campaign("Transit once", "city")
    turn = session.send("I hurry across the district to the guild hall")
    dice.queue(5, 4)
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Transit"))
    assert rolled.open_choices
    first = session.send("I look around the hall for the clerk")
    assert any(WAITS in n for n in first.notes), first.notes
    second = session.send("I ask the clerk about the ledger, quietly, so nobody hears")
    assert not any(WAITS in n for n in second.notes), second.notes
    refused = session.confirm(second.suggestions[0])  # the next move still waits for the pick, and says so
    assert refused.kind == "error" and WAITS in refused.error, refused.error
    picked = session.send("/choose 2 3")
    assert picked.kind != "error" and not picked.open_choices, picked.error
