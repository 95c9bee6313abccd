"""Round 33 in Dungeon World: undoing the player's own Deal Damage on Bart says "Undone: your Deal Damage on Bart" (it
said "Bart's Deal Damage", naming whose sheet it changed as the one who made it)."""

from __future__ import annotations

import pytest

from tests.session_helpers import character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_undoing_my_damage_on_bart_says_it_was_mine_on_him() -> None:
    session, _dice = open_campaign("Undo damage", "dungeon-world")
    session.send("/character add Bart class=barbarian")
    turn = session.send("I deal 6 damage to Bart")
    dealt = session.confirm(next(s for s in turn.suggestions if s.move == "Deal Damage"))
    assert character_named(session, "Bart")["hp"] == 19, dealt.narration
    undone = session.send("/undo").narration
    assert undone.startswith("Undone: your Deal Damage on Bart"), undone
    assert "Bart's Deal Damage" not in undone, undone
    assert character_named(session, "Bart")["hp"] == 22


def test_undoing_barts_own_move_still_says_it_was_his() -> None:
    session, dice = open_campaign("Undo his", "dungeon-world")
    session.send("/character add Bart class=barbarian")
    turn = session.send("Bart hacks at the goblin")
    dice.queue(1, 1)
    session.confirm(next(s for s in turn.suggestions if s.move == "Hack & Slash"))
    undone = session.send("/undo").narration
    assert undone.startswith("Undone: Bart's Hack & Slash"), undone
