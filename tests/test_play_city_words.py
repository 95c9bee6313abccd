"""What a player of the city game reads, played through the chat: moves offered only when the sheet allows them,
questions for the Magistrate, the cards' words for a belief and a connection."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def open_city(name: str) -> tuple[ChatSession, ScriptedDice]:
    return open_campaign(name, "city")


def offered(session: ChatSession, text: str) -> list[str]:
    turn = session.send(text)
    assert turn.kind != "error", turn.error
    return [str(s.move) for s in turn.suggestions]


def confirm(session: ChatSession, dice: ScriptedDice, move: str, *faces: int) -> Any:
    dice.queue(*faces)
    turn = session.confirm({"move": move})
    assert turn.kind != "error", turn.error
    if turn.results:
        assert_store_matches_card(session, turn)
    return turn


def test_run_the_scheme_is_offered_only_with_a_scheme_not_yet_run_this_session() -> None:
    session, dice = open_city("no scheme yet")
    assert "Run the Scheme" not in offered(session, "I check in on my scheme and collect the take")
    refused = session.confirm({"move": "Run the Scheme"})
    assert refused.kind == "error" and "Set Up a Scheme first" in (refused.error or "")
    session.send("I set up a scheme to smuggle wine past the customs house")
    confirm(session, dice, "Set Up a Scheme", 5, 6)
    assert "Run the Scheme" in offered(session, "I check in on my scheme and collect the take")
    confirm(session, dice, "Run the Scheme", 5, 5)
    assert "Run the Scheme" not in offered(session, "I check in on my scheme and collect the take")
    again = session.confirm({"move": "Run the Scheme"})
    assert again.kind == "error" and "once per session" in (again.error or "")
    confirm(session, dice, "New Session")
    assert "Run the Scheme" in offered(session, "I check in on my scheme and collect the take")


def test_meet_demand_is_offered_only_with_a_demand_to_meet() -> None:
    session, dice = open_city("no demand yet")
    assert "Meet Demand" not in offered(session, "I meet the demand the city made of me")
    confirm_turn = session.confirm({"move": "Perceive Demand", "options": {"demand": "Burn the old ledger"}})
    assert confirm_turn.kind != "error", confirm_turn.error
    assert "Meet Demand" in offered(session, "I meet the demand the city made of me: the ledger burns")


@pytest.mark.parametrize("words", ["what does the magistrate want", "What does the Magistrate want from me?"])
def test_what_the_magistrate_wants_is_a_question_for_the_magistrate_not_a_rules_answer(words: str) -> None:
    session, _ = open_city("what they want")
    before = session.reload().active()
    turn = session.send(words)
    assert turn.kind == "oracle" and not turn.citations and not turn.results
    assert "the Magistrate (the GM) answers questions about the story" in turn.narration
    assert "Compromises" not in turn.narration
    assert session.reload().active() == before


def test_a_rules_question_that_starts_with_what_does_is_still_answered_from_the_rules() -> None:
    session, _ = open_city("rules still")
    turn = session.send("what does backfire mean?")
    assert turn.kind == "rules" and turn.citations


def test_a_challenged_belief_is_said_to_be_marked_as_the_sheet_shows() -> None:
    session, dice = open_city("belief marked")
    session.send("/add belief The Magistrate lies")
    dice.queue(6, 2, 4)
    turn = session.confirm({"move": "Direct Someone to Act", "stat": "sway", "options": {"use_belief": "The Magistrate lies"}})
    assert turn.kind != "error", turn.error
    assert "the belief is challenged and marked" in turn.narration and "mark it" not in turn.narration, turn.narration
    assert (session.reload().active() or {})["beliefs"][0]["marked"] is True
    assert "- Beliefs: The Magistrate lies (marked)" in session.send("/character").narration


def test_a_city_move_in_a_connected_neighborhood_rolls_with_advantage_before_the_dice_not_after() -> None:
    session, dice = open_city("connected")
    session.send("/set neighborhood Saltmarket")
    session.send("/add connected neighborhoods Saltmarket")
    turn = session.send("I ask around the Saltmarket for a forger who can copy the Baron's seal")
    get = next(s for s in turn.suggestions if str(s.move) == "Get Something")
    dice.queue(4, 1, 5)
    rolled = session.confirm(get)
    assert_store_matches_card(session, rolled)
    result = rolled.results[0]
    assert len(result.dice) == 3 and result.score == 9, result.dice
    assert "With advantage (your connection to Saltmarket)" in rolled.narration, rolled.narration
    assert "you may roll this City Move with advantage" not in rolled.narration


def test_an_outcome_that_opens_a_choice_asks_it_once_not_again_in_the_story() -> None:
    session, dice = open_city("compromise")
    dice.queue(5, 6)
    turn = session.confirm({"move": "Get Something", "stat": "network"})
    assert turn.kind != "error", turn.error
    text = turn.narration.lower()
    assert text.count("pick 1 compromise") == 1, turn.narration
    story = text.split("\n\n")[0]  # the story before the card: the choice below asks it
    assert "mark 1 heat" not in story and "compromise" not in story, turn.narration


def test_a_question_picked_is_told_as_a_question_taken_up_and_a_choice_as_chosen() -> None:
    session, dice = open_city("take")
    session.send("I set up a scheme to smuggle wine past the customs house")
    confirm(session, dice, "Set Up a Scheme", 5, 6)
    dice.queue(4, 4)
    ran = session.confirm({"move": "Run the Scheme"})
    assert ran.kind != "error", ran.error
    picked = session.send("/choose 3 7")
    assert picked.kind != "error", picked.error
    assert picked.narration.startswith(
        "You take up the question “How do you collect the revenue or value generated by the scheme?”, and choose: "
        "reduce productivity to collect an asset."
    ), picked.narration
    assert "?;" not in picked.narration


def test_a_reaction_the_magistrate_picks_is_not_called_the_players_call() -> None:
    session, _ = open_city("reveal")
    session.send("/add secret The heir is a changeling")
    turn = session.confirm({"move": "Reveal a Secret"})
    assert turn.kind != "error", turn.error
    assert "They (the Magistrate) may pick one Reaction:" in turn.narration, turn.narration
    assert "your call" not in turn.narration
    picked = session.send("/choose 4")  # the player enters the Magistrate's pick
    assert picked.narration.startswith("The Magistrate picks: they start a rumor about you."), picked.narration


def test_a_faction_aspect_is_added_in_the_chat_and_an_unnamed_resource_says_what_to_do() -> None:
    session, dice = open_city("guild")
    added = session.send("/add aspect Master glassblowers")
    assert added.kind != "error", added.error
    assert (session.reload().active() or {})["faction"]["aspects"] == ["Master glassblowers"]
    dice.queue(6, 4)
    turn = session.confirm({"move": "Secure Resource"})
    assert turn.kind != "error", turn.error
    assert "The resource was not named, so nothing is written yet: add it to the faction's aspects." in turn.narration
    assert ". the faction" not in turn.narration and "(the resource not named)" not in turn.narration, turn.narration


def test_perceive_demand_is_offered_until_a_demand_is_taken_and_meet_demand_after() -> None:
    session, dice = open_city("demands")
    assert "Perceive Demand" in offered(session, "I perceive what the city demands of me")
    taken = session.confirm({"move": "Perceive Demand", "options": {"demand": "Burn the Baron's ledger"}})
    assert taken.kind != "error", taken.error
    moves = offered(session, "I burned the ledger in the kiln, the demand is met")
    assert "Meet Demand" in moves and "Perceive Demand" not in moves, moves
    again = session.confirm({"move": "Perceive Demand", "options": {"demand": "Another"}})
    assert again.kind == "error" and "once per session" in (again.error or ""), again.error
    met = session.confirm({"move": "Meet Demand"})
    assert met.kind != "error", met.error
    later = session.confirm({"move": "Perceive Demand", "options": {"demand": "Another"}})
    assert later.kind == "error" and "once per session" in (later.error or ""), later.error
