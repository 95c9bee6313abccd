"""A missed Fulfill Your Vow waits for its pick ("Give up on the quest: Forsake Your Vow" or "Recommit to the quest"):
rolled again on the same vow before the pick, the second roll passed over the miss and could complete the vow. It is
refused, saying which pick waits; the pick itself and /undo still go. The pick is one the rules require, so another
vow's Fulfill Your Vow (and any other move) waits for it too, and goes once it is made."""

from __future__ import annotations

import pytest

from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _missed(name: str, *, second_vow: bool = False):
    session, dice = open_campaign(name, "starforged")
    session.send("/track troublesome Find the Meridian")
    if second_vow:
        session.send("/track dangerous Avenge my mentor")
    session.send("/progress find-the-meridian 1")  # 3 boxes
    dice.queue(7, 9)  # progress 3 against 7 and 9: a miss, choose one
    missed = session.send("/roll fulfill your vow track=find-the-meridian")
    assert missed.results and missed.results[0].outcome == "miss" and missed.open_choices, missed.narration
    return session, dice


@pytest.mark.parametrize("again", ["/roll fulfill your vow", "/roll fulfill your vow track=find-the-meridian"])
def test_the_same_vow_is_not_rolled_again_over_its_miss(again: str) -> None:
    session, _dice = _missed("Again " + again)
    before = service.load_campaign(session.campaign)
    turn = session.send(again)
    assert turn.kind == "error", turn.narration
    assert "waits for your choice" in turn.error and "/choose 1 (give up on the quest)" in turn.error, turn.error
    assert "/choose 2 (recommit to the quest)" in turn.error, turn.error
    assert "_" not in turn.error
    after = service.load_campaign(session.campaign)
    assert after.tracks == before.tracks  # nothing changed


def test_confirming_the_suggested_fulfill_your_vow_is_refused_too() -> None:
    session, _dice = _missed("Confirm again")
    offered = session.send("I fulfil my vow to find the Meridian")
    assert offered.suggestions and offered.suggestions[0].move == "Fulfill Your Vow", offered.narration
    turn = session.confirm(offered.suggestions[0])
    assert turn.kind == "error" and "waits for your choice" in turn.error, turn.narration


def test_after_the_pick_the_vow_can_be_rolled_again() -> None:
    session, dice = _missed("Recommit then roll")
    picked = session.send("/choose 2")
    assert picked.kind == "action", picked.error
    track = next(t for t in service.load_campaign(session.campaign).tracks.values() if t["name"] == "Find the Meridian")
    assert track["rank"] == "dangerous"  # recommitted: the rank went up
    dice.queue(1, 1)
    again = session.send("/roll fulfill your vow track=find-the-meridian")
    assert again.kind == "action" and again.results, again.error


def test_another_vow_is_fulfilled_once_the_pick_is_made() -> None:
    session, dice = _missed("Other vow", second_vow=True)
    dice.queue(1, 1)
    waiting = session.send("/roll fulfill your vow track=avenge-my-mentor")
    assert waiting.kind == "error" and "/choose 2 (recommit to the quest)" in waiting.error, waiting.narration
    assert session.send("/choose 2").kind == "action"
    other = session.send("/roll fulfill your vow track=avenge-my-mentor")
    assert other.kind == "action" and other.results, other.error
