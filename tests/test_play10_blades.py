"""Round 10 of a Blades downtime played through the chat: a table only rolls and shows its row (/table incarceration
rolls the crew's Tier and leaves wanted level and heat alone; /table vice rolls the lowest attribute), and a move
made without a roll ("roll heat") is told in a sentence, not as its bare name."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_table_incarceration_only_rolls_the_tier_and_changes_nothing_on_the_sheet() -> None:
    """ "When you serve your time, make an incarceration roll using your crew's Tier as the dice pool." """
    session, dice = open_campaign("Ironhook Rolls", "blades")
    session.send("/set tier 2")
    session.send("/meter wanted level +1 the Bluecoats' files")
    session.send("/meter heat +4 a loud score")
    before = session.reload().characters
    dice.queue(2, 5)  # Tier 2: two dice, the best counts
    card = session.send("/table incarceration")
    assert card.kind == "action", card.error
    assert not dice.faces
    assert "An uneventful stay" in card.narration, card.narration
    said = " ".join(card.notes)
    assert "Only the roll: nothing on the sheet changed" in said and "/roll incarceration" in said, said
    assert "Wanted level" not in card.narration and "Heat 4" not in card.narration, card.narration
    assert_store_matches_card(session, card)
    assert session.reload().characters == before
    dice.queue(1, 4)  # Tier 0: two dice, the lower counts
    session.send("/set tier 0")
    zero = session.send("/table incarceration").narration
    assert "A brutal stay" in zero, zero
    assert session.reload().characters["pc1"]["wanted_level"] == 1


def test_the_move_itself_still_lowers_the_wanted_level_and_clears_heat() -> None:
    session, dice = open_campaign("Ironhook Served", "blades")
    session.send("/set tier 1")
    session.send("/meter wanted level +1 the Bluecoats' files")
    session.send("/meter heat +4 a loud score")
    dice.queue(4)
    served = session.send("/roll incarceration")
    assert_store_matches_card(session, served)
    crew = session.reload().characters["pc1"]
    assert crew["wanted_level"] == 0 and crew["heat"] == 0, crew


def test_table_vice_rolls_dice_equal_to_the_lowest_attribute() -> None:
    """ "Roll dice equal to your Lowest Attribute rating. Clear stress equal to your highest die result." """
    session, dice = open_campaign("Vice Rolls", "blades")
    session.send("/set stress 5")
    before = session.reload().characters
    # the starting spread: insight 2 (study, survey), prowess 2 (finesse, prowl), resolve 3: two dice
    dice.queue(3, 1)
    card = session.send("/table vice")
    assert card.kind == "action", card.error
    assert not dice.faces, dice.faces
    assert "Clear 3 stress" in card.narration, card.narration
    assert session.reload().characters == before  # the table shows the row; Indulge Vice clears the stress


def test_a_pool_table_resolves_alone_in_the_engine_with_the_moves_pool_and_no_change() -> None:
    crew = {"tier": 3, "wanted_level": 2, "heat": 5}
    result = resolve({"system": "blades", "move": "table:incarceration_roll", "character": crew, "dice": [6, 2, 6]})
    assert result.score == 6 and result.dice == [6, 2, 6], result.dice
    assert result.character == result.character_before
    assert result.table is not None and "You find your place" in result.table["rows"][0]["text"]
    zero = resolve({"system": "blades", "move": "table:incarceration_roll", "character": {"tier": 0}, "dice": [6, 6]})
    assert zero.score == 6 and any("Zero dice" in n for n in zero.notes), zero.notes
    sixes = resolve({"system": "blades", "move": "table:vice_roll", "dice": [6, 6]})
    assert sixes.table is not None and sixes.table["rows"][0]["text"].startswith("Clear 6 stress (the highest"), sixes.table
    with pytest.raises(Exception, match="dice pool"):
        resolve({"system": "blades", "move": "table:vice_roll", "dice": [6]})


def test_a_move_without_a_roll_asked_for_by_name_is_told_in_a_sentence_beside_the_apps_card() -> None:
    from assistant.chat.session import ChatSession

    open_campaign("Heat Words", "blades")
    session = ChatSession.open("Heat Words", cards_shown=True)  # as the app plays: the card is drawn beside the story
    told = session.send("/roll heat exposure=loud")
    assert told.kind == "action", told.error
    assert told.narration.strip() != "Heat.", told.narration
    assert "the crew takes heat by the operation's exposure" in told.narration, told.narration
    paid = session.send("/roll payoff coin=6")
    assert paid.narration.strip() != "Payoff." and "the crew takes stock of its income" in paid.narration, paid.narration
