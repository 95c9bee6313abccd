"""Round 26, Starforged fights: the position ("in control", "in a bad spot") outlived the fight. The rules give it
only while a fight goes on ("If any objectives remain and the fight continues, you are in control"), yet after the
only fight was won or lost the sheet kept it, the sidebar said "Position: bad spot", and a second fight whose Enter
the Fray pick was still open began "in a bad spot" from the fight before. The move that ends the campaign's last
open fight now clears the position (undo brings it back), and the sheet shows a position only while a fight is on."""

from __future__ import annotations

import pytest

from assistant.chat.sheet_view import sheet_character
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _in_a_fight(name: str, *fights: str):
    session, dice = open_campaign(name, "starforged")
    for fight in fights:
        dice.queue(1, 9, 9)  # 1 + edge 3 = 4 against 9 and 9: a miss, the fight begins in a bad spot
        fray = session.send(f"/roll enter the fray +edge on {fight}")
        assert fray.kind == "action" and fray.results[0].outcome == "miss", fray.narration
    assert session.state.active()["position"] == "bad_spot"
    return session, dice


@pytest.mark.parametrize(("dice_faces", "status"), [((9, 10), "lost"), ((1, 1), "completed"), ((5, 9), "lost")])
def test_the_last_fight_ended_takes_the_position_with_it(dice_faces: tuple[int, int], status: str) -> None:
    session, dice = _in_a_fight(f"Ended {status} {dice_faces}", "Kraven")
    if status == "completed":
        session.send("/progress Kraven 10")  # a full track: the decisive action hits
    dice.queue(*dice_faces)
    ended = session.send("/roll take decisive action on Kraven")
    assert ended.kind == "action", ended.error
    reopened = session.reload()
    assert [t["status"] for t in reopened.tracks.values()] == [status]
    assert "position" not in reopened.active()
    sheet = session.send("/sheet").narration
    assert "bad spot" not in sheet and "in control" not in sheet, sheet
    assert session.send("/undo").kind != "error"
    assert session.reload().active()["position"] == "bad_spot"  # undo gives the fight and its position back


def test_a_fight_still_open_keeps_the_position() -> None:
    session, dice = _in_a_fight("Two fights", "Kraven", "the drones")
    dice.queue(9, 10)
    assert session.send("/roll take decisive action on Kraven").kind == "action"
    state = session.reload()
    assert sorted(str(t.get("status")) for t in state.tracks.values()) == ["None", "lost"]
    assert state.active()["position"] == "bad_spot"
    assert "you are in a bad spot" in session.send("/sheet").narration


def test_a_new_fight_waiting_for_its_pick_has_no_position_from_the_last_one() -> None:
    session, dice = _in_a_fight("Fresh fight", "Kraven")
    dice.queue(9, 10)
    session.send("/roll take decisive action on Kraven")
    dice.queue(3, 7, 4)  # 3 + edge 3 = 6 against 7 and 4: a weak hit, the pick is open
    fray = session.send("/roll enter the fray +edge on the drones")
    assert fray.open_choices, fray.narration
    sheet = session.send("/sheet").narration
    assert "Fight: The drones" in sheet and "bad spot" not in sheet and "in control" not in sheet, sheet


def test_the_sidebar_shows_no_position_kept_from_a_finished_fight() -> None:
    session, dice = _in_a_fight("Old campaign", "Kraven")
    state = session.reload()
    assert sheet_character(state)["position"] == "bad_spot"  # the fight is on
    track = next(iter(state.tracks.values()))
    track["status"] = "lost"  # a campaign whose fight ended before the position was cleared with it
    shown = sheet_character(state)
    assert shown is not None and "position" not in shown and shown["momentum"] == state.active()["momentum"]


def test_the_page_sidebar_drops_the_position_when_the_fight_is_lost_and_keeps_it_while_it_is_on() -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, no_errors

    session, dice = _in_a_fight("Sidebar fight", "Kraven")

    def sidebar() -> str:
        app = AppTest.from_file(str(APP), default_timeout=90)
        app.query_params["campaign"] = "Sidebar fight"
        app.run()
        no_errors(app)
        return "\n".join(str(m.value) for m in app.sidebar.markdown)

    assert "Position: **bad spot**" in sidebar()
    dice.queue(9, 10)
    assert session.send("/roll take decisive action on Kraven").kind == "action"
    shown = sidebar()
    assert "Kraven" in shown and "Position" not in shown and "bad spot" not in shown, shown
