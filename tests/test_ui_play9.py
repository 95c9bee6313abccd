"""The app through round 9: a table of seven entries (the Vices) reads as one entry picked of 1-7, never "on d7";
/table incarceration rolls the crew's Tier as its pool; a city yes/no question names what the game does instead."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401
from tests.test_ui_app import markdown as page


def test_the_vices_table_and_the_incarceration_roll_read_right_on_the_cards() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Vice Crows", "blades")
    play_action(app, "/table vices")
    shown = page(app)
    assert "on d7" not in shown and "of 1-7 (one entry picked at random)" in shown, shown
    play_action(app, "/set tier 2")
    play_action(app, "/table incarceration")
    shown = page(app)
    assert "Best die" in shown and "Incarceration" in shown, shown
    no_errors(app)


def test_a_city_yes_no_question_in_the_app_names_the_magistrate_not_dice() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Question City", "city")
    play_action(app, "is the bridge guarded?")
    shown = page(app)
    assert "the Magistrate (the GM) answers questions about the story" in shown and "/dice" not in shown, shown
    no_errors(app)


def test_harm_on_the_card_reads_as_names_and_levels() -> None:
    from assistant.engine import resolve
    from assistant.ui.components.dice_card import dice_card_view

    beaten = resolve(
        {
            "system": "blades",
            "move": "Incarceration",
            "options": {"beating": True},
            "character": {"harm": [{"level": 2, "name": "Broken arm"}]},
        }
    )
    lines = " ".join(dice_card_view(beaten).changes)
    assert "Harm: Broken arm (level 2) → Broken arm (level 2), Beaten by the constables (level 3)" in lines, lines
    assert "name Broken arm" not in lines, lines
