"""Round 34 in Starforged: "/progress" alone, while Fulfill Your Vow's required pick waited, was refused as a change
("... still waits for a pick the rules require ... Make it before changing the sheet, a track or a clock"); alone it
only lists the tracks, as "/track" alone does, and lists them. Marking progress is kept over the pick (an edit made while
a pick waits is carried), and the pick still waits."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_listing_the_tracks_is_no_change_over_a_pick() -> None:
    session, dice = open_campaign("Lists over a pick", "starforged")
    assert session.send("/track dangerous Protect the colony").ok
    session.send("/set health 0")
    offered = session.send("the raider's knife cuts me deep, serious harm")
    dice.queue(5, 8, 8)  # a miss: picks the rules require
    session.confirm(next(s for s in offered.suggestions if s.move == "Endure Harm"))
    for line in ("/progress", "/track"):
        listed = session.send(line)
        assert listed.kind != "error", listed.error
        assert "Protect the colony (dangerous vow): 0/10 boxes" in listed.narration, listed.narration
    marked = session.send("/progress protect the colony")
    assert marked.kind != "error", marked.error
    assert "still waits for a pick the rules require" in session._choice_open_note()
