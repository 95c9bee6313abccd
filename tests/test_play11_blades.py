"""Round 11 of a Blades downtime played through the chat: an asset's quality is told once (on the card, with its
number, not as a stray "Quality Tier -1."), a move rolled after Recover's question is set aside is not told with
Recover's words, and the Interrogation's story says nothing of "those consequences" before they are offered."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_acquire_asset_tells_the_quality_once_on_the_card_not_as_a_stray_tier_sentence() -> None:
    session, dice = open_campaign("Carriage", "blades")
    offered = session.send("I acquire an asset: a fine carriage for the next job")
    asset = next(s for s in offered.suggestions if s.move == "Acquire Asset")
    dice.queue(2, 5)  # Tier 0: two dice, the lower counts: a 1-3
    got = session.confirm(asset)
    assert_store_matches_card(session, got)
    told = got.narration
    assert "Quality Tier -1" not in told and "quality Tier" not in told, told
    assert "The asset's quality is 0 (the crew's Tier 0, -1 for the result)." in told, told


def test_reduce_heat_rolled_after_recovers_question_is_set_aside_is_not_told_as_recovering() -> None:
    session, dice = open_campaign("Lying Low", "blades")
    session.send("/meter heat +3 a noisy job")
    session.send("/add harm Cut Hand (level 1)")  # with no harm on the sheet, Recover could heal nothing
    offered = session.send("I recover from my wounds at the physicker")
    recover = next(i for i, s in enumerate(offered.suggestions, 1) if s.move == "Recover")
    asked = session.send(str(recover))
    assert asked.kind == "question" and "quality" in asked.narration, asked.narration
    dice.queue(4)
    rolled = session.send("/roll reduce heat +command")
    assert rolled.kind == "action" and rolled.results[0].move == "Reduce Heat", rolled.error
    assert_store_matches_card(session, rolled)
    assert "recover" not in rolled.narration.lower() and "physicker" not in rolled.narration, rolled.narration
    assert any("set aside" in n for n in rolled.notes), rolled.notes
    assert session.reload().active()["heat"] == 1


def test_a_suggested_move_picked_for_the_words_is_still_told_with_them() -> None:
    session, dice = open_campaign("Lying Low Words", "blades")
    session.send("/meter heat +3 a noisy job")
    offered = session.send("I lay low in Crow's Foot to reduce heat")
    dice.queue(4)
    low = session.confirm(next(s for s in offered.suggestions if s.move == "Reduce Heat"))
    assert "lay low in Crow's Foot" in low.narration, low.narration


def test_the_interrogation_story_says_nothing_of_consequences_before_they_are_offered() -> None:
    session, dice = open_campaign("Interrogated", "blades")
    session.send("/meter heat +7 a bloody score")
    dice.queue(2, 1)  # wanted level 0: the lower die, a 1: Flipped or Interrogation at heat 6+
    session.send("/roll entanglements")
    picked = session.send("/choose Interrogation")
    assert [f.move for f in picked.follow_ups] == ["Interrogation"], picked.follow_ups
    room = session.confirm(picked.follow_ups[0])
    assert room.kind == "action", room.error
    told = room.narration
    assert told.startswith("The officers round up one of the PCs to question them about the crew’s crimes."), told
    assert "those consequences" not in told, told
    assert "each may be resisted separately" in told, told  # the option itself says it


@pytest.mark.parametrize(("system", "table"), [("starforged", "/table pay the price"), ("elegy", "/table pay the price")])
def test_a_table_roll_beside_the_apps_card_leaves_the_row_to_the_card(system: str, table: str) -> None:
    from assistant.ui.components.dice_card import dice_card_view

    open_campaign(f"Rows {system}", system)
    session = ChatSession.open(f"Rows {system}", cards_shown=True)
    rolled = session.send(table)
    assert rolled.kind == "action", rolled.error
    rows = rolled.results[0].table["rows"]  # type: ignore[index]
    assert rows[0]["text"].rstrip(".") in dice_card_view(rolled.results[0]).outcome_text
    assert rows[0]["text"].rstrip(".") not in rolled.narration and "(rolled" not in rolled.narration, rolled.narration
    assert not rolled.notes, rolled.notes  # no "narrator unavailable": the story has nothing to add to the card
    terminal = ChatSession.open(f"Rows {system}")  # the terminal has no card beside the story: the line says it
    assert "(rolled" in terminal.send(table).narration
