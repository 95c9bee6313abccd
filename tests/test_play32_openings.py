"""Round 32: openings. A bookkeeping roll asked for in longer words is not told as a deed (Blades: "now we roll for
entanglements after the score" read "You set out to roll for entanglements after the score."); Starforged's Strike
made as Clash in a bad spot keeps the deed the words told ("I strike the raider with my blade" was told only by the
move's name); "I fulfill my vow" opens on the vow ("The time has come to fulfill your vow: find your sister.")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "line", ["now we roll for entanglements after the score", "I roll for entanglements after the job", "roll entanglements"]
)
def test_a_bookkeeping_roll_asked_for_is_not_told_as_a_deed(line: str) -> None:
    session, dice = open_campaign(f"Tangle {len(line)}", "blades")
    turn = session.send(line)
    offered = next(s for s in turn.suggestions if s.move == "Entanglements")
    dice.queue(3, 3)
    rolled = session.confirm(offered)
    opening = rolled.narration.split("\n\n")[0]
    assert "entanglements after" not in opening.lower() and not opening.startswith("You "), rolled.narration


def test_strike_made_as_clash_in_a_bad_spot_keeps_the_deed() -> None:
    session, dice = open_campaign("Bad spot strike", "starforged")
    session.send("/track formidable fight the raider")
    first = session.send("I fire at the raider")
    dice.queue(1, 9, 9)  # a miss: a bad spot
    session.confirm(next(s for s in first.suggestions if s.move == "Clash"))
    turn = session.send("I strike the raider with my blade")
    dice.queue(6, 2, 3)
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Clash"))
    assert "strike the raider with your blade" in rolled.narration.split("\n\n")[0], rolled.narration


def test_fulfilling_a_vow_by_its_name_opens_on_the_vow() -> None:
    session, dice = open_campaign("Vow opening", "starforged")
    session.send("/track dangerous vow find my sister")
    session.send("/progress find my sister 10")
    turn = session.send("I fulfill my vow")
    dice.queue(9, 1)
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.narration.startswith("The time has come to fulfill your vow: find your sister."), rolled.narration


def test_a_rank_said_after_the_vow_is_not_left_in_the_story() -> None:
    session, dice = open_campaign("Rank clause", "starforged")
    turn = session.send(
        "I swear an iron vow to find my lost sister kira who vanished on the derelict station, it's a dangerous vow"
    )
    dice.queue(6, 7, 8)
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Swear an Iron Vow"))
    opening = rolled.narration.split("\n\n")[0]
    assert "it's a" not in opening and "derelict station." in opening, opening


def test_a_vow_fulfilled_is_named_mid_sentence_and_its_one_tick_told_as_one() -> None:
    session, dice = open_campaign("Medicine", "starforged")
    session.send("/track troublesome vow Deliver the medicine to the outpost")
    session.send("/progress deliver the medicine 10")
    turn = session.send("I fulfill my vow")
    dice.queue(9, 1)
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.narration.startswith("The time has come to fulfill your vow: deliver the medicine to the outpost."), (
        rolled.narration
    )
    assert "Quests legacy 0 ticks → 1 tick." in rolled.narration, rolled.narration


def test_a_companions_name_typed_in_lower_case_is_told_as_a_name() -> None:
    session, dice = open_campaign("Lower Ilyana", "dungeon-world")
    session.send("/character add Ilyana class=cleric")
    turn = session.send("ilyana attacks me with her mace")
    dice.queue(4, 1)
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Hack & Slash"))
    assert rolled.narration.startswith("Ilyana attacks you with her mace."), rolled.narration
