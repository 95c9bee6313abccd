"""Round 28, Starforged and the city game in the terminal. Naming the rank a new vow already has ("formidable" after a
formidable vow) was read as no action at all; it now says the vow already is that. A cost left unmade was told "pay
the Price" (a move's name with its first letter lowered). In the city game "I investigate the warehouse for clues" found
no move that fits closely; investigating is Appraise Circumstances ("study the situation to see what's really going
on")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("said", ["formidable", "a formidable vow", "make it formidable"])
def test_the_rank_a_new_vow_already_has_is_said_so_and_changes_nothing(said: str) -> None:
    session, dice = open_campaign("Same rank " + said, "starforged")
    dice.queue(4, 1, 10)
    swear = next(s for s in session.send("I swear to bring the envoy home").suggestions if s.move == "Swear an Iron Vow")
    assert session.confirm(swear).kind == "action"
    moves = session.reload().moves
    turn = session.send(said)
    assert "“Bring the envoy home” is already a formidable vow: nothing changed." in turn.narration, turn.narration
    assert session.reload().moves == moves and track_named(session, "Bring the envoy home")["rank"] == "formidable"


def test_another_rank_still_ranks_the_vow_again() -> None:
    session, dice = open_campaign("Other rank", "starforged")
    dice.queue(4, 1, 10)
    swear = next(s for s in session.send("I swear to bring the envoy home").suggestions if s.move == "Swear an Iron Vow")
    assert session.confirm(swear).kind == "action"
    assert "is now a dangerous vow" in " ".join(session.send("dangerous").notes)
    assert track_named(session, "Bring the envoy home")["rank"] == "dangerous"


def test_a_cost_left_unmade_keeps_the_move_s_name() -> None:
    session, dice = open_campaign("Cost left", "starforged")
    assert session.send("/track dangerous Find my sister").kind != "error"
    dice.queue(1, 9, 9)
    missed = session.send("/roll gather information +wits")
    assert missed.results and str(missed.results[0].outcome) == "miss"
    turn = session.send("/roll reach a milestone")
    said = " ".join(turn.notes)
    assert "Not made before Reach a Milestone: Pay the Price, as the last roll asked" in said, turn.notes


@pytest.mark.parametrize(
    "typed",
    ["I investigate the warehouse for clues", "I search the office for clues", "I investigate the murder scene",
     "I poke around the docks", "I look around the room for clues"],
)  # fmt: skip
def test_investigating_in_the_city_is_appraise_circumstances(typed: str) -> None:
    session, _ = open_campaign("City investigate " + typed, "city")
    turn = session.send(typed)
    assert [s.move for s in turn.suggestions][0] == "Appraise Circumstances", [s.move for s in turn.suggestions]


@pytest.mark.parametrize(
    ("typed", "first"),
    [("I investigate the rumours about the bishop", "Ear to the Ground"),
     ("I confront the dock boss about the missing shipments", "Direct Someone to Act")],
)  # fmt: skip
def test_rumours_and_confronting_keep_their_moves(typed: str, first: str) -> None:
    session, _ = open_campaign("City keep " + typed, "city")
    assert [s.move for s in session.send(typed).suggestions][0] == first


# ---- a faction turn is no Alliance: Alliance needs aid from another faction named ----------------------------------
@pytest.mark.parametrize("typed", ["I want to take a faction turn", "my faction makes its move", "our faction acts this turn"])
def test_a_faction_turn_offers_no_alliance_nobody_asked_for(typed: str) -> None:
    session, _ = open_campaign("Faction turn " + typed, "city")
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves and "Alliance" not in moves, moves


@pytest.mark.parametrize("typed", ["our faction seeks an alliance with the guild", "the guild comes to our aid as an ally"])
def test_an_alliance_named_is_still_offered(typed: str) -> None:
    session, _ = open_campaign("Alliance named " + typed, "city")
    moves = [s.move for s in session.send(typed).suggestions]
    assert "Alliance" in moves, moves
