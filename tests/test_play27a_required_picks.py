"""A pick the rules require (a cost on a weak hit, what a miss comes to) is not given up by moving on: Set a Course's
weak hit ("you arrive, but face a cost or complication. Choose one.") let Face Danger be rolled next, and the cost was
never paid. The next move waits for it, and the refusal names the pick and how to make it; the oracle, a table and free
dice still go, and /undo takes the roll back. A mark of progress, a meter or a clock is bookkeeping: kept, and the pick
carries it. A benefit the rules offer (Enter
the Fray's "+2 momentum or in control", Elegy's fitting benefit) is still given up by moving on, and a note says so."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _course(name: str):
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 3, 9)  # 3 + supply 5 = 8 against 3 and 9: a weak hit, a cost or a complication
    course = session.send("/roll set a course +supply")
    assert course.results[0].outcome == "weak_hit" and course.open_choices[0].required, course.narration
    return session, dice


def _events(session) -> int:
    return len(service.campaign_events(session.campaign))


MOVING_ON = ["/roll face danger +edge", "/roll secure an advantage +wits"]


@pytest.mark.parametrize("typed", MOVING_ON)
def test_moving_on_from_a_required_cost_is_refused_and_names_the_pick(typed: str) -> None:
    session, dice = _course("Moving on " + typed)
    before = _events(session)
    dice.queue(6, 1, 1)
    turn = session.send(typed)
    assert turn.kind == "error", turn.narration
    said = turn.error or ""
    assert said.startswith("Set a Course still waits for a pick the rules require"), said
    for way in ("/choose 1 (make a suffer move (-2))", "/choose 2 (two suffer moves (-1))", "/choose 3 (face a complication"):
        assert way in said, said
    assert "/undo" in said and "Nothing was changed" in said and "_" not in said
    assert _events(session) == before  # nothing stored
    picked = session.send("/choose 3")
    assert picked.kind == "action", picked.error


BOOKKEEPING = ["/progress find the lost ship", "/meter health -1 a fall in the hold", "/clock +1 The patrol closes in"]


@pytest.mark.parametrize("typed", BOOKKEEPING)
def test_bookkeeping_while_the_required_cost_waits_is_kept_through_the_pick(typed: str) -> None:
    session, _dice = _course("Bookkeeping " + typed)
    assert session.send("/track dangerous Find the lost ship").kind == "command"  # kept too
    assert session.send("/clock 4 The patrol closes in").kind == "command"
    turn = session.send(typed)
    assert turn.kind == "command", turn.error
    kept = service.load_campaign(session.campaign)
    picked = session.send("/choose 3")
    assert picked.kind == "action", picked.error
    assert any(n.startswith("What you changed while the pick waited stands:") for n in picked.notes), picked.notes
    after = service.load_campaign(session.campaign)
    assert (after.characters, after.tracks, after.clocks) == (kept.characters, kept.tracks, kept.clocks)


@pytest.mark.parametrize(
    "words", ["I want to sneak past the patrol", "I try to slip by the sentry drones", "I want to hack the airlock"]
)
def test_a_move_suggested_from_the_players_words_waits_for_the_pick(words: str) -> None:
    session, dice = _course("Suggested " + words)
    offered = session.send(words)
    assert offered.kind == "action" and offered.suggestions, offered.narration
    assert any(n.startswith("Set a Course still waits for a pick the rules require") for n in offered.notes), offered.notes
    refused = session.confirm(offered.suggestions[0])
    assert refused.kind == "error" and "/choose 3 (face a complication" in (refused.error or ""), refused.narration
    assert session.send("/choose 1").kind == "action"
    dice.queue(6, 1, 1)
    rolled = session.confirm(offered.suggestions[0])
    assert rolled.kind == "action" and rolled.results, rolled.error


@pytest.mark.parametrize("typed", ["/oracle is the station abandoned?", "/table pay the price", "/dice 2d6"])
def test_a_roll_that_is_no_move_goes_and_the_required_pick_stays_open(typed: str) -> None:
    session, _dice = _course("No move " + typed)
    turn = session.send(typed)
    assert turn.kind != "error", turn.error
    assert any(n.startswith("Set a Course still waits for a pick the rules require") for n in turn.notes), turn.notes
    assert session.send("/choose 2").kind == "action"


def test_undo_takes_the_roll_back_and_the_next_move_goes() -> None:
    session, dice = _course("Undo the course")
    momentum = session.state.active()["momentum"]
    assert session.send("/roll face danger +edge").kind == "error"
    undone = session.send("/undo")
    assert undone.kind == "command" and undone.narration.startswith("Undone: Set a Course"), undone.narration
    dice.queue(6, 1, 1)
    rolled = session.send("/roll face danger +edge")
    assert rolled.kind == "action" and rolled.results[0].outcome == "strong_hit", rolled.error
    assert session.reload().active()["momentum"] == momentum + 1


def test_a_pick_undone_is_required_again() -> None:
    session, _dice = _course("Pick undone")
    assert session.send("/choose 3").kind == "action"
    assert session.send("/undo").kind == "command"  # the pick back: the roll stands, its choice open again
    turn = session.send("/roll face danger +edge")
    assert turn.kind == "error" and "rules require" in (turn.error or ""), turn.narration


@pytest.mark.parametrize(
    ("typed", "faces", "way"),
    [
        ("/roll heal +wits", (5, 2, 9), "/choose 1 (lose Momentum (-2))"),  # 6 against 2 and 9: a weak hit
        ("/roll check your gear +supply", (3, 3, 9), "/choose 1 (your supply is diminished)"),
        ("/roll sojourn +heart", (1, 9, 9), "/choose 2 (you find no relief, and the situation grows worse)"),
    ],
)
def test_starforged_costs_of_other_moves_are_required_too(typed: str, faces: tuple[int, ...], way: str) -> None:
    session, dice = open_campaign("Cost " + typed, "starforged")
    dice.queue(*faces)
    rolled = session.send(typed)
    assert rolled.kind == "action" and any(c.required for c in rolled.open_choices), rolled.error
    turn = session.send("/roll face danger +edge")
    assert turn.kind == "error" and way.lower() in (turn.error or "").lower(), turn.error


def test_an_optional_benefit_is_given_up_by_moving_on_and_said() -> None:
    session, dice = open_campaign("Benefit", "starforged")
    dice.queue(3, 7, 4)  # 3 + edge 3 = 6 against 7 and 4: a weak hit, +2 momentum or in control
    fray = session.send("/roll enter the fray +edge on Kraven")
    assert fray.open_choices and not fray.open_choices[0].required
    dice.queue(5, 1, 2)
    faced = session.send("/roll face danger +edge")
    assert faced.kind == "action", faced.error
    assert any("Enter the Fray's choice was left open" in n and "nothing from it was taken" in n for n in faced.notes)


def test_elegy_a_cost_is_required_and_the_benefit_beside_it_is_not() -> None:
    session, dice = open_campaign("Elegy cost", "elegy")
    dice.queue(1, 9)  # dexterity 2 against 1 and 9: a weak hit, a fitting benefit and a fitting cost
    rolled = session.send("/roll action roll +dexterity")
    required = {c.id: c.required for c in rolled.open_choices}
    assert required == {"benefit": False, "cost": True}, required
    benefits = len(rolled.open_choices[0].options)
    turn = session.send("/roll feed +glamour")
    said = turn.error or ""
    assert turn.kind == "error" and f"/choose {benefits + 1} (you are harmed or tired)" in said, said
    assert f"/choose {benefits} (" not in said  # the benefits are not named as required
    picked = session.send(f"/choose {benefits + 2}")  # stressed: a cost of spirit
    picked = session.answer("1") if picked.kind == "question" else picked
    assert picked.kind == "action", picked.error
    dice.queue(1, 1)
    fed = session.send("/roll feed +glamour")
    assert fed.kind == "action" and fed.results, fed.error


@pytest.mark.parametrize(("typed", "faces"), [("/roll feed +glamour", (5, 1)), ("/roll rest", (9, 8))])
def test_elegy_feed_and_a_bad_rest_wait_for_their_pick(typed: str, faces: tuple[int, ...]) -> None:
    session, dice = open_campaign("Elegy " + typed, "elegy")
    dice.queue(*faces)
    rolled = session.send(typed)
    assert rolled.open_choices and rolled.open_choices[0].required, rolled.narration
    move = rolled.results[0].move
    turn = session.send("I want to slip into the crypt")
    assert any(n.startswith(f"{move} still waits for a pick the rules require") for n in turn.notes), turn.notes
    refused = session.confirm(turn.suggestions[0])
    assert refused.kind == "error" and (refused.error or "").startswith(f"{move} still waits"), refused.narration
    assert session.send("/choose 1").kind == "action"
    reopened = ChatSession.open(session.campaign, rng=dice)  # the pick is stored: reopened, the next move goes
    dice.queue(1, 1)
    moved = reopened.send("/roll secure an advantage +heart")
    assert moved.kind == "action" and moved.results, moved.error
