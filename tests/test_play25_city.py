"""Round 25, the city game as a player plays it.

* Run the Scheme's two picks (reduce productivity for an asset, then a question) undone one by one: the second undo
  brought back both picks (Productivity -3, Assets 1) while saying "The roll stands as first rolled", and a third
  undo brought back one again, round and round. A roll an undo brought back with fewer picks is the roll as it stood
  before that pick, and the next undo goes back to the one before it, down to the first roll.
* "I try to sneak past the Magistrate's watchmen" offered Observe Someone first: getting past a danger unseen is
  Steer Clear ("When you lay low or maneuver to avoid getting into a dangerous situation").
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from assistant.store.followups import made_again_after_the_roll
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _sheet(session) -> dict:
    return next(iter(session.reload().characters.values()))


def _scheme(session) -> dict:
    return next(iter(_sheet(session)["schemes"]))


def test_two_picks_undone_one_by_one_end_at_the_first_roll() -> None:
    session, dice = open_campaign("Two picks", "city")
    dice.queue(2, 4)
    assert session.send("/roll set up a scheme +network").open_choices
    assert session.send("/choose 2").kind != "error"  # Productivity -2, Heat 1
    dice.queue(6, 3)
    assert session.send("/roll run the scheme").open_choices
    assert session.send("/choose 7").kind != "error"  # reduce productivity: an asset
    assert session.send("/choose 1").kind != "error"  # a question answered
    assert (_scheme(session)["productivity"], _sheet(session)["assets"]) == (-3, 1)

    first = session.send("/undo")
    assert "The roll stands as it was before that pick" in first.narration, first.narration
    assert (_scheme(session)["productivity"], _sheet(session)["assets"]) == (-3, 1)  # the reduce pick stays

    second = session.send("/undo")
    assert "The roll stands as first rolled" in second.narration, second.narration
    assert (_scheme(session)["productivity"], _sheet(session)["assets"]) == (-2, 0)
    assert {len(c.options) for c in second.open_choices} == {6, 2}, second.open_choices  # both choices open again

    third = session.send("/undo")
    assert third.narration.startswith("Undone: Run the Scheme"), third.narration
    assert (_scheme(session)["productivity"], _sheet(session)["assets"]) == (-2, 0)
    assert _sheet(session)["heat"] == 1  # Set Up a Scheme's pick is still in effect


def _move(choose: list[str] | None, dice: tuple[int, ...] = (6, 3), burn: bool = False) -> SimpleNamespace:
    options = {k: v for k, v in (("choose", choose), ("burn", burn or None)) if v}
    result = {"move_id": "run_the_scheme"}
    return SimpleNamespace(type="move_resolved", result=result, request={"options": options}, dice=list(dice))


@pytest.mark.parametrize(
    ("first", "again", "made_again"),
    [
        (None, ["a"], True),
        (["a"], ["a", "b"], True),
        (["a", "b"], ["a"], False),  # fewer picks: the roll as it stood before a pick, not a pick made
        (["a"], ["a"], False),
        (["a"], ["b"], False),
        (["a"], ["b", "a"], False),
    ],
)
def test_a_roll_made_again_has_the_first_picks_and_more(first, again, made_again: bool) -> None:
    assert made_again_after_the_roll(_move(first), _move(again)) is made_again


def test_a_burn_is_made_again_and_other_dice_are_not() -> None:
    assert made_again_after_the_roll(_move(None), _move(None, burn=True))
    assert not made_again_after_the_roll(_move(None), _move(["a"], dice=(5, 3)))


@pytest.mark.parametrize(
    "typed",
    [
        "I try to sneak past the Magistrate's watchmen",
        "I slip past the guards at the gate",
        "I creep past the sleeping watchman",
        "I get past the patrol unseen",
    ],
)
def test_getting_past_unseen_is_steer_clear(typed: str) -> None:
    session, _ = open_campaign("Sneak " + typed, "city")
    moves = [s.move for s in session.send(typed).suggestions]
    assert moves[0] == "Steer Clear", moves


@pytest.mark.parametrize(
    ("typed", "move"),
    [("I watch the watchmen to learn their routine", "Observe Someone"), ("I sneak into the counting house", "Take a Big Risk")],
)
def test_watching_and_breaking_in_keep_their_moves(typed: str, move: str) -> None:
    session, _ = open_campaign("Keep " + typed, "city")
    assert session.send(typed).suggestions[0].move == move
