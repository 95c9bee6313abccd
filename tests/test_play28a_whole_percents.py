"""The app's odds under a suggested move are whole percentages, as on every other button: Blades' Indulge Vice said
"clear 1 stress 2.78%, clear all 2 stress 8.33%, clear all 2 and overindulge 88.89%" beside "strong 33% · weak 44%"."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from assistant.ui.components.suggestions import whole_percents
from tests.test_ui_app import APP, _offline_fast, create_campaign, no_errors, play_action  # noqa: F401

DECIMAL_PERCENT = re.compile(r"\d+\.\d+%")


@pytest.mark.parametrize(
    ("words", "shown"),
    [
        ("clear 1 stress 2.78%, clear all 2 stress 8.33%", "clear 1 stress 3%, clear all 2 stress 8%"),
        ("full success 16.67%, partial success 33.33%, bad 50%", "full success 17%, partial success 33%, bad 50%"),
        ("a 6 0.46%", "a 6 <1%"),
        ("no roll: the move just happens", "no roll: the move just happens"),
        ("mark 3 segments 100%", "mark 3 segments 100%"),
    ],
)
def test_percentages_are_whole(words: str, shown: str) -> None:
    assert whole_percents(words) == shown


@pytest.mark.parametrize(
    "words",
    [
        "I gamble at the Silver Nails to clear my stress",
        "I visit my purveyor to blow off some steam",
        "I hit the dice at the gambling den",
    ],
)
def test_the_vice_roll_odds_under_its_button_are_whole(words: str) -> None:
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    create_campaign(at, "Vice odds", "blades", "3")
    play_action(at, "/set vice gambling")
    play_action(at, "/set stress 2")
    play_action(at, words)
    assert any(str(b.key).startswith("suggestion_") for b in at.button), [b.label for b in at.button]
    captions = [str(c.value) for c in at.caption if "%" in str(c.value)]
    assert captions and not [c for c in captions if DECIMAL_PERCENT.search(c)], captions
