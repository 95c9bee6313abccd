"""A cost the last roll laid on the character (Set a Course's "make a suffer move (-2)" once picked, a miss's Pay the
Price) went without a word when another move was rolled. The roll now says it was not made and that nothing was taken
for it; the cost made (a suffer move, /price), the oracle or a table asked meanwhile say nothing."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

NOT_MADE = "Not made before"


def _course_suffer(name: str):
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 3, 9)  # a weak hit: a cost or a complication
    session.send("/roll set a course +supply")
    picked = session.send("/choose 1")  # suffer costs en route: a suffer move (-2)
    assert picked.kind == "action" and picked.follow_ups, picked.error
    return session, dice


@pytest.mark.parametrize(
    "typed", ["/roll face danger +edge", "/roll secure an advantage +wits", "/roll gather information +wits"]
)
def test_a_suffer_move_not_made_is_said(typed: str) -> None:
    session, dice = _course_suffer("Suffer left " + typed[6:20].strip())
    dice.queue(6, 1, 1)
    rolled = session.send(typed)
    said = [n for n in rolled.notes if n.startswith(NOT_MADE)]
    assert said and "make a suffer move (-2)" in said[0] and "Nothing was taken" in said[0], rolled.notes


def test_a_price_not_paid_is_said() -> None:
    session, dice = open_campaign("Price left", "starforged")
    dice.queue(1, 9, 9)
    session.send("/roll face danger +edge")  # a miss: Pay the Price
    dice.queue(6, 1, 1)
    rolled = session.send("/roll secure an advantage +edge")
    assert any(n.startswith(NOT_MADE) and "pay the price" in n.lower() for n in rolled.notes), rolled.notes


@pytest.mark.parametrize("typed", ["/roll lose momentum -2", "/oracle is the lane clear?", "/table pay the price"])
def test_the_cost_made_or_a_roll_that_is_no_move_says_nothing(typed: str) -> None:
    session, _dice = _course_suffer("Suffer made " + typed[1:16].strip())
    rolled = session.send(typed)
    assert rolled.kind != "error", rolled.error
    assert not any(n.startswith(NOT_MADE) for n in rolled.notes), rolled.notes
