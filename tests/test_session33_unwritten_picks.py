"""Round 33: Steer Clear's weak hit, "from your hiding place you saw something that challenged one of your beliefs
... mark the belief" picked by number, told the player "Belief: Steer Clear: weak hit (the belief not named)." — the
engine's bookkeeping reason, not words a player reads — and dropped the engine's note saying what to do. A change a
pick could not write is told by that note, as the roll's own card does."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_pick_that_names_no_belief_says_what_to_do() -> None:
    session, dice = open_campaign("Hiding place", "city")
    turn = session.send("I lay low in the ward, avoiding the Magistrate's patrols")
    steer = next(s for s in turn.suggestions if s.move == "Steer Clear")
    dice.queue(2, 5)  # 7: a weak hit, pick two
    assert session.confirm(steer).open_choices
    picked = session.send("/choose 2")
    assert picked.kind != "error", picked.error
    assert "not named)" not in picked.narration and "Belief: Steer Clear" not in picked.narration, picked.narration
    assert "You have no belief on your sheet, so nothing is written yet: there is none to mark" in picked.narration
    assert picked.violations == [], picked.violations
    assert session.reload().active()["beliefs"] == []
