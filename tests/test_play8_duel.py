"""Round 8 of a Dungeon World duel through the chat: a number right after a new action's list picks from that list,
not the older move's open choice; a question about HP answers from the sheet with the sheet's label and the
character's own maximum."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_number_after_a_new_list_picks_from_it_not_from_the_older_open_choice() -> None:
    session, dice = open_campaign("Duel Picks", "dungeon-world")
    session.send("/set name Arden")
    session.send("/character add Mara class=bard")
    dice.queue(4, 2)
    hacked = session.confirm(session.send("I attack Mara with my sword").suggestions[0])
    assert hacked.results[0].move == "Hack & Slash" and hacked.results[0].choices, hacked.narration  # a weak hit
    listed = session.send("I brace my shield and defend myself")
    assert listed.suggestions[0].move == "Defend", [s.move for s in listed.suggestions]
    dice.queue(5, 5)
    picked = session.send("1")
    assert picked.results and picked.results[0].move == "Defend", picked.narration
    assert "You choose" not in picked.narration, picked.narration


def test_how_much_hp_answers_from_the_sheet_with_its_label_and_the_characters_maximum() -> None:
    session, _ = open_campaign("Duel Sheet", "dungeon-world")
    session.send("/character add Mara class=bard")
    session.send("/character play Mara")
    told = session.send("how much hp do I have?").narration
    assert told.startswith("HP is 18 on Mara's sheet (its starting value); it runs 0 to 18."), told
