"""Round 34, the app on a phone: the outcome badge wrapped inside itself ("Weak" over "hit") beside a long move name,
the dice of a group split across lines and read "challenge dice 18" in the page's text, and a form in the sidebar left
the sidebar drawn over the campaign it had just created or picked."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from assistant.engine.model import DieRecord
from assistant.ui.components.dice_card import DiceCardView, dice_html, header_html


def test_the_outcome_badge_keeps_its_words_on_one_line() -> None:
    view = DiceCardView("Direct Someone to Act (+sway)", "Weak hit", "weak_hit", True, "", "")
    html = header_html(view)
    for word in ("Weak hit", "match"):
        badge = re.search(rf'<span class="[a-z]+" style="([^"]*)">{word}</span>', html)
        assert badge is not None and "white-space:nowrap" in badge.group(1), html


def test_a_group_of_dice_stays_together_and_reads_apart() -> None:
    dice = [DieRecord(value=6, sides=6, role="action"), DieRecord(value=1, sides=10, role="challenge"),
            DieRecord(value=8, sides=10, role="challenge")]  # fmt: skip
    html = dice_html(dice)
    assert html.count('class="dice-group" style="white-space:nowrap"') == 2
    text = re.sub(r"<[^>]+>", "", html).replace("&nbsp;", " ")
    assert "challenge dice 1 8" in re.sub(r"\s+", " ", text), text


def _page() -> None:
    import streamlit as st

    from assistant.ui.components.phone import fold_sidebar, render_fold

    st.button("Create", key="make", on_click=fold_sidebar)
    render_fold()


def test_a_sidebar_form_folds_the_sidebar_once() -> None:
    from assistant.ui.components.phone import PENDING

    at = AppTest.from_function(_page).run()
    assert PENDING not in at.session_state
    at.button(key="make").click().run()
    assert at.session_state[PENDING] == 0  # asked for by the form, drawn on this page, not on the next
    at.run()
    assert at.session_state[PENDING] == 0


def _uploader() -> None:
    from assistant.ui.components.journal import render_import

    render_import()


def test_the_journal_picker_says_the_size_the_app_reads() -> None:
    """It said "200MB per file" (Streamlit's own limit) while the app refuses a journal over 20 MB."""
    from assistant.ui.components.journal import MAX_IMPORT_BYTES

    at = AppTest.from_function(_uploader).run()
    (uploader,) = at.get("file_uploader")
    assert uploader.proto.max_upload_size_mb == MAX_IMPORT_BYTES // (1024 * 1024) == 20


def test_the_card_title_reads_apart_from_its_outcome() -> None:
    view = DiceCardView("Face Danger (+shadow)", "Weak hit", "weak_hit", False, "", "")
    assert re.sub(r"<[^>]+>", "", header_html(view)).strip() == "Face Danger (+shadow) Weak hit"
