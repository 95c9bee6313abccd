"""Round 17 of a Starforged session played through the chat: a fight lost, then the player types "pay the price" and
confirms it: the price is tied to what they were doing, not to the words that named the move ("As you try to pay the
price, ...")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_price_asked_for_by_name_is_tied_to_the_last_action() -> None:
    session, dice = open_campaign("Price Named", "starforged")
    tried = session.send("I force the jammed airlock open")
    dice.queue(1, 9, 8)
    missed = session.confirm(tried.suggestions[0])
    assert missed.results[0].outcome.value == "miss", missed.narration
    offered = session.send("pay the price")
    price = next(s for s in offered.suggestions if s.move == "Pay the Price")
    dice.queue(23)
    paid = session.confirm(price)
    assert paid.kind != "error", paid.error
    assert "As you try to pay the price" not in paid.narration, paid.narration
    assert "As you try to force the jammed airlock open, " in paid.narration, paid.narration


@pytest.mark.parametrize("words", ["I creep through the derelict's corridor", "I slink along the hull"])
def test_creeping_is_face_danger_with_shadow_without_a_model(words: str) -> None:
    session, _ = open_campaign(f"Creep {words}", "starforged")
    offered = session.send(words)
    first = offered.suggestions[0]
    assert (first.move, first.stat) == ("Face Danger", "shadow"), [(s.move, s.stat) for s in offered.suggestions]
    assert not any("closely fits" in n for n in offered.notes + first.notes), offered.notes


def test_the_finishing_blow_offers_take_decisive_action() -> None:
    """The cue "the finishing blow" points at Take Decisive Action: the words describing someone drop an -ing word ("past the
    sleeping guards"), and once dropped the blow lost its cue in the suggestions (the rules ranking had it back)."""
    session, _ = open_campaign("Finisher", "starforged")
    session.send("/track formidable fight The raider")
    turn = session.send("I go for the finishing blow")
    # round 28: on an empty track it is a sure miss, offered after the moves that mark the progress it needs
    assert "Take Decisive Action" in [s.move for s in turn.suggestions], turn.suggestions
    sleeping = session.send("I sneak past the sleeping guards")
    assert "Take Decisive Action" not in [s.move for s in sleeping.suggestions][:1], sleeping.suggestions


@pytest.mark.parametrize("words", ["I ask around the docks about the Hollow Choir", "I nose around the bazaar for word of Kira"])
def test_asking_around_is_gather_information_without_a_model(words: str) -> None:
    """Starforged has no rumour move of its own: asking around is gathering information (the test embedder offered
    Secure an Advantage first)."""
    session, _ = open_campaign(f"Ask {words}", "starforged")
    offered = session.send(words)
    assert offered.suggestions[0].move == "Gather Information", [(s.move, s.stat) for s in offered.suggestions]
