"""Round 34 in Starforged, lines a player typed: "my drone takes a hit for me" offered Endure Harm first (the
companion's hardship is Companion Takes a Hit, "When your companion faces physical hardship"); "i meet the colony's
chief engineer, ada, and try to win her trust" offered Face Danger (a new relationship is Make a Connection), and the
connection made was named "The colony's chief engineer, ada, and try to win her trust"; it is Ada."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("line", ["my drone takes a hit for me", "my companion drone gets hit by the blast"])
def test_the_companions_hit_is_its_own(line: str) -> None:
    session, _dice = open_campaign(f"Drone {len(line)}", "starforged")
    offered = session.send(line)
    assert offered.suggestions[0].move == "Companion Takes a Hit", [s.move for s in offered.suggestions]


def test_the_players_own_hit_is_still_endure_harm() -> None:
    session, _dice = open_campaign("Own hit", "starforged")
    offered = session.send("the raider hits me")
    assert offered.suggestions[0].move == "Endure Harm", [s.move for s in offered.suggestions]


def test_winning_someones_trust_makes_a_connection() -> None:
    session, dice = open_campaign("Ada", "starforged")
    offered = session.send("i meet the colony's chief engineer, ada, and try to win her trust")
    connect = offered.suggestions[0]
    assert connect.move == "Make a Connection", [s.move for s in offered.suggestions]
    dice.queue(6, 1, 2)
    made = session.confirm(connect)
    assert made.results[0].outcome.value == "strong_hit"
    connections = [t for t in session.reload().tracks.values() if t.get("kind") == "connection"]
    assert [t["name"] for t in connections] == ["Ada"], connections  # not "The colony's chief engineer, ada, and try ..."
    assert "Ada" in made.narration, made.narration
