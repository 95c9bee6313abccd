"""Round 33 in Dungeon World: "ilyana casts bless weapon" with 0 mana says she can't cast it now, why, and what she
can do, and changes nothing (it offered Hack & Slash first and the story told the spell as cast); a cast line the sheet
can pay for offers the spell first."""

from __future__ import annotations

import pytest

from tests.session_helpers import character_named, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_cast_with_no_mana_is_told_why_and_changes_nothing() -> None:
    session, _dice = open_campaign("No mana", "dungeon-world")
    session.send("/character add Ilyana class=cleric")
    session.send("/set Ilyana: mana 0")
    before = session.reload().characters
    sheet = dict(character_named(session, "Ilyana"))
    turn = session.send("ilyana casts bless weapon")
    assert not turn.suggestions and not turn.results, [s.move for s in turn.suggestions]
    told = turn.narration
    assert told.startswith(
        "Ilyana can't cast Bless Weapon now: a spell needs mana equal to its level, and it needs 1 mana while Ilyana has 0."
    ), told
    assert "/set Ilyana: mana 1" in told and "Hack & Slash" in told and "Nothing was rolled" in told, told
    assert "options." not in told and "_" not in told, told
    assert character_named(session, "Ilyana") == sheet
    assert session.reload().characters == before


def test_the_one_playing_without_mana_is_told_in_the_second_person() -> None:
    session, _dice = open_campaign("No mana me", "dungeon-world")
    session.send("/set class wizard")
    session.send("/set mana 0")
    told = session.send("I cast magic missile at the orc").narration
    assert told.startswith(
        "You can't cast Magic Missile now: a spell needs mana equal to its level, and it needs 1 mana while you have 0."
    ), told


def test_a_cast_the_sheet_can_pay_for_offers_the_spell_first() -> None:
    session, _dice = open_campaign("Mana enough", "dungeon-world")
    session.send("/character add Ilyana class=cleric")
    session.send("/set Ilyana: mana 2")
    turn = session.send("ilyana casts bless weapon")
    assert turn.suggestions[0].move.startswith("Cast a Spell"), [s.move for s in turn.suggestions]
