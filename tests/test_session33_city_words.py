"""Round 33, the city game as a player types it: "I tell Oswin to carry a sealed message to the guildhall for me"
offered Get Something first (working connections), where the rules say a demand of one person is Direct Someone to Act
("If your efforts are focused on an individual, use Direct Someone to Act")."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "said",
    [
        "I tell Oswin to carry a sealed message to the guildhall for me",
        "i ask the lamplighter to keep watch on the bell tower tonight",
        "I tell the ferryman to take me across before the curfew bell",
    ],
)
def test_a_demand_of_one_person_is_direct_someone_to_act(said: str) -> None:
    session, _ = open_campaign("Oswin " + said.split()[2], "city")
    turn = session.send(said)
    assert turn.kind != "error" and turn.suggestions, turn.error
    assert turn.suggestions[0].move == "Direct Someone to Act", [s.move for s in turn.suggestions]


def test_working_connections_for_a_thing_is_still_get_something() -> None:
    session, _ = open_campaign("Forged papers", "city")
    turn = session.send("I ask around for forged papers to get past the tollgate")
    assert turn.suggestions[0].move == "Get Something", [s.move for s in turn.suggestions]
