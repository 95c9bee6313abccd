"""Round 34 in Starforged: words that say a fight is over are not a new fight. After a lost fight "i am done with the
fight, the drones are scrap" offered Enter the Fray on "The drones"; while the fight is on, the same words claim its
end, which Take Decisive Action decides ("When you seize an objective in a fight"). The Dungeon World variant has no
move that ends a fight: "duke is knocked out, the fight is over" offered Duke's Your Turn Begins and Saving Throw."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")

OVER = ["i am done with the fight, the drones are scrap", "the fight is over", "the fight is over, i walk back to my ship"]


def _fight(name: str):  # type: ignore[no-untyped-def]
    session, dice = open_campaign(name, "starforged")
    play(session, dice, "the raider drones attack me", 6, 1, 1)
    play(session, dice, "i strike the drones", 6, 1, 1)  # 8 ticks: two boxes
    return session, dice


@pytest.mark.parametrize("line", OVER)
def test_a_lost_fight_is_not_entered_again(line: str) -> None:
    session, dice = _fight(f"Lost {len(line)}")
    lost = play(session, dice, "i go for the kill, take them down", 9, 10)
    assert lost.results[0].move == "Take Decisive Action" and lost.results[0].outcome.value == "miss"
    offered = session.send(line)
    moves = [s.move for s in offered.suggestions]
    assert "Enter the Fray" not in moves and "Battle" not in moves, moves
    assert not set(moves) & {"React Under Fire", "Clash", "Strike", "Gain Ground"}, moves
    assert "has no End the Fight move" in offered.narration and "already won or lost is over" in offered.narration


def test_a_fight_still_on_keeps_its_moves_beside_the_note() -> None:
    session, _dice = _fight("Still on")
    offered = session.send("the fight is over")
    assert offered.suggestions and offered.suggestions[0].move == "Take Decisive Action", offered.narration


@pytest.mark.parametrize("line", ["duke is knocked out, the fight is over", "duke yields", "i won the duel"])
def test_a_duel_over_is_no_blow_to_strike(line: str) -> None:
    session, _dice = open_campaign(f"Duel over {len(line)}", "dungeon-world")
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send(line)
    assert not offered.suggestions, [s.move for s in offered.suggestions]
    assert "has no End the Fight move: the fight is over when the GM says so" in offered.narration, offered.narration
    assert "Duke's" not in offered.narration and "note" not in offered.narration.lower(), offered.narration


def test_the_words_claim_the_end_of_a_fight_still_on() -> None:
    session, _dice = _fight("Claimed")
    offered = session.send(OVER[0])
    assert offered.suggestions[0].move == "Take Decisive Action", [s.move for s in offered.suggestions]
    assert "Enter the Fray" not in [s.move for s in offered.suggestions]
