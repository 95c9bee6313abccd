"""Played through the chat: a blow the character takes is not their attack (Endure Harm, not Strike), and "no
thanks" leaves an optional offer but not a pick the rules require."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("blow", ["the raider shoots me", "he hits me with his rifle butt", "the raider attacks me"])
def test_a_blow_taken_in_a_fight_suggests_endure_harm_not_strike(blow: str) -> None:
    session, dice = open_campaign("void", "starforged")
    play(session, dice, "a raider ambushes me, I draw my blaster", 6, 1, 1)  # Enter the Fray: in control
    taken = session.send(blow)
    moves = [s.move for s in taken.suggestions]
    assert moves[0] == "Endure Harm" and "Strike" not in moves, moves
    assert [s.move for s in session.send("I shoot the raider").suggestions][0] == "Strike"  # the hero's own blow


def test_no_thanks_leaves_an_optional_offer_and_none_keeps_a_required_pick() -> None:
    session, dice = open_campaign("void", "starforged")
    session.send("/set health 3")
    dice.queue(3, 9, 2)  # action 3 + health 2 = 5 against 9 and 2: a weak hit ("you may Lose Momentum ...")
    session.send("/roll endure harm amount=1 resist=true")
    left = session.send("no thanks")
    assert left.kind == "command" and left.narration.startswith("You leave Endure Harm's offer"), left.narration
    assert session.reload().active()["momentum"] == 2
    assert "not something I can read as an action" in session.send("no thanks").narration  # nothing is open now
    dice.queue(1, 9, 10)  # a miss: "Choose one" — the rules do not leave it out
    session.send("/roll endure harm amount=1 resist=true")
    kept = session.send("none")
    assert kept.kind == "error" and "does not leave this out" in kept.error and kept.open_choices, kept.error
    assert "1. Suffer an additional -1 health; 2. Lose Momentum (-2)" in kept.error
    picked = session.send("2")
    assert picked.kind == "action" and session.reload().active()["momentum"] == 0, picked.error


def test_a_misspelt_move_name_still_names_it_even_when_only_a_miss_is_possible() -> None:
    session, _ = open_campaign("void", "starforged")
    session.send("/track formidable Rescue the colonists")
    session.send("/progress rescue the colonists")  # 1 box: Fulfill Your Vow can only miss
    offered = session.send("i try to fullfil my vow")
    assert offered.suggestions[0].move == "Fulfill Your Vow", [s.move for s in offered.suggestions]
