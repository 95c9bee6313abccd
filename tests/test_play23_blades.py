"""Round 23, Blades: "reduce our heat" offered the bare Heat move (heat the crew takes after a score) beside Reduce
Heat, only because the words hold "heat". A move whose whole name is a part of a longer name the words say is not
offered; "cool the heat", "lower our heat" are words for Reduce Heat too. Taking heat after a score still offers
Heat."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "typed",
    [
        "reduce our heat",
        "I lie low to cool the heat",
        "we need to lower our heat",
        "Reduce the heat on the crew",
        "shake the heat off us",
    ],
)
def test_lowering_the_heat_offers_reduce_heat_and_never_the_bare_heat_move(typed: str) -> None:
    session, _ = open_campaign("Cool", "blades")
    assert session.send("/set heat 4").kind != "error"
    offered = session.send(typed)
    moves = [s.move for s in offered.suggestions]
    assert moves and moves[0] == "Reduce Heat", moves
    assert "Heat" not in moves, moves


def test_heat_taken_after_a_score_still_offers_the_heat_move() -> None:
    session, _ = open_campaign("Score heat", "blades")
    assert session.send("/set heat 4").kind != "error"
    offered = session.send("we take heat from the score")
    assert "Heat" in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]


@pytest.mark.parametrize("typed", ["/roll faction downtime clock=8", "/roll faction downtime clock=6"])
def test_faction_downtime_is_never_told_to_take_a_project_or_a_stat(typed: str) -> None:
    session, _ = open_campaign("Faction", "blades")
    assert session.send("/clock 6 The Bluecoats close in").kind != "error"
    turn = session.send(typed)
    said = f"{turn.narration} {turn.error or ''}"
    assert "project" not in said and "+study" not in said, said
    assert "The Bluecoats close in" in said, said  # it asks which clock, naming the ones there are


def test_a_project_clock_without_its_name_still_says_how_to_name_it() -> None:
    session, _ = open_campaign("Project", "blades")
    assert session.send("/clock 6 The Bluecoats close in").kind != "error"
    turn = session.send("/roll long-term project +study clock=8")
    said = f"{turn.narration} {turn.error or ''}"  # asked as a question: what to name the project
    assert "/roll long-term project +study project=Tunnel clock=8" in said, said
