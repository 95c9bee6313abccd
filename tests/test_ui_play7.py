"""The app through a Blades downtime as a player plays it: /sheet keeps its lines, a /set is told once (not again as
the sheet's note), renaming the character does not warn that a character is missing, and the vice roll's odds on
its button read as the stress it clears."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401
from tests.test_ui_app import markdown as page


def test_a_downtime_in_the_app_keeps_the_sheet_lines_and_says_each_edit_once() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Grey Crows", "blades")
    for command in ("/set name Vex", "/set vice Gambling", "/add harm Broken Arm (level 2)", "/set stress 3"):
        play_action(app, command)
        assert not [w.value for w in app.sidebar.warning], [w.value for w in app.sidebar.warning]
    play_action(app, "/sheet")
    shown = page(app)
    assert "Harm: Broken Arm (level 2) · healing clock 0/4  \nXP: insight 0" in shown, shown
    play_action(app, "I go gamble at the Silver Nails to blow off stress")  # a later turn: the edits are the transcript
    shown = page(app)
    assert shown.count("Vice empty → Gambling") == 1, shown
    assert "Vex updated" not in shown, shown
    captions = "\n".join(str(c.value) for c in app.caption)
    # at 3 stress the vice roll's odds read against it (round 25): a die above 3 overindulges
    assert "clear 1-2 stress" in captions and "clear all 3 and overindulge" in captions, captions
    no_errors(app)
