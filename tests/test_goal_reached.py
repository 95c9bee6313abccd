"""Words that tell an open vow's goal reached offer the moves that end it. Played as a player plays a Starforged vow,
"I finally find my brother in the cryo bay" (the vow: "Find my lost brother on the derelict station Korva") offered
Check Your Gear, Compel and Endure Harm: no move to fulfil the vow or mark a milestone on it. And "I fight off the
scavengers who ambush me in the hangar" named the fight "Off the scavengers who ambush me"."""

from __future__ import annotations

import pytest

from assistant.chat.goal_reached import goal_of, reached_goal
from assistant.chat.track_names import name_from_words
from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")

BROTHER = ("v1", {"name": "Find my lost brother on the derelict station Korva", "kind": "vow"})
QUEEN = ("v2", {"name": "Destroy the pirate queen Vessa", "kind": "vow"})
CORE = ("v3", {"name": "Salvage the Meridian's reactor core before the scavenger clans arrive", "kind": "vow"})


@pytest.mark.parametrize(
    ("words", "track"),
    [
        ("I finally find my brother in the cryo bay", "v1"),
        ("We found my brother at last", "v1"),
        ("I rescue my little brother from the raiders", "v1"),
        ("I kill the pirate queen", "v2"),
        ("Vessa falls: I defeat Vessa on her own bridge", "v2"),
        ("I recover the Meridian's reactor core", "v3"),
        ("I salvage the reactor core and haul it aboard", "v3"),
    ],
)
def test_the_goal_told_reached_names_its_vow(words: str, track: str) -> None:
    goal = reached_goal([BROTHER, QUEEN, CORE], words)
    assert goal is not None and goal.track_id == track, words


@pytest.mark.parametrize(
    "words",
    [
        "I find a clue about my brother",  # a clue found, not the brother
        "I search the docking ring for signs of my brother",
        "I ask the old AI where my brother went",
        "I pilot the ship toward Korva",
        "I gather information about the derelict station",
        "I find the station's logs",
        "The pirate queen's fighters find me",  # found by them: no verb of mine reaching her
        "I examine the reactor core",
    ],
)
def test_other_words_about_the_vow_reach_no_goal(words: str) -> None:
    assert reached_goal([BROTHER, QUEEN, CORE], words) is None, words


def test_a_name_that_does_not_open_with_a_verb_has_no_goal() -> None:
    assert goal_of("v9", {"name": "The lost brother", "kind": "vow"}) is None


def test_a_vow_told_fulfilled_offers_the_milestone_then_the_fulfilment_saying_why() -> None:
    session, dice = open_campaign("Korva", "starforged")
    play(session, dice, "I swear to find my lost brother on the derelict station Korva", 6, 1, 1)
    turn = session.send("I finally find my brother in the cryo bay")
    moves = [s.move for s in turn.suggestions]
    assert moves[:2] == ["Reach a Milestone", "Fulfill Your Vow"], moves
    fulfil = turn.suggestions[1]
    assert "mark progress first" in str(fulfil.odds_words), fulfil.odds_words
    assert fulfil.request["options"]["track"] in session.reload().tracks


def test_a_vow_well_advanced_offers_its_fulfilment_first_and_rolls_on_that_vow() -> None:
    session, dice = open_campaign("Korva2", "starforged")
    play(session, dice, "I swear to find my lost brother on the derelict station Korva", 6, 1, 1)
    play(session, dice, "I swear a vow to destroy the pirate queen Vessa", 6, 1, 1)
    assert session.send("/progress find my lost brother 8").kind != "error"
    turn = session.send("I finally find my brother in the cryo bay")
    assert [s.move for s in turn.suggestions][:2] == ["Fulfill Your Vow", "Reach a Milestone"]
    dice.queue(2, 3)
    rolled = session.confirm(turn.suggestions[0])
    assert rolled.kind != "error", rolled.error
    assert rolled.results[0].outcome == "strong_hit"
    closed = [t for t in session.reload().tracks.values() if t.get("name", "").startswith("Find my lost brother")]
    assert closed and closed[0].get("status") not in (None, "open"), closed


def test_a_move_the_words_name_stays_first() -> None:
    session, dice = open_campaign("Korva3", "starforged")
    play(session, dice, "I swear to find my lost brother on the derelict station Korva", 6, 1, 1)
    turn = session.send("I reach a milestone: I found my brother's trail")
    assert turn.suggestions[0].move == "Reach a Milestone"


def test_words_that_reach_no_goal_keep_their_moves() -> None:
    session, dice = open_campaign("Korva4", "starforged")
    play(session, dice, "I swear to find my lost brother on the derelict station Korva", 6, 1, 1)
    moves = [s.move for s in session.send("I ask the dockhands about my brother").suggestions]
    assert "Fulfill Your Vow" not in moves and "Reach a Milestone" not in moves, moves


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("I fight off the scavengers who ambush me in the hangar", "The scavengers"),
        ("I fight off two drones", "Two drones"),
        ("I attack the warlord that leads them", "The warlord"),
        ("I fight back against the raider", "The raider"),
    ],
)
def test_a_fight_is_named_for_the_foe_without_what_it_did(words: str, name: str) -> None:
    assert name_from_words(words, "combat") == name


@pytest.mark.parametrize(
    "words",
    ["I try to find my brother in the cryo bay", "I swear to rescue my brother", "I cannot find my brother anywhere"],
)
def test_an_aim_or_a_failure_is_no_goal_reached(words: str) -> None:
    assert reached_goal([BROTHER], words) is None, words


def test_an_elegy_told_ended_offers_fulfill_your_elegy() -> None:
    session, dice = open_campaign("Sire", "elegy")
    assert session.send("/track dangerous Avenge my sire").kind != "error"
    moves = [s.move for s in session.send("At last I avenge my sire on the cathedral steps").suggestions]
    assert "Fulfill Your Elegy" in moves[:2] and "Reach a Milestone" in moves[:2], moves
    assert "Conclusion Roll (Elegy)" not in moves, moves


def test_in_the_fight_with_the_foe_the_fight_ends_it_not_the_vow() -> None:
    session, dice = open_campaign("Sire fight", "elegy")
    assert session.send("/track formidable Destroy the hunter who killed my sire").kind != "error"
    assert session.send("/track dangerous fight The hunter").kind != "error"
    moves = [s.move for s in session.send("I destroy the hunter").suggestions]
    assert moves[0] not in ("Reach a Milestone", "Fulfill Your Elegy"), moves
