"""Round 11 of a night in the Magistrate's city through the chat: a question about who runs a place or where
something is points at the move that finds out; a Demand perceived, then met in the player's words."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("question", "move"),
    [("Who runs the docks?", "Ear to the Ground"), ("who controls the Ninth Ward?", "Ear to the Ground"),
     ("Where is the smugglers' warehouse?", "Get Your Bearings")],
)  # fmt: skip
def test_a_question_about_the_city_points_at_the_move_that_finds_out(question: str, move: str) -> None:
    session, _ = open_campaign("Docks Night", "city")
    before = session.reload().characters
    told = session.send(question)
    assert told.kind == "oracle" and not told.results, told.error
    assert f"the rules have {move}:" in told.narration, told.narration
    assert f"/roll {move.lower()}" in told.narration, told.narration
    assert session.reload().characters == before


def test_a_demand_perceived_then_met_in_the_players_words() -> None:
    session, _ = open_campaign("Demand Night", "city")
    offered = session.send("I walk the streets at night to see what the city wants")
    assert offered.suggestions[0].move == "Perceive Demand", [s.move for s in offered.suggestions]
    asked = session.confirm(offered.suggestions[0])
    assert asked.kind == "question", asked.narration
    session.send("Find out who smuggles the black lotus")
    met = session.send("I meet the demand")
    assert met.suggestions[0].move == "Meet Demand", [s.move for s in met.suggestions]
    done = session.confirm(met.suggestions[0])
    assert done.kind == "action", done.error
    demands = session.reload().active()["demands"]
    assert "black lotus" in str(demands) and "met" in str(demands).lower(), demands
