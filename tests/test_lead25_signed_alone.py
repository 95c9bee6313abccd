"""A bare "+1" typed with no question open was read as an action ("Moves that fit: Heal…"): it plays nothing, says
what a bonus goes with, and changes nothing; where a question asks for a number, it still answers it."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign


@pytest.mark.parametrize("typed", ["+1", "-2", " +3 ", "+ 1"])
def test_a_signed_number_alone_plays_nothing_and_says_what_to_type(typed: str) -> None:
    session, _dice = open_campaign("signed", "starforged")
    before = session.reload().moves
    turn = session.send(typed)
    assert turn.kind == "meta" and not turn.results and not turn.suggestions
    assert "alone plays nothing" in turn.narration and "/roll" in turn.narration
    assert session.reload().moves == before


def test_with_moves_offered_it_says_how_to_pick_one_and_keeps_them() -> None:
    session, _dice = open_campaign("signed2", "starforged")
    offered = session.send("I creep through the derelict's dark corridor")
    assert offered.suggestions
    turn = session.send("+1")
    assert "type its number (1 to" in turn.narration and not turn.results
    picked = session.send("1")  # the moves offered are still there to pick
    assert picked.results and picked.results[0].move == offered.suggestions[0].move
