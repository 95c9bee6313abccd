"""Round 8 of a Blades downtime played through the chat: a usage error shows this game's commands and examples, a loud
score's +8 heat is one /meter change (and a change past what a meter can move says how far it goes), /table
entanglements rolls the wanted level's dice and reads the column of the crew's heat."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_bad_command_in_blades_shows_blades_examples_and_commands() -> None:
    session, _ = open_campaign("Usage Crows", "blades")
    told = session.send("/meter heat").error or ""
    assert "Usage: /meter" in told and "health" not in told and "grazed by a shot" not in told, told
    assert "e.g. /meter stress" in told, told
    unknown = session.send("/frobnicate").error or ""
    assert "Commands for Blades in the Dark" in unknown, unknown
    for starforged in ("/oracle", "/price", "/progress", "/burn", "momentum"):
        assert starforged not in unknown, (starforged, unknown)
    city = open_campaign("Usage City", "city")[0].send("/meter").error or ""
    assert "health" not in city and "grazed by a shot" not in city, city


def test_a_loud_score_marks_eight_heat_at_once_and_a_change_too_big_says_how_far_the_meter_goes() -> None:
    session, _ = open_campaign("Loud Crows", "blades")
    assert "(0 → 8)" in session.send("/meter heat +8 a loud score on hostile turf").narration
    rolled = session.send("/meter heat +3 the bodies were found").narration  # 11: a wanted level, 2 rolls over
    assert "8 → 2" in rolled and "wanted level 0 → 1" in rolled, rolled
    before = session.reload().characters
    told = session.send("/meter stress +12 a bad night")
    assert told.kind == "error", told.narration
    assert "Stress runs from 0 to 9" in (told.error or "") and "at most 9" in (told.error or ""), told.error
    assert "/set stress" in (told.error or ""), told.error
    assert session.reload().characters == before


def test_table_entanglements_rolls_the_wanted_level_and_reads_the_crews_heat_column() -> None:
    session, dice = open_campaign("Tangled Crows", "blades")
    session.send("/meter heat +5 a loud score")
    session.send("/meter wanted level +2 the Bluecoats' files")
    dice.queue(2, 6)  # wanted level 2: two dice, the best counts
    card = session.send("/table entanglements").narration
    assert "Rolled 2 and 6" in card and "heat 4/5" in card and "Reprisals" not in card, card
    assert "Show of Force" in card, card
    assert session.send("/choose 1").kind == "action"  # the entanglement that manifests is picked first (round 27)
    dice.queue(1, 3)
    column = session.send("/table entanglements (heat 0-3)").narration  # the crew's heat is 5: its column is read
    assert "heat 4/5" in column and "Gang Trouble" in column and "Questioning" in column, column
    help_line = next(line for line in session.send("/help").narration.splitlines() if "/table" in line)
    assert help_line.endswith("e.g. /table entanglements"), help_line


def test_a_story_question_in_a_game_without_an_oracle_names_what_the_rules_do_instead() -> None:
    session, _ = open_campaign("Calling Crows", "blades")
    trouble = session.send("what trouble comes calling?").narration
    assert "has no oracle" in trouble and "Entanglements" in trouble and "/roll entanglements" in trouble, trouble
    locked = session.send("is the door locked?").narration
    assert "Fortune Roll" in locked and "/roll fortune roll" in locked and "2d6" not in locked, locked
    refused = session.send("/oracle Is the captain on the take?").error or ""
    assert "has no yes/no oracle" in refused and "/roll fortune roll" in refused, refused
    city, _ = open_campaign("Calling City", "city")
    wants = city.send("what does the Magistrate want?").narration
    assert "Perceive Demand" in wants and "Demand the city makes of you" in wants, wants
    rumors = city.send("what's the word on the street?").narration
    assert "Ear to the Ground" in rumors, rumors


def test_a_question_about_the_sheet_answers_from_the_sheet_then_offers_the_rule() -> None:
    session, _ = open_campaign("Sheet Crows", "blades")
    session.send("/set name Vex")
    assert session.send("how much heat do we have?").narration.startswith("Heat is 0 on Vex's sheet (its starting value)")
    session.send("/meter heat +5 a loud score")
    told = session.send("how much heat do we have?").narration
    assert told.startswith("Heat is 5 on Vex's sheet (0 → 5 by /meter, a loud score); it runs 0 to 9"), told
    assert "at 9: +1 wanted level" in told and "/ask how does heat work?" in told, told
    assert session.send("what is my wanted level?").narration.startswith("Wanted level is 0 on Vex's sheet"), told
    assert session.send("whats our heat at").narration.startswith("Heat is 5"), "a question without its mark"
    rule = session.send("how much heat does a loud score give?")
    assert rule.kind == "rules" and "4 heat" in rule.narration, rule.narration  # a rules question stays one
    session.send("/undo")
    assert session.send("how much heat do we have?").narration.startswith("Heat is 0 on Vex's sheet (its starting")


def test_a_downtime_roll_is_told_by_what_it_marks_not_as_a_bad_outcome() -> None:
    session, dice = open_campaign("Slow Crows", "blades")
    session.send("/meter heat +5 a loud score")
    dice.queue(2)
    heat = session.send("/roll reduce heat +consort").narration  # "1-3: one": a 2 still clears one heat
    assert "Rolled 2 (consort 1)." in heat and "Heat 5 → 4" in heat and "bad outcome" not in heat, heat
    dice.queue(1, 2)
    healed = session.send("/roll recover +tinker").narration
    assert "Healing clock 0 → 1" in healed and "bad outcome" not in healed, healed
    dice.queue(2)
    free = session.send("/roll action roll +prowl").narration  # free play keeps its tiers
    assert "a bad outcome" in free, free


def test_a_third_downtime_activity_with_no_coin_or_rep_is_refused_and_changes_nothing() -> None:
    session, dice = open_campaign("Broke Crows", "blades")
    session.send("/set name Vex")
    for faces, line in (((5,), "/roll train +prowess"), ((4,), "/roll reduce heat +consort")):
        dice.queue(*faces)
        assert session.send(line).kind != "error"
    before = session.reload().characters
    refused = session.send("/roll train +insight")
    told = refused.error or ""
    assert refused.kind == "error" and "Vex has taken 2 downtime activities" in told and "coin 0, rep 0" in told, told
    assert session.reload().characters == before
