"""Round 34 in Dungeon World: "duke swings his mace at me, i take 7 damage" offered Duke's Hack & Slash first, a roll
for a blow the player says has landed already; the damage taken comes first: Deal Damage of 7 on the player's
sheet (the damage "already rolled", less armor)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["duke swings his mace at me, i take 7 damage", "Duke hits me with his mace and i lose 7 hp"])
def test_damage_said_taken_is_dealt_on_my_sheet_first(line: str) -> None:
    session, _dice = open_campaign(f"Taken {len(line)}", "dungeon-world")
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send(line)
    first = offered.suggestions[0]
    assert first.move == "Deal Damage", [s.move for s in offered.suggestions]
    dealt = session.confirm(first)
    assert "HP 22 → 18" in dealt.narration, dealt.narration  # 7, less 3 armor
    assert session.reload().active()["hp"] == 18


def test_a_swing_without_damage_said_is_still_dukes_attack() -> None:
    session, _dice = open_campaign("Swing only", "dungeon-world")
    assert session.send("/character add Duke class=paladin").ok
    offered = session.send("duke swings his mace at me")
    assert offered.suggestions[0].move == "Hack & Slash", [s.move for s in offered.suggestions]
    assert offered.suggestions[0].request.get("character_id") == "duke"
