"""A Dungeon World class brings what the text gives for it (HP, armor; the damage die through grit), played
through the chat as a player types it, and survives a reload."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import character_named, open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_new_bard_has_the_bards_hp_and_armor_and_a_paladin_the_paladins() -> None:
    session, _ = open_campaign("pit", "dungeon-world")
    added = session.send("/character add Mia class=bard")
    assert added.kind == "command", added.error
    assert "Max HP 22 → 18 (a bard's)" in added.narration and "Armor 3 → 1 (a bard's)" in added.narration
    mia = character_named(session, "Mia")
    assert (mia["max_hp"], mia["hp"], mia["armor"]) == (18, 18, 1)
    assert "Grit: the Bard's, d6" in session.send("/character Mia").narration
    session.send("/character add Duke class=paladin")
    duke = character_named(session, "Duke")
    assert (duke["max_hp"], duke["hp"], duke["armor"]) == (24, 24, 3)


def test_values_given_with_the_class_stay_and_a_class_the_text_gives_no_numbers_for_says_so() -> None:
    session, _ = open_campaign("pit", "dungeon-world")
    session.send("/character add Mia class=bard hp=10")
    mia = character_named(session, "Mia")
    assert (mia["max_hp"], mia["hp"], mia["armor"]) == (18, 10, 1)
    bart = session.send("/character add Bart class=barbarian")
    assert "The text gives no HP or armor for a barbarian" in bart.narration, bart.narration
    assert session.create_character({"name": "Lyra", "class": "bard"}).kind == "command"
    assert (character_named(session, "Lyra")["max_hp"], character_named(session, "Lyra")["armor"]) == (18, 1)


def test_changing_the_players_class_changes_the_sheet_and_the_damage_that_follows() -> None:
    session, dice = open_campaign("pit", "dungeon-world")
    changed = session.send("/set class bard")
    assert (
        changed.narration
        == "Your character: Class Fighter → Bard; Max HP 22 → 18 (a bard's); HP 22 → 18; Armor 3 → 1 (a bard's); "
        "as a Bard you weave Arcane Art, +CHA."
    ), changed.narration
    session.send("/character add Felix class=fighter")
    hack = play(session, dice, "I attack Felix with my rapier", 5, 6)  # 11 + str: a strong hit
    hack = session.send("/choose 1, 2")  # the damage, and not left vulnerable
    assert hack.follow_ups, hack.narration
    dice.queue(6)  # the bard's d6 against Felix's Full Plate (3)
    dealt = session.confirm(hack.follow_ups[0])
    assert dealt.kind == "action", dealt.error
    assert character_named(session, "Felix")["hp"] == 22 - (6 - 3)
    reopened = ChatSession.open("pit")
    assert "Max HP: 18" in reopened.send("/character").narration


def test_an_unnamed_first_character_is_never_called_by_the_stores_id() -> None:
    session, _ = open_campaign("pit", "dungeon-world")
    session.send("/character add Mara class=bard")
    session.send("/character play Mara")
    offered = session.send("i stab him")
    told = " ".join(offered.notes) + offered.narration
    assert "pc1" not in told and "Character 1, the only other character" in told, offered.notes


def test_deal_damage_states_its_rule_once_on_the_card_not_again_in_the_story() -> None:
    session, dice = open_campaign("pit", "dungeon-world")
    session.send("/character add Mara class=bard")
    session.send("i hack at Mara")
    dice.queue(3, 2)  # 3 + 2 + STR 2 = 7: a weak hit
    session.confirm({"move": "Hack & Slash", "stat": "str", "options": {"target": "mara"}})
    chosen = session.send("/choose 1")
    dice.queue(9)
    dealt = session.confirm(chosen.follow_ups[0])
    assert dealt.kind == "action", dealt.error
    *told, card = dealt.narration.split("\n\n", 1)  # a next step played by its number is told by its card alone
    story = told[0] if told else ""
    assert "armor" not in story.lower() and "Damage to Mara: 1d10 (1dGrit) = 9, less 1 armor: 8 HP." in card, dealt.narration
    assert "Damage minus armor" in dealt.results[0].text  # the card's rules text keeps the rule
