"""Round 33 in Dungeon World: a move rolled while Bart's Hack & Slash still waits says his choice was left in his
words ("Bart's choice on Hack & Slash ... The attack does not leave them vulnerable ... what Bart picked stands"), and
the damage on the one playing as "Deal Damage on you" (it said "you" of Bart's picks and "on Your character")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_barts_open_pick_and_the_damage_on_me_are_told_in_the_players_words() -> None:
    session, dice = open_campaign("Left notes", "dungeon-world")
    session.send("/set class wizard")
    session.send("/set mana 3")
    session.send("/character add Bart class=barbarian")
    offered = session.send("bart charges at me swinging his greataxe")
    dice.queue(3, 6)  # 11: a strong hit, choose two
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    session.send("/choose 1")  # Bart deals his damage: Deal Damage on the one playing, not rolled yet
    cast = session.send("i cast magic missile at bart")
    dice.queue(2, 6)
    made = session.confirm(next(s for s in cast.suggestions if s.move == "Magic Missile"))
    notes = " ".join(made.notes)
    assert "Bart's choice on Hack & Slash was left open (The attack does not leave them vulnerable" in notes, notes
    assert "what Bart picked stands" in notes and "leave you vulnerable" not in notes, notes
    assert "Deal Damage on you was not rolled" in notes and "Your character" not in notes, notes


@pytest.mark.parametrize("said", ["/choose deal your combat damage", "/choose deal combat damage"])
def test_choose_takes_an_options_words_without_its_you(said: str) -> None:
    session, dice = open_campaign(f"Choose words {len(said)}", "dungeon-world")
    session.send("/character add Bart class=barbarian")
    offered = session.send("i hack at bart with my longsword")
    dice.queue(5, 2)  # 9: a weak hit, choose one
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    picked = session.send(said)
    assert picked.kind != "error", picked.error
    assert picked.narration.startswith("You choose: you deal your combat damage"), picked.narration
