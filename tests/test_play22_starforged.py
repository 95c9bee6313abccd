"""Round 22 of Starforged played through the chat: an ambush sprung in a fight already on offered Gain Ground first
("When you are in control and take action ... to reinforce your position": being ambushed is no step the character
takes; the new foes force them into the fray); "I blast the cutter's engines" offered Repair first; and Sacrifice
Resources while unprepared offered itself again among the "different suffer move" its rule sends the cost to."""

from __future__ import annotations

import pytest

from assistant.chat.cli import next_steps
from assistant.engine import resolve
from assistant.engine.cue_words import match_cues
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

AMBUSHES = [
    "Raiders ambush me from the wreckage",
    "We are ambushed by more pirates",
    "a second raider jumps me from behind",
    "more raiders ambush us!",
]


@pytest.mark.parametrize("words", AMBUSHES)
def test_an_ambush_in_a_fight_in_control_is_entering_the_fray_not_gaining_ground(words: str) -> None:
    session, dice = open_campaign("Ambushed in control", "starforged")
    dice.queue(6, 1, 1)
    assert session.send("/roll enter the fray +iron").kind == "action"  # a strong hit: in control
    assert session.reload().active()["position"] == "in_control"
    offered = [s.move for s in session.send(words).suggestions]
    assert offered[0] == "Enter the Fray", offered
    assert "Gain Ground" not in offered, offered


@pytest.mark.parametrize("words", AMBUSHES)
def test_an_ambush_weighs_against_the_moves_of_a_step_taken_only_in_a_fight(words: str) -> None:
    fighting = match_cues("starforged", words, fighting=True).move_boost
    assert fighting.get("gainground", 0) < 0 and fighting.get("enterthefray", 0) > 0, fighting
    assert "gainground" not in match_cues("starforged", words, fighting=False).move_boost


def test_pressing_on_in_control_still_gains_ground() -> None:
    """The good text: a step the character takes in control is still Gain Ground."""
    session, dice = open_campaign("Pressing on", "starforged")
    dice.queue(6, 1, 1)
    assert session.send("/roll enter the fray +iron").kind == "action"
    assert session.send("I push toward the airlock").suggestions[0].move == "Gain Ground"


@pytest.mark.parametrize(
    "words",
    ["I blast the cutter's engines", "I shoot at the cutter's engines", "I fire on the pirate cutter", "I open fire on the ship"],
)
def test_a_shot_at_a_ship_is_an_attack_not_a_repair(words: str) -> None:
    session, _dice = open_campaign("Cutter", "starforged")
    offered = [s.move for s in session.send(words).suggestions]
    assert offered[0] == "Enter the Fray", offered  # no fight on yet: the first shot begins one
    assert "Repair" not in offered, offered
    boost = match_cues("starforged", words).move_boost
    assert boost.get("repair", 0) < 0, boost


def test_mending_the_engines_is_still_a_repair() -> None:
    session, _dice = open_campaign("Mending", "starforged")
    assert session.send("I fix the cutter's engines").suggestions[0].move == "Repair"
    assert not match_cues("starforged", "could I splice the wires and override the blast door?").move_boost


def test_sacrifice_resources_while_unprepared_sends_its_cost_to_a_different_suffer_move() -> None:
    session, _dice = open_campaign("Unprepared", "starforged")
    session.send("/set supply 0")
    session.send("/add impact unprepared")
    offered = session.send("I lose my rations in the river")
    first = offered.suggestions[0]
    assert first.move == "Sacrifice Resources", [s.move for s in offered.suggestions]
    assert first.odds_words == "while unprepared: apply the cost to a different suffer move", first.odds_words
    turn = session.send("/roll sacrifice resources 2")
    assert turn.kind == "action", turn.error
    steps = [label for label, _request in next_steps(session, turn.follow_ups)]
    assert "Endure Harm (-2)" in steps and "Lose Momentum (-2)" in steps, steps
    assert not any(label.startswith("Sacrifice Resources") for label in steps), steps
    assert all(fu.other_than == "sacrifice_resources" for fu in turn.follow_ups if fu.kind == "suffer")


def test_a_suffer_move_asked_by_another_move_may_be_sacrifice_resources() -> None:
    """The good text: a weak hit's "make a suffer move" still offers every suffer move, Sacrifice Resources included."""
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [3, 5, 9]})
    suffer = [fu for fu in result.follow_ups if fu.kind == "suffer"]
    assert suffer and all(fu.other_than is None for fu in suffer), result.follow_ups


def test_sacrifice_resources_with_supply_left_says_nothing_more() -> None:
    session, _dice = open_campaign("Prepared", "starforged")
    offered = session.send("I lose my rations in the river")
    first = next(s for s in offered.suggestions if s.move == "Sacrifice Resources")
    # no warning of the brink, only that the move takes no dice (it was listed bare before round 31)
    assert first.odds_words == "no roll: the move is made without dice", first.odds_words
