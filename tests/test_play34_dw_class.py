"""Round 34 in the Dungeon World variant: a class as the text names it, and what changing class does. /sheet showed
"Class: fighter" (the sheet's id); "/set class wizard" changed the class and said only that HP and armor stay (the
text gives none for a wizard), nothing of the wizard's spells or mana; a Fighter with mana was offered Magic Missile
as if it were theirs. The text: "Starter moves are moves you gain for choosing your class"; "You can only cast
spells explicitly provided to you by your class spell list or by additional appropriate moves"; it gives no
starting mana."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_sheet_names_the_class_as_the_text_does() -> None:
    session, _dice = open_campaign("Class named", "dungeon-world")
    sheet = session.send("/sheet").narration
    assert "Class: Fighter" in sheet and "Grit: the Fighter's, d10" in sheet, sheet
    assert "fighter" not in sheet, sheet
    assert session.send("/character add Duke class=paladin").ok
    assert "- Class: Paladin" in session.send("/sheet Duke").narration


def test_changing_class_says_what_the_text_gives_it() -> None:
    session, _dice = open_campaign("Class changed", "dungeon-world")
    changed = session.send("/set class wizard").narration
    assert changed.startswith("Your character: Class Fighter → Wizard;"), changed
    assert "Max HP and Armor stay as they were" in changed, changed
    assert "Cast a Spell (Wizard), +INT" in changed and "no starting mana, so Mana stays at 0" in changed, changed
    saved = session.reload().active()
    assert saved["class"] == "wizard" and saved["max_hp"] == 22 and saved["mana"] == 0, saved
    refused = session.send("i cast magic missile at the orc")
    assert "needs 1 mana" in refused.narration, refused.narration  # "mana equal to the spell's level"
    back = session.send("/set class barbarian").narration
    assert "the text gives a Barbarian no spells or starting moves of its own" in back, back


def test_a_wizard_spell_offered_to_a_fighter_says_whose_it_is() -> None:
    session, _dice = open_campaign("Fighter casts", "dungeon-world")
    session.send("/set mana 2")
    offered = session.send("i cast magic missile at the orc")
    assert "Magic Missile" in [s.move for s in offered.suggestions]
    note = next(n for n in offered.notes if "Magic Missile is a Wizard spell" in n)
    assert "you are a Fighter" in note and "unless a multiclass move gave you this one" in note, note
    session.send("/set class wizard")
    again = session.send("i cast magic missile at the orc")
    assert not [n for n in again.notes if "Wizard spell" in n], again.notes


def test_mias_arcane_art_for_me_is_hers_not_a_fighters() -> None:
    session, _dice = open_campaign("Mia's art", "dungeon-world")
    assert session.send("/character add Mia class=bard").ok
    offered = session.send("mia plays a song to give me +1 armor with her arcane art")
    art = offered.suggestions[0]
    assert art.move == "Arcane Art" and art.request.get("character_id") == "mia", art.request
    assert art.stat_value == -1  # Mia's CHA (the bard's starting sheet), rolled with her sheet
    assert not [n for n in offered.notes if "you are a Fighter" in n], offered.notes
