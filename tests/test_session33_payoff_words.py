"""Round 33, a Blades downtime opened as a player types it: "we pulled off the Dimmer Sisters job, the take was 6 coin,
i take the payoff" offered Crafting, Long-Term Project and Acquire Asset (the first, confirmed, spent 6 coin the
character did not have), and no Payoff: "pulled off the" read as a score begun. The take of a score, or the move
named, is Payoff."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "said",
    [
        "we pulled off the Dimmer Sisters job, the take was 6 coin, i take the payoff",
        "the take was 4 coin from the Bellweather heist",
        "ok we split the take, 3 coin",
    ],
)
def test_the_take_of_a_score_is_payoff(said: str) -> None:
    session, _ = open_campaign("Take " + said.split()[1], "blades")
    turn = session.send(said)
    assert turn.suggestions and turn.suggestions[0].move == "Payoff", [s.move for s in turn.suggestions]
    paid = session.confirm(turn.suggestions[0])
    assert paid.kind != "error", paid.error
    assert paid.results[0].move == "Payoff"


def test_a_score_begun_is_still_an_action() -> None:
    session, _ = open_campaign("Score begun", "blades")
    turn = session.send("we break into the bluecoat armory to steal their guns")
    assert turn.suggestions[0].move == "Action Roll", [s.move for s in turn.suggestions]
