"""Round 24: a bare "+1" typed when the chat asks "which stat?" rolled answer 1 (Edge) for Face Danger. A stat's value
is not a place in the list: the one stat at that value is rolled, two at the same value are asked about by name, a
value no stat has is asked again in words, and a plain number still picks from the list."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _asked(name: str) -> tuple:
    session, dice = open_campaign(name, "starforged")
    asked = session.send("/roll face danger")
    assert asked.kind == "question" and "which stat" in asked.narration, asked.narration
    return session, dice


@pytest.mark.parametrize("typed", ["+3", "+ 3", "+3."])
def test_a_stat_value_rolls_the_one_stat_at_that_value(typed: str) -> None:
    session, dice = _asked("Value " + typed)
    stats = session.state.active()["stats"]
    assert [s for s, v in stats.items() if v == 3] == ["edge"], stats  # the sheet this test reads
    dice.queue(4, 2, 3)
    rolled = session.send(typed)
    assert rolled.kind == "action" and rolled.results[0].stat == "edge", (rolled.kind, rolled.narration)


@pytest.mark.parametrize("typed", ["+1", "+2"])
def test_a_value_two_stats_share_is_asked_about_by_name(typed: str) -> None:
    session, _ = _asked("Shared " + typed)
    stats = session.state.active()["stats"]
    same = [s.capitalize() for s, v in stats.items() if v == int(typed[1:])]
    assert len(same) == 2, stats
    moves_before = session.state.moves
    again = session.send(typed)
    assert again.kind == "question" and not again.results, again.narration
    assert f"{same[0]} and {same[1]} are both {typed}" in again.narration, again.narration
    assert session.reload().moves == moves_before and session.pending_question is not None


def test_a_value_no_stat_has_is_asked_again_in_words() -> None:
    session, _ = _asked("No such value")
    again = session.send("+9")
    assert again.kind == "question" and not again.results, again.narration
    assert "+9 is a stat's value" in again.narration and "Edge, Heart, Iron, Shadow, Wits" in again.narration
    assert "_" not in again.narration.split("\n")[0]


@pytest.mark.parametrize(("typed", "stat"), [("2", "heart"), ("wits", "wits"), ("with iron", "iron")])
def test_a_number_or_a_name_still_answers(typed: str, stat: str) -> None:
    session, dice = _asked("Plain " + typed)
    dice.queue(4, 2, 3)
    rolled = session.send(typed)
    assert rolled.kind == "action" and rolled.results[0].stat == stat, rolled.narration


def test_a_signed_number_is_no_place_in_a_list_of_words() -> None:
    """Blades' Train asks which xp track: "+1" is not the first track (it trained Insight); it is asked again, nothing
    changes, and a plain "1" still picks from the list."""
    session, _ = open_campaign("Train plus one", "blades")
    asked = session.send("/roll train")
    assert asked.kind == "question" and "xp track" in asked.narration.lower(), asked.narration
    moves_before = session.state.moves
    again = session.send("+1")
    assert again.kind == "question" and not again.results, again.narration
    assert "didn't catch" in again.narration and session.reload().moves == moves_before
    trained = session.send("1")
    assert trained.kind == "action" and trained.results[0].move == "Train", trained.narration
