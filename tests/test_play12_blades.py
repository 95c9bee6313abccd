"""Round 12 of a Blades downtime played through the chat: the heat of a loud score told as the moment it is (not
"Heat. Heat 0 → 4."), and an entanglement rolled on a 6 with no recital of the table's heat columns."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_roll_heat_tells_the_moment_and_the_change_once() -> None:
    session, _ = open_campaign("Loud Crows", "blades")
    asked = session.send("/roll heat")
    assert asked.kind == "question" and "How loud was the operation?" in asked.narration, asked.narration
    heat = session.send("3")  # loud: 4 heat
    assert heat.kind == "action", heat.error
    assert heat.narration == (
        "After a score or conflict with an opponent, the crew takes heat by the operation's exposure.\n\nHeat 0 → 4."
    ), heat.narration
    assert_store_matches_card(session, heat)
    assert session.reload().active()["heat"] == 4  # type: ignore[index]


@pytest.mark.parametrize("cards", [False, True])
def test_an_entanglement_on_a_six_offers_the_columns_entanglement_without_reciting_the_columns(cards: bool) -> None:
    _, dice = open_campaign(f"Tangled {cards}", "blades")
    session = ChatSession.open(f"Tangled {cards}", rng=dice, cards_shown=cards)
    session.send("/set heat 5")
    session.send("/set wanted level 1")
    dice.queue(6)
    rolled = session.send("/roll entanglements")
    assert rolled.kind == "action", rolled.error
    told = rolled.narration
    assert "column" not in told and "Heat 0-3" not in told and "Cooperation" not in told, told
    assert [o.label for c in rolled.open_choices for o in c.options] == ["Show of Force"]
    picked = session.send("/choose 1")
    assert "column" not in picked.narration and "Show of Force" in picked.narration, picked.narration
    assert_store_matches_card(session, picked)
