"""Round 23, Dungeon World: for "Mara casts a control spell on me" the first move offered was Mara's Cast a Spell,
captioned "not now: ... you have 0" (the one playing's mana, not Mara's), then refused for Mara's mana. A move of
another character's is now captioned from that character's sheet ("Mara has 0"), and one their sheet refuses is
offered after the moves that can be made (Suffer a Control Move first)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("typed", ["Mara casts a control spell on me", "Mara casts a spell at me"])
def test_maras_spell_with_no_mana_is_told_with_her_mana(typed: str) -> None:
    session, _ = open_campaign("Control", "dungeon-world")
    assert session.send("/character add Mara").kind != "error"
    offered = session.send(typed)  # round 33: told she can't cast it now, nothing offered in its place
    words = offered.narration
    assert not offered.suggestions and words.startswith("Mara can't cast"), [s.move for s in offered.suggestions]
    assert "Mara has 0" in words and "you have" not in words, words


def test_with_mana_on_her_sheet_maras_spell_has_odds_and_leads() -> None:
    session, _ = open_campaign("Control mana", "dungeon-world")
    assert session.send("/character add Mara").kind != "error"
    assert session.send("/set Mara: mana 2").kind != "error"
    offered = session.send("Mara casts a control spell on me")
    first = offered.suggestions[0]
    assert first.move.startswith("Cast a Spell") and first.odds and not (first.odds_words or ""), (first.move, first.odds_words)


def test_my_own_spell_with_no_mana_still_says_you() -> None:
    session, _ = open_campaign("Own mana", "dungeon-world")
    assert session.send("/character add Mara").kind != "error"
    told = session.send("I cast a spell at Mara").narration
    assert "you have 0" in told and "Mara has" not in told, told
