"""A vow undone on a missed Fulfill Your Vow, played through the chat: giving up is told as the choice ("You choose: give
up on the quest."), not with the option's follow-up read after a second colon, and Forsake Your Vow comes next."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_giving_up_a_vow_undone_reads_as_one_choice() -> None:
    session, dice = open_campaign("Undone", "starforged")
    assert session.send("/track dangerous Find the lost envoy").kind != "error"
    dice.queue(9, 10)  # progress 0 against 9 and 10: a miss
    missed = session.send("/roll fulfill your vow")
    assert missed.kind == "action", missed.error
    assert missed.results[0].outcome == "miss", missed.results[0].outcome
    chosen = session.send("/choose 1")
    assert chosen.kind == "action", chosen.error
    assert "You choose: give up on the quest." in chosen.narration, chosen.narration
    assert "quest: Forsake" not in chosen.narration, chosen.narration
    assert "Next: Forsake Your Vow." in chosen.narration, chosen.narration  # the move comes next, on the card
    assert_store_matches_card(session, chosen)
