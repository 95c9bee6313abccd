"""Round 13 of a Starforged fight played through the chat: a strike in a bad spot offers Clash first (as the note
says) and the move picked instead is not told as the strike; "I end the fight" offers Take Decisive Action, not End a
Session."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _fight(name: str) -> tuple[object, object]:
    session, dice = open_campaign(name, "starforged")
    fray = play(session, dice, "a raider jumps me in the hangar", 3, 4, 7)  # 3 + edge 3 = 6: a weak hit
    assert fray.results[0].move == "Enter the Fray", fray.results[0].move
    return session, dice


def test_a_strike_in_a_bad_spot_offers_clash_first_and_another_move_is_not_told_as_a_strike() -> None:
    session, dice = _fight("Bad Spot")
    session.send("/choose 1")  # +2 momentum, in a bad spot
    assert session.reload().active()["position"] == "bad_spot"  # type: ignore[index]
    offered = session.send("I strike the raider again")
    moves = [s.move for s in offered.suggestions]
    assert moves[0] == "Clash" and "Strike" not in moves, moves
    assert any(n.endswith("Make Clash instead.") for n in offered.notes), offered.notes
    other = next(s for s in offered.suggestions if s.move != "Clash")  # in a fight, React Under Fire (not Face Danger)
    dice.queue(5, 2, 3)
    told = session.confirm(other)
    assert told.kind == "action", told.error
    assert "strike" not in told.narration.lower(), told.narration
    assert_store_matches_card(session, told)


def test_ending_the_fight_offers_take_decisive_action_not_end_a_session() -> None:
    session, _ = _fight("The End")
    session.send("/choose 2")  # in control
    offered = session.send("I end the fight")
    moves = [s.move for s in offered.suggestions]
    # round 28: a sure miss on the empty track, offered after the moves that can hit
    assert "Take Decisive Action" in moves and "End a Session" not in moves, moves
