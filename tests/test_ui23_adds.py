"""Round 23, the app: "Adds" and "Burn momentum" were drawn above suggestions none of which rolls as the sheet stands
(Endure Harm or Withstand Damage that leave the meter above 0 make no roll). A suggestion is counted as rolling by how
it rolls now, so the adds and the burn show only when a suggested move can take them."""

from __future__ import annotations

import pytest

from assistant.ui.components.suggestions import rolled_as, takes_adds
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("typed", "no_roll"), [("I take 1 harm", "Endure Harm"), ("my ship takes 1 damage", "Withstand Damage")])
def test_a_move_with_no_roll_now_takes_no_adds(typed: str, no_roll: str) -> None:
    session, _ = open_campaign("Adds", "starforged")
    offered = session.send(typed).suggestions
    by_move = {s.move: s for s in offered}
    assert rolled_as(by_move[no_roll]) == "none", by_move[no_roll].odds_words
    assert not takes_adds([rolled_as(by_move[no_roll])])  # alone, no adds nor burn are drawn
    rolling = [s for s in offered if s.move != no_roll]
    assert rolling and takes_adds([rolled_as(s) for s in offered])  # beside a move that rolls, they are


def test_a_move_that_rolls_when_the_harm_would_bring_it_to_zero() -> None:
    session, _ = open_campaign("Adds low", "starforged")
    assert session.send("/set health 1").kind != "error"
    endure = next(s for s in session.send("I take 2 harm").suggestions if s.move == "Endure Harm")
    assert rolled_as(endure) == "action", endure.odds_words
