"""The app's "roll again" button after a table roll reads as English for a table named a roll: Blades' Incarceration
Roll and Vice Roll offered "Roll Incarceration Roll again"; now "Make the Incarceration Roll again". Pay the Price keeps
"Roll Pay the Price again", and the button still rolls the same table."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.ui.components.follow_ups import roll_again_label
from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401


@pytest.mark.parametrize(
    ("name", "label"),
    [
        ("Incarceration Roll", "Make the Incarceration Roll again"),
        ("Vice Roll", "Make the Vice Roll again"),
        ("Pay the Price", "Roll Pay the Price again"),
        ("Entanglements", "Roll Entanglements again"),
        ("Rollers of the Deep", "Roll Rollers of the Deep again"),
    ],
)
def test_the_label_says_roll_once(name: str, label: str) -> None:
    assert roll_again_label(name) == label


def _again(at: AppTest) -> list[str]:
    return [str(b.label) for b in at.button if str(b.key).startswith("next_") and "again" in str(b.label)]


def test_the_incarceration_roll_is_offered_again_in_words_and_rolls_it() -> None:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    create_campaign(at, "Cells", "blades", "5")
    play_action(at, "/table incarceration")
    assert _again(at) == ["Make the Incarceration Roll again"], [b.label for b in at.button]
    before = sum("Incarceration Roll" in str(m.value) for m in at.markdown)
    next(b for b in at.button if b.label == "Make the Incarceration Roll again").click().run()
    no_errors(at)
    assert sum("Incarceration Roll" in str(m.value) for m in at.markdown) > before  # rolled again: another card
