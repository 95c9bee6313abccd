"""Round 24, Starforged fights: "/roll enter the fray" typed alone named the fight "The fight"; it now asks what the
fight is, as Swear an Iron Vow asks for the vow, and the answer ("Kraven the Red, an extreme foe") names it as typed.
Strike ("When you are in control") or Clash ("When you are in a bad spot") rolled while Enter the Fray's weak-hit pick
("Take +2 momentum" or "You are in control") is still open was rolled as if in control, the pick dropped: the move
says where the player stands, so it takes the pick that puts them there (Clash: the +2 momentum), and the card says
so."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("answer", "name", "rank"),
    [
        ("Kraven the Red, an extreme foe", "Kraven the Red", "extreme"),
        ("the raider captain, a dangerous foe", "The raider captain", "dangerous"),
        ("a pack of void-wolves, a formidable foe", "The pack of void-wolves", "formidable"),
        ("the hunter, my enemy", "The hunter", "formidable"),
        ("I fight the raider", "The raider", "formidable"),
    ],
)
def test_enter_the_fray_typed_alone_asks_what_the_fight_is(answer: str, name: str, rank: str) -> None:
    session, dice = open_campaign("Fray " + answer, "starforged")
    asked = session.send("/roll enter the fray")
    assert asked.kind == "question" and "What is the new fight?" in asked.narration, asked.narration
    assert not session.state.tracks
    stat = session.send(answer)
    assert stat.kind == "question" and "which stat" in stat.narration, stat.narration
    dice.queue(5, 1, 2)
    rolled = session.send("edge")
    assert rolled.kind == "action", rolled.error
    assert [(t["name"], t["rank"]) for t in session.reload().tracks.values()] == [(name, rank)]


def test_enter_the_fray_with_a_stat_still_rolls_at_once() -> None:
    session, dice = open_campaign("Fray at once", "starforged")
    dice.queue(5, 1, 2)
    assert session.send("/roll enter the fray +iron").kind == "action"


def _weak_fray(name: str):
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 7, 4)  # 3 + edge 3 = 6 against 7 and 4: a weak hit, choose one
    fray = session.send("/roll enter the fray +edge on Kraven")
    assert fray.results[0].outcome == "weak_hit" and fray.open_choices, fray.narration
    return session, dice


@pytest.mark.parametrize(
    ("typed", "pick", "momentum"),
    [
        ("/roll strike +iron", "“You are in control”", 0),
        ("/roll clash +iron", "“Take +2 momentum (you begin in a bad spot)”", 2),
        ("I strike at Kraven with my blade", "“You are in control”", 0),
    ],
)
def test_a_move_made_in_one_position_takes_the_pick_that_puts_you_there(typed: str, pick: str, momentum: int) -> None:
    session, dice = _weak_fray("Placed " + typed)
    before = session.state.active()["momentum"]
    if typed.startswith("/"):
        dice.queue(5, 1, 2)
        rolled = session.send(typed)
    else:
        offered = session.send(typed)
        dice.queue(5, 1, 2)
        rolled = session.confirm(next(s for s in offered.suggestions if s.move == "Strike"))
    assert rolled.kind == "action", rolled.error
    said = [n for n in rolled.notes if "pick is" in n]
    assert said and pick in said[0] and "in_control" not in said[0], rolled.notes
    assert not any("left open" in n for n in rolled.notes), rolled.notes
    fray = next(e for e in reversed(session.state.transcript) if e.kind == "move" and "Enter the Fray" in e.text)
    assert not fray.undone
    assert session.state.active()["momentum"] == before + momentum  # a strong hit of Strike or Clash adds none
    assert session.send("/undo").kind != "error" and session.send("/undo").kind != "error"
    # two undos take back the move and the pick: Enter the Fray waits for its pick again, as the note says
    assert session.reload().active()["momentum"] == before
    assert session.send("/choose 1").kind == "action" and session.state.active()["momentum"] == before + 2


def test_a_move_of_no_position_is_rolled_past_the_open_pick() -> None:
    session, dice = _weak_fray("Past the pick")
    dice.queue(5, 1, 2)
    faced = session.send("/roll face danger +edge")
    assert faced.kind == "action", faced.error
    assert any("left open" in n for n in faced.notes), faced.notes


@pytest.mark.parametrize(
    ("typed", "name", "rank"),
    [
        ("/roll enter the fray +edge on Kraven the Red, a dangerous foe", "Kraven the Red", "dangerous"),
        ("/roll enter the fray +iron on the raider captain", "The raider captain", "formidable"),
        ("/roll swear an iron vow +heart on finding my sister, an epic vow", "Finding my sister", "epic"),
    ],
)
def test_a_new_track_is_named_by_the_words_after_on(typed: str, name: str, rank: str) -> None:
    session, dice = open_campaign("On " + name, "starforged")
    dice.queue(5, 1, 2)
    rolled = session.send(typed)
    assert rolled.kind == "action", rolled.error
    assert [(t["name"], t["rank"]) for t in session.reload().tracks.values()] == [(name, rank)]
    assert any(f"“{name}” (named in your words" in n for n in rolled.notes), rolled.notes


def test_a_move_that_asks_its_stat_first_makes_no_pick_until_it_is_rolled() -> None:
    session, dice = _weak_fray("Placed after asking")
    before = len(session.store.events(session.campaign))
    asked = session.send("/roll strike")
    assert asked.kind == "question" and "which stat" in asked.narration.lower(), asked.narration
    stored = [e.event.type for e in session.store.events(session.campaign)[before:]]
    assert "move_resolved" not in stored and "move_redone" not in stored, stored  # no pick while the move waits
    dice.queue(5, 1, 2)
    rolled = session.send("iron")
    assert rolled.kind == "action" and rolled.results[0].move == "Strike", rolled.error
    assert any("pick is" in n and "You are in control" in n for n in rolled.notes), rolled.notes
