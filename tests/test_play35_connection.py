"""Round 35 in Starforged: "i share a quiet moment with juno" with no connection on the sheet offered Secure an
Advantage, Face Danger and Check Your Gear. The bond begins with Make a Connection ("When you search out a new
relationship or give focus to an existing relationship (not an ally or companion)"), offered first, and the chat says
that Develop Your Relationship needs a connection; with Juno a connection, the same words are Develop Your
Relationship."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "line", ["i share a quiet moment with juno", "i bring juno a gift to show i care", "we have a drink with juno at the bar"]
)
def test_a_moment_with_no_connection_makes_one(line: str) -> None:
    session, dice = open_campaign(f"Moment {len(line)}", "starforged")
    offered = session.send(line)
    assert offered.suggestions[0].move == "Make a Connection", [s.move for s in offered.suggestions]
    said = " ".join(offered.notes)
    assert "Develop Your Relationship" in said and "no open connection" in said, offered.notes
    dice.queue(6, 1, 2)
    made = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, made)
    kept = [t for t in session.reload().tracks.values() if t.get("kind") == "connection"]
    assert [t["name"] for t in kept] == ["Juno"], kept  # the one met, not "Share a quiet moment with juno over drinks"


def test_with_juno_a_connection_the_moment_develops_it() -> None:
    session, _dice = open_campaign("Moment kept", "starforged")
    assert session.send("/track formidable connection Juno").kind != "error"
    offered = session.send("i share a quiet moment with juno")
    assert offered.suggestions[0].move == "Develop Your Relationship", [s.move for s in offered.suggestions]
    assert not any("no open connection" in n for n in offered.notes), offered.notes
