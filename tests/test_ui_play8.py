"""The app through round 8's Blades downtime: a loud score's heat that fills the tracker reads as filled and
rolled over (not as heat taken off), a /meter card carries no boilerplate rules text, a downtime roll's badge names
its result by the die ("1-3", "4/5", "6") and never as a bad outcome, and a sheet question answers from the sheet."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401
from tests.test_ui_app import markdown as page


def test_heat_that_rolls_over_and_a_downtime_roll_read_right_on_the_cards() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Loud Crows", "blades")
    play_action(app, "/set name Vex")
    play_action(app, "/meter heat +3 a contained score")
    play_action(app, "/meter heat +8 a loud score on hostile turf")
    shown = page(app)
    assert "Heat: 3 → 2 — a loud score on hostile turf (filled at 9 and rolled over)" in shown, shown
    assert "Wanted level: 0 → 1 (+1)" in shown and "(-1)" not in shown, shown
    assert "A meter changes within its bounds" not in shown, shown
    play_action(app, "how much heat do we have?")
    assert "Heat is 2 on Vex's sheet" in page(app), page(app)
    play_action(app, "/roll reduce heat +consort")
    badges = re.findall(r'class="outcome"[^>]*>([^<]+)<', page(app))
    assert badges and badges[-1] in {"1-3", "4/5", "6", "Critical"}, badges
    no_errors(app)


def test_a_2d6_total_on_the_card_shows_what_it_adds_up() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    defend = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [4, 4]}
    assert dice_card_view(resolve(defend)).score_line == "Total 9 (4 + 4 + con 1)"
    power = {"system": "city", "move": "Use Power", "options": {"connected": False}, "dice": [5, 6]}
    assert dice_card_view(resolve(power)).score_line == "Total 9 (5 + 6 - 2)"
