"""Round 27, the city game played as a new player types: "I want to buy a forged pass" was told "None of the moves
closely fits these words" (buying is getting something through one's network: Get Something, "say what you need"), and
asking which faction controls the ground offered Overtake Neighborhood, a faction's move to seize it, before Get Your
Bearings, whose question is "Which faction controls this area?"."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest


def _moves(embedder, text: str) -> list[str]:
    return [s.move for s in suggest(text, SuggestContext(system="city"), k=3, embedder=embedder)]


@pytest.mark.parametrize(
    "text",
    [
        "I want to buy a forged pass",
        "I want to purchase a crate of rifles",
        "I want to get hold of forged papers",
        "I try to procure a permit from the clerk's office",
    ],
)
def test_buying_is_get_something(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Get Something", text


@pytest.mark.parametrize(
    "text", ["who controls this district?", "I want to learn which faction controls the docks", "who is in charge here?"]
)
def test_who_holds_the_ground_is_get_your_bearings(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Get Your Bearings", text


@pytest.mark.parametrize(
    "text", ["our faction wants to take over the docks district", "the Cobblers try to seize control of the market"]
)
def test_a_faction_seizing_ground_is_still_overtake_neighborhood(embedder, text: str) -> None:
    assert _moves(embedder, text)[0] == "Overtake Neighborhood", text
