"""Round 9 of the city game: the Demands and the schemes are lists a player can /add to (a Demand written by hand
is then met by Meet Demand), the number of Demands before retiring is its own field, and advantage with
disadvantage is refused in words, not asked as a yes/no question."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_demand_and_a_scheme_added_by_hand_are_on_the_sheet_and_meet_demand_meets_it() -> None:
    session, dice = open_campaign("Demand City", "city")
    added = session.send("/add demands Bring the dockmaster to heel")
    assert added.kind == "command" and "Demands: added Bring the dockmaster to heel" in added.narration, added
    session.send("/add scheme Smuggle salt")
    session.send("/set demands to retire 3")
    sheet = session.send("/sheet").narration
    assert "Demands: Bring the dockmaster to heel" in sheet and "Schemes: Smuggle salt" in sheet, sheet
    met = session.send("/roll meet demand")
    assert met.kind == "action", met.error
    character = session.reload().characters["pc1"]
    assert character["demands"] == [{"text": "Bring the dockmaster to heel", "met": True}]
    assert character["demands_to_retire"] == 3 and character["advances"] == 1
    dice.queue(4, 4)
    ran = session.send("/roll run the scheme")
    assert "Smuggle salt" in ran.narration, ran.narration


def test_advantage_with_disadvantage_is_refused_in_words_and_changes_nothing() -> None:
    session, _ = open_campaign("Cancel City", "city")
    before = session.reload().characters
    told = session.send("/roll take a big risk advantage=yes disadvantage=yes")
    assert told.kind == "error", told.narration
    assert "cancel out" in (told.error or "") and "advantage=yes or disadvantage=yes" in (told.error or ""), told.error
    assert not told.suggestions or "Yes" not in told.narration
    assert session.reload().characters == before
