"""Round 17 of Blades downtime played through the chat: coin said to come from the crew ("spend 1 crew coin",
"spend 1 coin from the crew") raises the last downtime roll from the crew's coin, and the same words while the payoff
asks how much coin the score brought in are not taken as that amount."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("said", ["spend 1 crew coin", "I spend 1 coin from the crew", "pay one of the crew's coin"])
def test_crew_coin_spent_after_a_downtime_roll_comes_from_the_crews_coin(said: str) -> None:
    session, dice = open_campaign(f"Crew Coin {said}", "blades")
    session.send("/set coin 0")
    session.send("/set crew_coin 2")
    dice.queue(3, 5)
    rolled = session.send("/roll long-term project +tinker clock=8 project=workshop")
    assert rolled.kind == "action", rolled.error
    raised = session.send(said)
    assert raised.kind == "action", raised.error
    assert "Spent 1 coin: a bad outcome became a partial success." in raised.narration, raised.narration
    assert "Crew coin 2 → 1." in raised.narration, raised.narration
    assert_store_matches_card(session, raised)
    assert any("say “spend 1 crew coin” (the crew's coin: 1)" in n for n in raised.notes), raised.notes
    sheet = session.reload().active()
    assert sheet is not None and sheet["crew_coin"] == 1 and sheet["coin"] == 0, sheet


def test_coin_from_both_purses_on_one_roll_is_refused_and_changes_nothing() -> None:
    session, dice = open_campaign("Both Purses", "blades")
    session.send("/set coin 2")
    session.send("/set crew_coin 2")
    dice.queue(3, 5)
    session.send("/roll long-term project +tinker clock=8 project=workshop")
    assert session.send("spend 1 coin").kind == "action"
    events = len(session.store.events("Both Purses"))
    refused = session.send("spend 1 crew coin")
    assert refused.kind == "error" and refused.error == (
        "The coin already spent on Long-Term Project came from your coin: spend more from it, or undo and spend "
        "the crew's instead. Nothing was changed."
    ), refused.error
    assert len(session.store.events("Both Purses")) == events


def test_spending_crew_coin_while_the_payoff_asks_its_coin_is_not_the_answer() -> None:
    session, dice = open_campaign("Payoff Asked", "blades")
    offered = session.send("We collect the payoff from the score")
    payoff = next(s for s in offered.suggestions if s.move == "Payoff")
    asked = session.confirm(payoff)
    assert asked.kind == "question", asked.narration
    before = session.reload().active()
    assert before is not None
    spent = session.send("spend 1 crew coin")
    assert not spent.results, spent.narration
    after = session.reload().active()
    assert after is not None and after["crew_coin"] == before["crew_coin"] and after["rep"] == before["rep"], after


def test_coin_spent_on_an_extra_activity_whose_price_was_picked_is_told_as_the_spend() -> None:
    session, dice = open_campaign("Third Activity", "blades")
    session.send("/set coin 4")
    session.send("/set crew_coin 4")
    session.send("/set heat 6")
    for _ in range(2):  # two free activities first
        dice.queue(2)
        assert session.send("/roll reduce heat +command").kind == "action"
    dice.queue(2)
    rolled = session.send("/roll reduce heat +command")  # the third: 1 coin or 1 rep
    assert rolled.kind == "action", rolled.error
    picked = session.send("/choose 1")
    assert "Coin 4 → 3." in picked.narration, picked.narration
    raised = session.send("spend 1 crew coin")
    assert raised.kind == "action", raised.error
    assert raised.narration.startswith("You spend 1 coin to raise the result."), raised.narration
    assert "You choose: pay 1 coin" not in raised.narration, raised.narration
    assert "Spent 1 coin: a bad outcome became a partial success." in raised.narration, raised.narration
    assert "Crew coin 4 → 3." in raised.narration, raised.narration
    sheet = session.reload().active()
    assert sheet is not None and (sheet["coin"], sheet["crew_coin"]) == (3, 3), sheet
