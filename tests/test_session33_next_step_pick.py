"""Round 33: after a miss whose card says "Next: Pay the Price", a player typed "/choose 1" (the terminal lists the
step as "[1] Pay the Price"). The terminal made the step, but the chat itself (the app, the scripted eval) answered
"Gather Information has no open choices: nothing waits for a pick now", while Pay the Price waited. "/choose N" or
"/choose <its words>" with no choice open makes the step listed as N; a pick that names none says which there are."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")

MISS = "I question the drunk sexton about where Anselm hides his relics"


@pytest.mark.parametrize("pick", ["/choose 1", "/choose pay the price"])
def test_a_pick_with_no_choice_open_makes_the_next_step(pick: str) -> None:
    session, dice = open_campaign("Sexton " + pick[-5:], "elegy")
    missed = play(session, dice, MISS, 10, 10)  # a miss: Pay the Price
    assert [f.move for f in missed.follow_ups] == ["Pay the Price"], missed.follow_ups
    made = session.send(pick)
    assert made.kind != "error", made.error
    assert [r.move for r in made.results] == ["Pay the Price"]
    again = session.send(pick)  # made once: it waits no more
    assert again.kind == "error" and "nothing waits for a pick now" in (again.error or "").lower(), again.error


def test_a_pick_past_the_steps_lists_them_and_changes_nothing() -> None:
    session, dice = open_campaign("Sexton five", "elegy")
    play(session, dice, MISS, 10, 10)
    before = session.reload()
    refused = session.send("/choose 5")
    assert refused.kind == "error"
    assert "what comes next: /choose 1 for Pay the Price." in (refused.error or ""), refused.error
    after = session.reload()
    assert after.active() == before.active() and len(after.transcript) >= len(before.transcript)
