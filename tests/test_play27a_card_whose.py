"""A card of a move made on another character's sheet says whose: Mara's Feed showed "Feed (+heart)" and "Focus: 2 →
3" beside Vesper's sheet in the sidebar (focus 2), a card and a sheet that seemed to disagree. The card now reads
"Mara's Feed (+heart)" and "What changed on Mara's sheet"; the one playing's own cards are unchanged."""

from __future__ import annotations

import html

from streamlit.testing.v1 import AppTest

from assistant.store import service
from assistant.ui.components.dice_card import dice_card_view
from tests.test_ui_app import APP, _offline_fast, markdown, no_errors  # noqa: F401


def _mara_fed(name: str):
    from assistant.chat.session import ChatSession

    service.create_campaign(name, "elegy", seed=7)
    session = ChatSession.open(name)
    session.send("/set name Vesper")
    session.send("/character add Mara")
    fed = session.confirm({"move": "Feed", "stat": "heart", "character_id": "mara", "dice": [1, 1]})
    assert fed.results and fed.results[0].outcome == "strong_hit", fed.error
    assert session.send("/choose 1").kind == "action"  # her pick (keep the victim alive) is required first
    mine = session.confirm({"move": "Face Danger", "stat": "heart", "dice": [1, 1]})
    assert mine.results, mine.error
    return fed.results[0], mine.results[0]


def test_the_card_of_maras_move_says_whose_and_the_players_own_does_not() -> None:
    hers, mine = _mara_fed("Card whose")
    view = dice_card_view(hers, playing="pc1")
    assert view.title == "Mara's Feed (+heart)" and view.whose == "Mara", view
    assert dice_card_view(mine, playing="pc1").title == "Face Danger (+heart)"
    assert dice_card_view(hers).title == "Feed (+heart)"  # nobody playing known: no name guessed


def test_the_app_draws_maras_card_as_hers_beside_vespers_sheet() -> None:
    _mara_fed("Card in app")
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Card in app"
    at.run()
    no_errors(at)
    page = html.unescape(markdown(at))
    assert "Mara's Feed (+heart)" in page and "What changed on Mara's sheet" in page, page[-2000:]
    assert "Vesper's" not in page
