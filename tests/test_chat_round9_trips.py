"""What a player tripped on in the ninth round of played sessions (Starforged, Elegy, Dungeon World), played through
the chat as they typed it: an attack with no fight on starts one (Enter the Fray), a progress move on an empty track
says what rolling it now means, a table named after a move says it is not the move, a question typed without its "?"
is a question, the cost of an expedition's progress asked once."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice, assert_store_matches_card

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _session(system: str, name: str = "round9") -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign(name, system, seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open(name, rng=dice, embedder=get_embedder("hash")), dice


@pytest.mark.parametrize("said", ["the raider attacks me!", "the raider shoots at me", "a pirate comes at me with a knife"])
def test_an_attack_with_no_fight_on_starts_one(said: str) -> None:
    """ "When you initiate combat or are forced into a fight" (Enter the Fray); Endure Harm answers harm dealt."""
    session, dice = _session("starforged")
    offered = session.send(said)
    assert offered.suggestions[0].move == "Enter the Fray", offered.narration
    dice.queue(5, 5, 6)
    fray = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, fray)
    assert "Position: in control." in fray.narration, fray.narration


def test_harm_dealt_is_still_endure_harm() -> None:
    session, _dice = _session("starforged")
    offered = session.send("the raider slashes me, serious harm")
    assert offered.suggestions[0].move == "Endure Harm", offered.narration


def test_take_decisive_action_on_an_empty_track_says_it_is_a_sure_miss() -> None:
    session, dice = _session("starforged")
    offered = session.send("the raider attacks me!")
    dice.queue(5, 5, 6)
    session.confirm(offered.suggestions[0])
    asked = session.send("I take decisive action")
    line = next(line for line in asked.narration.splitlines() if "Take Decisive Action" in line)
    assert "miss 100%" not in line, asked.narration
    assert "a sure miss now: The raider has no progress marked" in line, asked.narration
    assert "mark progress first" in line, asked.narration


def test_fulfilling_a_vow_with_no_progress_says_it_is_a_sure_miss() -> None:
    session, dice = _session("starforged")
    offered = session.send("I swear a formidable vow to find my sister")
    dice.queue(5, 4, 1)
    session.confirm(offered.suggestions[0])
    asked = session.send("I fulfill my vow")
    assert "Fulfill Your Vow — a sure miss now: Find my sister has no progress marked" in asked.narration, asked.narration


def test_a_table_named_by_its_move_says_how_to_play_the_move() -> None:
    session, dice = _session("starforged")
    dice.queue(80)
    turn = session.send("/table Take Decisive Action")
    assert "Others won’t forget" in turn.narration, turn.narration
    assert any("not the move itself: to play the move, /roll take decisive action." in n for n in turn.notes), turn.notes
    dice.queue(95)
    price = session.send("/table pay the price")
    assert not any("not the move itself" in n for n in price.notes), price.notes


@pytest.mark.parametrize("said", ["what should I do next", "what now", "what do I do now", "what are my options"])
def test_asking_what_to_do_without_a_question_mark_is_a_question(said: str) -> None:
    session, _dice = _session("starforged")
    turn = session.send(said)
    assert turn.kind == "oracle" and not turn.results and not turn.suggestions, turn.narration
    assert turn.narration.startswith("What your character does next is yours to say"), turn.narration


def test_a_yes_no_question_without_a_question_mark_asks_the_oracle() -> None:
    session, dice = _session("starforged")
    dice.queue(96)
    turn = session.send("is the station abandoned")
    assert turn.kind == "oracle" and turn.results and turn.results[0].outcome == "no", turn.narration
    assert "the station is not abandoned" in turn.narration, turn.narration


def test_an_action_is_still_an_action() -> None:
    session, _dice = _session("starforged")
    turn = session.send("what a mess, I run for the airlock")
    assert turn.kind == "action" and turn.suggestions, turn.narration


def test_the_cost_of_expedition_progress_is_asked_once() -> None:
    session, dice = _session("starforged")
    offered = session.send("I survey the derelict, a dangerous expedition")
    dice.queue(5, 9, 1)
    turn = session.confirm(offered.suggestions[0])
    assert_store_matches_card(session, turn)
    assert turn.narration.count("This progress costs you") <= 1, turn.narration
    assert "Choose what this progress costs you" in turn.narration, turn.narration
