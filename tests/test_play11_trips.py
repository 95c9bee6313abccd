"""Round 11: what a player tripped on across the games, played from the player's words: a character's name typed as
the first line, a fight's finishing blow asked for on an empty track, marking progress on a vow."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("system", ["starforged", "elegy", "blades", "city", "dungeon-world"])
def test_a_name_typed_first_names_the_character_and_undo_takes_it_back(system: str) -> None:
    session, _ = open_campaign(f"Named {system}", system)
    named = session.send("Kira Vance")
    assert named.kind == "command", named.error
    assert named.narration == "Your character is now called Kira Vance.", named.narration
    assert "Moves that fit" not in named.narration and not named.suggestions, named.narration
    assert any("/undo" in n for n in named.notes), named.notes
    assert session.reload().active()["name"] == "Kira Vance"
    session.send("/undo")
    assert not session.reload().active().get("name")
    again = session.send("Lucien de Vere")
    assert again.narration == "Your character is now called Lucien de Vere.", again.narration


def test_an_action_or_a_name_once_named_is_still_an_action() -> None:
    session, _ = open_campaign("Named Action", "starforged")
    assert session.send("Run").kind == "action"  # a capitalised verb is no name
    assert session.send("I sneak past the patrol").suggestions
    session.send("/set name Kira")
    later = session.send("Captain Vance")  # no deed in it: the reply says what to type (round 26), no rename
    assert later.kind == "meta" and "type its number (1 to 3)" in later.narration, later.narration  # moves still wait
    assert session.reload().active()["name"] == "Kira"


def test_elegy_finishing_the_hunter_on_an_empty_track_offers_end_the_fight_saying_it_is_a_sure_miss() -> None:
    session, dice = open_campaign("Hunter's End", "elegy")
    offered = session.send("a hunter with a stake attacks me!")
    dice.queue(1, 6, 3)
    fray = session.confirm(offered.suggestions[0])
    assert fray.results[0].move == "Enter the Fray", fray.narration
    asked = session.send("I finish the hunter")
    moves = [s.move for s in asked.suggestions]
    # round 28: the sure miss is offered after the moves that can hit (and mark the progress it needs)
    assert moves[0] != "End the Fight" and "End the Fight" in moves, moves
    line = next(line for line in asked.narration.splitlines() if "End the Fight" in line)
    assert "a sure miss now: no progress box filled on the hunter" in line and "mark progress first" in line, line
    assert "Clash" in moves, moves
    dice.queue(6, 6)  # a strike lands: progress, then the end of the fight has a chance
    struck = session.send(str(moves.index("Clash") + 1))
    assert struck.results and struck.results[0].move != "End the Fight", struck.narration


def test_marking_progress_on_my_vow_offers_reach_a_milestone_first() -> None:
    session, dice = open_campaign("Milestone", "starforged")
    offered = session.send("I swear an iron vow to find my sister, a dangerous vow")
    dice.queue(5, 4, 1)
    assert_store_matches_card(session, session.confirm(offered.suggestions[0]))
    marked = session.send("I mark progress on my vow")
    assert marked.suggestions[0].move == "Reach a Milestone", [s.move for s in marked.suggestions]


def test_oracle_odds_said_after_the_question_are_the_odds_not_part_of_it() -> None:
    session, dice = open_campaign("Late Odds", "elegy")
    asked = session.send("/oracle will the watch come? likely")
    assert asked.kind == "oracle", asked.error
    told = asked.narration
    assert "likely?" not in told and "Will the watch come?" in told, told
    assert "Odds likely" in told or "odds likely" in told.lower(), told


def test_setting_the_name_a_character_already_has_says_nothing_changed() -> None:
    session, _ = open_campaign("Same Name", "city")
    session.send("/set name Ash")
    again = session.send("/set name Ash")
    assert "Ash → Ash" not in again.narration, again.narration
    assert again.narration == "Nothing changed on Ash's sheet.", again.narration
