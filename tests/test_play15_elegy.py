"""Round 15 of an Elegy session played through the chat: marking progress on an elegy sung already offers Reach a
Milestone first (it offered a sure-miss Conclusion Roll and a new Sing an Elegy), and making it marks the track."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("words", ["I mark progress on my elegy", "I made real progress on destroying the Prince"])
def test_progress_on_an_elegy_offers_reach_a_milestone_first(words: str) -> None:
    session, dice = open_campaign(f"Prince {words}", "elegy")
    session.send("/track dangerous elegy Destroy the Prince")
    offered = session.send(words)
    assert offered.suggestions[0].move == "Reach a Milestone", [s.move for s in offered.suggestions]
    marked = session.confirm(offered.suggestions[0])
    assert marked.kind == "action", marked.error
    assert "Progress on Destroy the Prince: 0 → 8 ticks." in marked.narration, marked.narration
    assert_store_matches_card(session, marked)
    assert track_named(session, "Destroy the Prince")["ticks"] == 8
