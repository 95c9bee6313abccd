"""Round 35 in Dungeon World: "she casts magic missile at me" offered Deal Damage that asked for a grit die, though
the spell names its own damage ("Deal 2d4 damage to one target, ignoring armor"; "Damage spells always ignore
armor"): the damage now carries the spell's dice and leaves armor out, and the notes about the player's own Magic
Missile (aimed at Mara, not a fighter's spell) go with it. A "#1" typed for the next step in the terminal plays it."""

from __future__ import annotations

import pytest

from assistant.chat.cli import _step_number
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["she casts magic missile at me", "then he casts a magic missile at me"])
def test_a_foes_magic_missile_deals_its_own_dice_past_armor(line: str) -> None:
    session, dice = open_campaign(f"Missile {len(line)}", "dungeon-world")
    assert isinstance(dice, ScriptedDice)
    assert session.send("/character add Mara class=bard").ok
    offered = session.send(line)
    first = offered.suggestions[0]
    assert first.move == "Deal Damage", [s.move for s in offered.suggestions]
    assert first.request["options"] == {"damage_dice": "2d4", "ignore_armor": True}
    assert "grit" not in str(first.odds_words) and "2d4" in str(first.odds_words)
    assert not any("Wizard spell" in n or "Magic Missile is aimed" in n for n in offered.notes), offered.notes
    dice.queue(3, 4)
    dealt = session.confirm(first)
    assert dealt.kind != "error" and session.pending_question is None, dealt.narration
    assert "HP 22 → 15" in dealt.narration, dealt.narration  # 7, the fighter's plate not counted
    assert_store_matches_card(session, dealt)
    assert session.reload().active()["hp"] == 15


def test_a_spell_named_by_no_dice_still_leaves_armor_out() -> None:
    session, _dice = open_campaign("Hold spell", "dungeon-world")
    offered = session.send("the wizard casts a fireball at me")
    damage = [s for s in offered.suggestions if s.move == "Deal Damage"]
    assert damage and damage[0].request["options"].get("ignore_armor") is True, [s.request for s in offered.suggestions]
    assert "damage_dice" not in damage[0].request["options"]


@pytest.mark.parametrize(("line", "number"), [("1", 1), ("#1", 1), ("# 2", 2), ("/choose 1", None), ("#one", None)])
def test_hash_number_picks_a_step(line: str, number: int | None) -> None:
    assert _step_number(line, stepping=False) == number
