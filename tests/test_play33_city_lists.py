"""Round 33 in the city game: a refusal while the Magistrate's reaction and consequence wait says how the numbers run
down the two unnumbered lists the app shows, naming each list (it said "/choose a number from 1 to 12")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_refusal_names_both_lists_and_their_numbers() -> None:
    session, dice = open_campaign("Two lists", "city")
    offered = session.send("I order the dockhand to open the gate")
    dice.queue(4, 4)  # a weak hit: a weak reaction and the Magistrate's consequence, six each
    session.confirm(next(s for s in offered.suggestions if s.move == "Direct Someone to Act"))
    refused = session.send("/roll get your bearings")  # the next move waits for the pick (a sheet edit is kept)
    said = refused.error or ""
    assert refused.kind == "error" and "a number from 1 to 12" not in said, said
    assert "1 to 6 for “You pick a weak reaction”; 7 to 12 for “They (the Magistrate) pick a consequence”" in said, said
    picked = session.send("/choose 7")  # the count down the lists: the consequence list's first option
    assert "reveal your intentions" in picked.narration.lower(), picked.narration
