"""Round 15 of Blades downtime played through the chat: coin spent right after a downtime roll raises its result one
level per coin, as the text says ("After the roll, you may spend coin after the roll to improve the result level"),
the card under such a roll says so, and spending coin the sheet does not hold, on a critical, or with no downtime roll
to raise is refused in the player's words and changes nothing."""

from __future__ import annotations

import pytest

from tests.session_helpers import assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _project(session: object, coin: int, name: str) -> object:
    session.send(f"/set coin {coin}")  # type: ignore[attr-defined]
    session.dice.queue(3, 5)  # type: ignore[attr-defined]  # tinker 0: two dice, the lower counts: a 3, a bad outcome
    return session.send("/roll long-term project +tinker clock=8 project=" + name)  # type: ignore[attr-defined]


def test_coin_spent_after_a_long_term_project_roll_raises_its_result_and_the_card_offers_it() -> None:
    session, dice = open_campaign("Coin After", "blades")
    session.dice = dice  # type: ignore[attr-defined]
    rolled = _project(session, 4, "workshop")
    assert rolled.kind == "action", rolled.error
    offer = (
        "After the roll you may spend coin to raise this result one level per coin (1-3 to 4/5, 4/5 to 6, 6 to "
        "critical): say “spend 1 coin” (your coin: 4)."
    )
    assert offer in rolled.notes, rolled.notes
    raised = session.send("I spend 1 coin to raise the result")
    assert raised.kind == "action", raised.error
    assert "Spent 1 coin: a bad outcome became a partial success." in raised.narration, raised.narration
    assert "Coin 4 → 3." in raised.narration and "clock 0 → 2" in raised.narration, raised.narration
    assert_store_matches_card(session, raised)
    again = session.send("spend two coins")  # two more: three in all, from the same 3 to a critical
    assert "Spent 3 coin: a bad outcome became a critical." in again.narration, again.narration
    assert session.reload().active()["coin"] == 1  # type: ignore[index]
    assert not any("spend coin" in n for n in again.notes), again.notes  # a critical takes no more
    assert session.reload().moves == 1  # the same roll, raised: not a second activity
    assert session.reload().active()["downtime_activities"] == 1  # type: ignore[index]
    events = len(session.store.events("Coin After"))
    refused = session.send("spend 1 coin")
    assert refused.kind == "error" and refused.error == (
        "Long-Term Project is already a critical: coin cannot raise it further. Nothing was changed."
    ), refused.error
    assert len(session.store.events("Coin After")) == events  # a refusal stores nothing


def test_more_coin_than_the_sheet_holds_is_refused_and_changes_nothing() -> None:
    session, dice = open_campaign("Coin Short", "blades")
    session.dice = dice  # type: ignore[attr-defined]
    _project(session, 1, "workshop")
    refused = session.send("spend 2 coin")
    assert refused.kind == "error" and refused.error == (
        "Not enough coin: your coin is 1, and you asked to spend 2. Spend 1 at most. Nothing was changed."
    ), refused.error
    assert session.reload().active()["coin"] == 1  # type: ignore[index]
    assert session.send("spend a coin on it").kind == "action"
    empty = session.send("spend 1 coin")
    assert empty.error == (
        "Not enough coin: your coin is 0, and you asked to spend 1. There is none left to spend on this roll. "
        "Nothing was changed."
    ), empty.error
    assert session.reload().active()["coin"] == 0  # type: ignore[index]


def test_coin_with_no_downtime_roll_to_raise_says_what_to_do_and_coin_in_a_deed_is_an_action() -> None:
    session, dice = open_campaign("No Roll Yet", "blades")
    session.send("/set coin 2")
    refused = session.send("I spend 1 coin to raise the result")
    assert refused.kind == "error" and refused.error == (
        "Coin raises the result of a downtime activity's roll, spent right after that roll. Roll the activity first, "
        "then say “spend 1 coin”. Nothing was changed."
    ), refused.error
    assert session.reload().active()["coin"] == 2  # type: ignore[index]
    bribe = session.send("I spend 2 coin bribing the bluecoat at the gate")  # a deed, not coin on a roll
    assert bribe.kind != "error", bribe.error


def test_no_offer_without_coin_nor_on_a_roll_coin_does_not_raise() -> None:
    session, dice = open_campaign("No Coin", "blades")
    session.dice = dice  # type: ignore[attr-defined]
    rolled = _project(session, 0, "workshop")
    assert not any("spend coin" in n for n in rolled.notes), rolled.notes
    dice.queue(6, 2)
    vice = session.send("/roll indulge vice")
    assert vice.kind == "action", vice.error
    assert not any("spend coin" in n for n in vice.notes), vice.notes
    refused = session.send("spend 1 coin")
    assert refused.kind == "error" and refused.error.startswith("Coin does not raise Indulge Vice: "), refused.error
