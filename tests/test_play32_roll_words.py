"""Round 32: /roll with the start of the only move it names rolls it ("/roll resistance +prowess" said there is no move
called 'resistance'); a start several moves share is refused as before; "what is a bond?" asks the rules (a word of a
move's name; it was read as a question for the oracle); a score begun in Blades is action, not its Payoff ("we break
into the bluecoat armory to steal their guns, it's a score" offered Payoff and asked how much coin it brought in)."""

from __future__ import annotations

import pytest

from assistant.chat.classify import classify
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_start_of_the_only_move_it_names_is_rolled() -> None:
    session, dice = open_campaign("Resist start", "blades")
    dice.queue(6, 2)
    rolled = session.send("/roll resistance +prowess")
    assert rolled.kind == "action" and rolled.results[0].move == "Resistance Roll", rolled.error
    assert any(n.startswith("Read as Resistance Roll") for n in rolled.notes), rolled.notes


def test_a_start_several_moves_share_is_refused_and_rolls_nothing() -> None:
    session, _dice = open_campaign("Face start", "starforged")
    refused = session.send("/roll face")
    assert refused.kind == "error" and not refused.results, refused.narration


@pytest.mark.parametrize(("line", "system"), [("what is a bond?", "starforged"), ("what is a tie?", "city")])
def test_a_word_of_the_rules_asked_about_is_a_rules_question(line: str, system: str) -> None:
    assert classify(line, system).kind == "rules"


def test_the_story_asked_about_stays_the_oracles() -> None:
    assert classify("what is the captain hiding?", "starforged").kind == "oracle"


def test_a_score_begun_is_an_action_roll_not_its_payoff() -> None:
    session, _dice = open_campaign("Armory", "blades")
    turn = session.send("we break into the bluecoat armory to steal their guns, it's a score")
    assert turn.suggestions[0].move == "Action Roll", [s.move for s in turn.suggestions]


def test_a_relationship_worked_on_with_no_connection_makes_the_connection_first() -> None:
    session, _dice = open_campaign("No connection yet", "starforged")
    turn = session.send("I develop my relationship with ilsa by helping her with a job")
    offered = [s.move for s in turn.suggestions]
    assert offered[0] == "Make a Connection" and "Test Your Relationship" not in offered, offered
