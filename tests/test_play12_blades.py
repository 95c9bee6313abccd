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


def test_an_additional_downtime_activity_is_paid_for_before_the_next_move() -> None:
    session, dice = open_campaign("Paid Up", "blades")
    assert session.send("/roll payoff").kind == "action"  # rep 2: something to pay with
    for faces in ((4,), (5,)):
        dice.queue(*faces)
        assert session.send("/roll reduce heat +consort").kind == "action"
    dice.queue(6)
    third = session.send("/roll reduce heat +consort")
    assert [o.label for c in third.open_choices for o in c.options] == ["Pay 1 coin", "Pay 1 rep"], third.narration
    events = len(session.store.events("Paid Up"))
    dice.queue(3)
    refused = session.send("/roll reduce heat +consort")
    assert refused.kind == "error", refused.narration
    assert refused.error == (
        "An additional downtime activity costs 1 coin or 1 rep, and Reduce Heat is not paid for yet: pay with /choose 1 "
        "(pay 1 coin) or /choose 2 (pay 1 rep) first, or take Reduce Heat back with /undo."
    )
    assert dice.faces == [3] and not [e for e in session.store.events("Paid Up")[events:] if e.event.type == "move_resolved"]
    paid = session.send("/choose 2")
    assert paid.kind == "action" and "Rep 2 → 1" in paid.narration, paid.narration
    assert_store_matches_card(session, paid)
    fourth = session.send("/roll reduce heat +consort")
    assert fourth.kind == "action" and not dice.faces, fourth.error
    sheet = session.reload().active()
    assert sheet["rep"] == 1 and sheet["downtime_activities"] == 4  # type: ignore[index]


def test_heat_that_rolls_over_is_told_as_heat_taken_and_passes_the_check() -> None:
    session, _ = open_campaign("Rolled Over", "blades")
    session.send("/set heat 4")
    wild = session.send("/roll heat exposure=wild")
    assert wild.kind == "action" and not wild.violations, wild.violations
    assert wild.narration.startswith("After a score or conflict with an opponent, the crew takes heat"), wild.narration
    assert "Heat 4 → 1. Wanted level 0 → 1." in wild.narration, wild.narration
    assert_store_matches_card(session, wild)


def test_indulging_a_vice_beside_the_apps_card_passes_the_check() -> None:
    _, dice = open_campaign("Gambling Den", "blades")
    session = ChatSession.open("Gambling Den", rng=dice, cards_shown=True)
    session.send("/set stress 3")  # some stress to clear: with none, any vice roll overindulges
    offered = session.send("I indulge my vice at the gambling den")
    dice.queue(5, 2)
    vice = session.confirm(next(s for s in offered.suggestions if s.move == "Indulge Vice"))
    assert vice.kind == "action" and not vice.violations, vice.violations
    assert vice.narration.endswith("indulge your vice at the gambling den."), vice.narration
    assert_store_matches_card(session, vice)


def test_training_reads_as_xp_marked_on_the_card() -> None:
    from assistant.ui.components.dice_card import dice_card_view

    _, dice = open_campaign("Training", "blades")
    session = ChatSession.open("Training", rng=dice, cards_shown=True)
    offered = session.send("can i train prowess?")
    trained = session.confirm(next(s for s in offered.suggestions if s.move == "Train"))
    assert trained.narration == "You train prowess.", trained.narration
    assert dice_card_view(trained.results[0]).changes[0] == "Prowess XP: 0 → 1 (+1) — train: mark 1 xp"
    assert session.reload().active()["xp"]["prowess"] == 1  # type: ignore[index]
