"""A Blades downtime and a city session as a player plays them through the chat: the sheet shows what the engine
keeps (harm, xp, project clocks, schemes, Demands), /clock lists the project clocks, a vice roll's odds read as the
stress it clears, a scoundrel nabbed by the law is offered the entanglement and incarceration moves, an action roll
outside the downtime list is a move, and "can I ...?" before a move without a roll reads as done."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_blades_sheet_shows_harm_xp_projects_and_the_crew_and_clock_lists_the_project() -> None:
    session, dice = open_campaign("Grey Crows", "blades")
    for command in ("/set name Vex", "/set playbook Lurk", "/set vice Gambling", "/set crew The Grey Crows"):
        assert session.send(command).kind != "error"
    dice.queue(4)
    turn = session.send("/roll long-term project +study project=Learn the vault combination clock=6")
    if turn.kind == "error":  # the command's key=value words: the project named in the player's words instead
        dice.queue(4)
        turn = session.send("I start a long-term project to learn the vault combination")
        dice.queue(4)
        turn = session.send("1")
    assert turn.results and turn.results[-1].move_id == "long_term_project", turn.narration
    dice.queue(5)
    assert session.send("/roll train +prowess").kind != "error"
    sheet = session.send("/sheet").narration
    for words in ("Playbook: Lurk · vice Gambling", "Harm: none · healing clock 0/4", "XP: insight 0, prowess 1",
                  "Project clock: Learn the vault combination 2/", "Crew: The Grey Crows, hold strong"):  # fmt: skip
        assert words in sheet, sheet
    assert "None" not in sheet and "_" not in sheet, sheet
    clocks = session.send("/clock").narration
    assert "Healing clock: 0/4" in clocks and "Learn the vault combination (project): 2/" in clocks, clocks
    told = session.send("/clock +1 vault combination")
    assert told.kind == "error" and "long-term project on your sheet" in (told.error or ""), told.error
    assert "work on it" in (told.error or "")
    reopened = type(session).open("Grey Crows")  # reloaded: the same sheet
    assert reopened.send("/sheet").narration == sheet


def test_a_vice_roll_reads_as_the_stress_it_clears_not_as_a_failure() -> None:
    session, dice = open_campaign("Silver Nails", "blades")
    session.send("/set stress 5")  # some stress to clear: with none, any vice roll overindulges
    offered = session.send("I go gamble at the Silver Nails to blow off some stress")
    listing = offered.narration
    assert "Indulge Vice" in listing and "clear 1-4 stress" in listing and "clear all 5 and overindulge" in listing, listing
    assert "bad outcome" not in listing.split("Indulge Vice", 1)[1].split("\n", 1)[0], listing
    dice.queue(3, 2)
    card = session.send("/roll indulge vice").narration
    assert "the best die is 3." in card and "Stress 5 → 2" in card, card
    assert "a bad outcome" not in card, card


def test_a_scoundrel_nabbed_by_the_law_is_offered_the_entanglements_and_incarceration() -> None:
    session, _ = open_campaign("Bluecoats", "blades")
    session.send("/set name Vex")
    nabbed = [s.move for s in session.send("Vex got nabbed by the bluecoats").suggestions]
    assert nabbed[0] == "Interrogation" and {"Arrest", "Incarceration"} <= set(nabbed), nabbed
    fall = [s.move for s in session.send("I take the fall for the crew").suggestions]
    assert fall[0] == "Incarceration", fall


def test_roll_two_dice_for_prowl_is_an_action_roll_of_two_dice() -> None:
    session, dice = open_campaign("Prowl", "blades")
    offered = session.send("roll 2d for prowl")
    assert offered.suggestions and offered.suggestions[0].move == "Action Roll", offered.narration
    assert offered.suggestions[0].stat == "prowl"
    dice.queue(3, 6)
    rolled = session.send("1")
    result = rolled.results[-1]
    assert result.move_id == "action_roll" and result.dice == [3, 6] and result.outcome == "full_success", rolled.narration
    assert "You do it." in rolled.narration and "downtime activit" not in rolled.narration, rolled.narration
    assert result.character["downtime_activities"] == 0  # "Activities on the downtime list are limited; normal actions are not."


def test_can_i_before_a_move_without_a_roll_reads_as_done_and_wanna_as_want_to() -> None:
    session, dice = open_campaign("Training", "blades")
    session.send("can i train prowess?")
    trained = session.send("1").narration
    assert trained.startswith("You train prowess."), trained
    assert "one way to find out" not in trained and "Can you" not in trained, trained
    session.send("i wanna buy a fine lockpick set")
    dice.queue(4, 4)
    bought = session.send("1").narration
    assert "wanna" not in bought and "want to buy a fine lockpick set" in bought, bought


def test_the_city_sheet_shows_the_neighborhood_beliefs_schemes_and_demands() -> None:
    session, dice = open_campaign("Ashen Ward", "city")
    for command in ("/set name Ilse", "/add belief The Magistrate lies", "/add connection Tanner's Row",
                    "/set neighborhood Tanner's Row", "/set faction The Lantern Guild"):  # fmt: skip
        assert session.send(command).kind != "error"
    session.send("I set up a scheme to skim the ferry tolls")
    dice.queue(5, 6)
    assert session.send("1").results[-1].move_id == "set_up_a_scheme"
    sheet = session.send("/sheet").narration
    for words in ("Neighborhood: Tanner's Row · connected to Tanner's Row", "Beliefs: The Magistrate lies",
                  "Ties: none", "Demands: none", "Faction: The Lantern Guild"):  # fmt: skip
        assert words in sheet, sheet
    assert "Schemes: Skim the ferry tolls (Productivity +0)" in sheet, sheet
    assert "None" not in sheet and "_" not in sheet, sheet


def test_harm_from_the_score_is_written_on_the_sheet_and_a_bad_level_is_refused() -> None:
    session, _ = open_campaign("Harm", "blades")
    assert session.send("/add harm Broken Arm (level 2)").kind != "error"
    assert session.send("/add harm level 1 Battered").kind != "error"
    refused = session.send("/add harm Stabbed (level 7)")
    assert refused.kind == "error" and "level 1 to 4" in (refused.error or ""), refused.error
    unclear = session.send("/add harm bruised")
    assert unclear.kind == "error" and "Broken Arm (level 2)" in (unclear.error or ""), unclear.error
    sheet = session.send("/sheet").narration
    assert "Harm: Broken Arm (level 2); Battered (level 1)" in sheet, sheet
    assert session.reload().active()["harm"] == [{"level": 2, "name": "Broken Arm"}, {"level": 1, "name": "Battered"}]


def test_a_physicker_visited_rolls_their_quality_and_healing_yourself_rolls_tinker() -> None:
    session, _ = open_campaign("Physicker", "blades")
    session.send("/add harm Broken Arm (level 2)")  # with no harm on the sheet, Recover could heal nothing
    visit = session.send("I visit a physicker for my broken arm").suggestions[0]
    assert (visit.move, visit.stat) == ("Recover", "quality"), (visit.move, visit.stat)
    self_heal = session.send("I heal myself").suggestions[0]
    assert (self_heal.move, self_heal.stat) == ("Recover", "tinker"), (self_heal.move, self_heal.stat)


def test_working_on_a_project_again_continues_it_in_other_words() -> None:
    session, dice = open_campaign("Secretary", "blades")
    session.send("I court the councilman's secretary as a long term project, 8 clock")
    dice.queue(5, 2)
    started = session.send("1")
    assert "“Court the councilman's secretary”" in "\n".join(started.notes + [started.narration]), started.narration
    session.send("i work on courting the secretary again")
    dice.queue(4, 1)
    again = session.send("1")
    projects = session.reload().active()["projects"]
    assert [p["name"] for p in projects] == ["Court the councilman's secretary"], (projects, again.notes)
    assert projects[0]["filled"] > 2  # marked on the same clock
