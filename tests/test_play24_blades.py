"""Round 24, Blades downtime: after "I visit the doctor to heal my wounds" with no harm ("Nothing to roll for that
now"), a bare "1" played the first move offered for the words before (Payoff again, asking for its coin). Words
answered with nothing to roll leave no moves on offer: "1" then says that none is waiting, and changes nothing."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("first", ["we collect our payoff", "I train my prowess"])
def test_a_number_after_nothing_to_roll_picks_no_older_move(first: str) -> None:
    session, _ = open_campaign("Nothing then one " + first, "blades")
    assert session.send(first).suggestions
    nothing = session.send("I visit the doctor to heal my wounds")
    assert nothing.kind == "action" and not nothing.suggestions and "Nothing to roll" in nothing.narration
    before = session.reload().model_dump(mode="json")
    picked = session.send("1")
    assert picked.kind == "error" and "none is waiting" in picked.error, (picked.kind, picked.narration)
    after = session.reload().model_dump(mode="json")
    assert after["pending_question"] is None and after["characters"] == before["characters"]
