"""Round 33: /price with no price owed (no miss waiting) says so and how to make Pay the Price anyway, with no roll
(it rolled a surprise price after a strong hit); a miss still owes its price."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_price_after_a_strong_hit_is_not_rolled() -> None:
    session, dice = open_campaign("No price", "starforged")
    offered = session.send("I sneak past the guard")
    dice.queue(6, 1, 2)
    hit = session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    assert hit.results[0].outcome == "strong_hit", hit.narration
    before = session.reload().active()
    said = session.send("/price")
    assert said.kind == "meta" and not said.results, said.narration
    assert said.narration.startswith("No price is owed: your last move, Face Danger, a strong hit, asks for no Pay"), said
    assert "/roll pay the price" in said.narration and "_" not in said.narration, said.narration
    assert session.reload().active() == before
    anyway = session.send("/roll pay the price")  # the text: made "when you suffer the outcome of an action"
    assert anyway.results and anyway.results[0].move == "Pay the Price", anyway.narration


def test_price_before_any_move_says_nothing_was_rolled_yet() -> None:
    session, _dice = open_campaign("No move yet", "starforged")
    said = session.send("/price").narration
    assert said.startswith("No price is owed: no move has been rolled yet.") and "Nothing was rolled." in said, said


def test_a_miss_owes_its_price_once() -> None:
    session, dice = open_campaign("Miss price", "starforged")
    offered = session.send("I sneak past the guard")
    dice.queue(1, 10, 10)
    session.confirm(next(s for s in offered.suggestions if s.move == "Face Danger"))
    dice.queue(50)
    paid = session.send("/price")
    assert paid.results and paid.results[0].move == "Pay the Price", paid.narration
    again = session.send("/price")
    assert not again.results and again.narration.startswith("No price is owed: the last price is paid already."), again
