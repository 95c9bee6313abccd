"""Round 12 in the app: the card and the story beside it never say the same row or answer twice, and the card and
the sheet name a meter alike ("Health: 5 → 4" on the card, "Health: 4 / 5" on the sheet)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.ui.components.dice_card import dice_card_view
from tests.session_helpers import open_campaign
from tests.test_ui_app import APP, _offline_fast, create_campaign, markdown, no_errors, play_action  # noqa: F401


@pytest.mark.usefixtures("hash_embedder")
def test_a_d100_row_and_a_yes_no_answer_are_on_the_card_and_not_again_in_the_story() -> None:
    _, dice = open_campaign("Beside the Card", "starforged")
    session = ChatSession.open("Beside the Card", rng=dice, cards_shown=True)
    dice.queue(42)
    row = session.send("/table pay the price")
    assert row.kind == "action" and not row.notes, (row.error, row.notes)
    text = row.results[0].table["rows"][0]["text"].rstrip(".")  # type: ignore[index]
    assert text in dice_card_view(row.results[0]).outcome_text
    assert text not in row.narration, row.narration
    dice.queue(20)
    answer = session.send("/oracle action")
    assert answer.kind == "oracle" and answer.results[0].outcome == "yes", answer.error
    assert dice_card_view(answer.results[0]).outcome_text == "The answer is yes."
    assert "The answer is yes" not in answer.narration and "“Action?”" in answer.narration, answer.narration
    dice.queue(20)
    told = session.send("/oracle will the guard notice me")  # a question the story can answer in its own words
    assert "Yes: the guard will notice you." in told.narration, told.narration


def test_the_card_and_the_sheet_name_health_alike() -> None:
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Bruised", "starforged")
    play_action(app, "/roll endure harm amount=1 +health")
    shown = markdown(app)
    assert "Health: 5 → 4 (-1)" in shown and "health: 5 → 4" not in shown, shown
    bars = [p.proto.text for p in app.sidebar.get("progress")]
    assert "Health: 4 / 5" in bars, bars
    no_errors(app)
