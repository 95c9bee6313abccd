"""Round 32 in Dungeon World: damage the player says their character takes ("i take the hit, 8 damage") is Deal Damage
on their own sheet, not on the only other character (it was aimed at Bart, "the only other character")."""

from __future__ import annotations

import pytest

from tests.session_helpers import character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_damage_taken_by_the_player_comes_off_their_own_hp() -> None:
    session, _dice = open_campaign("Take the hit", "dungeon-world")
    session.send("/character add Bart class=barbarian")
    turn = session.send("i take the hit, 8 damage")
    damage = next(s for s in turn.suggestions if s.move == "Deal Damage")
    assert damage.request.get("character_id") == session.state.active_character, damage.request
    dealt = session.confirm(damage)
    assert "HP 22 → 17" in dealt.narration, dealt.narration  # 8 less 3 armor
    assert character_named(session, "Bart")["hp"] == 22


def test_damage_the_player_deals_still_goes_to_the_one_named() -> None:
    session, _dice = open_campaign("Deal to Bart", "dungeon-world")
    session.send("/character add Bart class=barbarian")
    turn = session.send("I deal 6 damage to Bart")
    damage = next(s for s in turn.suggestions if s.move == "Deal Damage")
    assert damage.request.get("character_id") == "bart", damage.request
