"""Round 25, a pick left open under rolls that are no move: asking the oracle while Enter the Fray's weak-hit pick
("Take +2 momentum" or "You are in control") was open said the pick "was left open: nothing from it was taken", and
"/choose" then told of the oracle. An oracle, a table or free dice decide nothing: the pick stays open under them, the
card says it still waits, and "/choose", a bare number, the words of an option or Strike still make it. A move rolled
after them still leaves it."""

from __future__ import annotations

import pytest

from assistant.store import service
from assistant.store.no_move import decides_nothing
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _weak_fray(name: str):
    session, dice = open_campaign(name, "starforged")
    dice.queue(3, 7, 4)  # 3 + edge 3 = 6 against 7 and 4: a weak hit, choose one
    fray = session.send("/roll enter the fray +edge on Kraven")
    assert fray.results[0].outcome == "weak_hit" and fray.open_choices, fray.narration
    return session, dice


NO_MOVES = [
    "/oracle is the raider alone?",
    "/oracle likely Does Kraven have backup?",
    "/table make a discovery",
    "/dice 2d6",
    "/sheet",
    "/help",
    "how does momentum work?",
]


@pytest.mark.parametrize("typed", NO_MOVES)
def test_a_roll_that_is_no_move_leaves_the_pick_open(typed: str) -> None:
    session, _dice = _weak_fray("Still open " + typed)
    turn = session.send(typed)
    assert turn.kind != "error", turn.error
    assert not any("left open" in n for n in turn.notes), turn.notes
    if turn.results:  # a roll says the pick still waits, and how to make it
        assert any(n.startswith("Enter the Fray still waits for your pick") for n in turn.notes), turn.notes
    picked = session.send("/choose 2")
    assert picked.kind == "action", picked.error
    assert session.reload().active()["position"] == "in_control"
    assert service.load_campaign(session.campaign).active()["position"] == "in_control"


@pytest.mark.parametrize("pick", ["2", "you are in control", "/choose in control"])
def test_the_pick_is_made_in_any_words_after_the_oracle(pick: str) -> None:
    session, _dice = _weak_fray("Words after " + pick)
    session.send("/oracle is the raider alone?")
    picked = session.send(pick)
    assert picked.kind == "action", picked.error
    assert session.reload().active()["position"] == "in_control"


def test_strike_after_the_oracle_takes_the_pick_that_puts_you_in_control() -> None:
    session, dice = _weak_fray("Strike after oracle")
    session.send("/oracle is the raider alone?")
    dice.queue(5, 1, 2)
    struck = session.send("/roll strike +iron")
    assert struck.kind == "action", struck.error
    assert any("Enter the Fray's pick is “You are in control”" in n for n in struck.notes), struck.notes
    assert not any("left open" in n for n in struck.notes), struck.notes


def test_a_move_after_the_oracle_still_leaves_the_pick() -> None:
    session, dice = _weak_fray("Move after oracle")
    session.send("/oracle is the raider alone?")
    dice.queue(5, 1, 2)
    moved = session.send("/roll face danger +edge")
    assert any("Enter the Fray's choice was left open" in n for n in moved.notes), moved.notes
    refused = session.send("/choose 2")
    assert refused.kind == "error" and "Face Danger" in refused.error, refused.error


def test_undo_after_the_pick_takes_back_the_pick_then_the_roll_and_the_oracle_stays() -> None:
    session, _dice = _weak_fray("Undo under oracle")
    session.send("/oracle is the raider alone?")
    session.send("/choose 2")
    first = session.send("/undo")
    assert "its choices are open again" in first.narration, first.narration
    assert session.reload().active()["position"] is None
    second = session.send("/undo")
    assert second.narration.startswith("Undone: Enter the Fray"), second.narration
    assert not session.reload().tracks
    third = session.send("/undo")
    assert third.narration.startswith("Undone: Ask the Oracle"), third.narration
    service.replay(session.campaign)  # the log still re-resolves to the same campaign


def test_choose_with_nothing_open_under_free_dice_says_so_in_words() -> None:
    session, _dice = open_campaign("Dice then choose", "starforged")
    session.send("/dice 2d6")
    refused = session.send("/choose 1")
    assert refused.kind == "error"
    assert refused.error.startswith("Nothing waits for a pick now: your last roll (2d6) offers none"), refused.error
    assert "2d6 has no open choices" not in refused.error


def test_an_oracle_answer_decides_nothing_and_undoing_it_puts_nothing_back() -> None:
    from assistant.store.state import touched_paths

    session, _dice = _weak_fray("Oracle restores nothing")
    asked = session.send("/oracle is the raider alone?")
    assert decides_nothing(asked.results[0])
    fray = session.store.events(session.campaign, after=asked.event_seq - 1, upto=asked.event_seq)[0]
    assert touched_paths(fray) == []
    moves = [e for e in session.store.events(session.campaign) if e.event.type == "move_resolved"]
    assert not decides_nothing(moves[0].event.result)  # Enter the Fray opened a fight: a move
    assert touched_paths(moves[0])


def test_in_the_app_asking_the_oracle_keeps_the_pick_buttons() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign, no_errors, play_action

    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Oracle under pick", "starforged", seed="2")
    for _ in range(12):  # the campaign's seeded dice: roll until a weak hit leaves the pick open
        play_action(app, "/roll enter the fray +iron on the raider")
        if any(b.key == "choose_0" for b in app.button):
            break
        app.button(key="undo").click().run()
    else:
        pytest.fail("no weak hit in twelve seeded rolls")
    play_action(app, "/oracle is the raider alone?")
    assert any(b.key == "choose_0" for b in app.button), [b.key for b in app.button]
    assert not any("left open" in c.value for c in app.caption), [c.value for c in app.caption]
    app.radio[0].set_value(app.radio[0].options[1]).run()  # "You are in control"
    app.button(key="choose_0").click().run()
    no_errors(app)
    assert service.load_campaign("Oracle under pick").active()["position"] == "in_control"
