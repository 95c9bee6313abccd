"""A Pay the Price that rolls two consequences ("your vehicle suffers damage" and "you are delayed": Withstand Damage
and Lose Momentum): playing one leaves the other offered, on the page, after a reload and in the chat; "roll again"
goes once a consequence is taken; a move the price did not offer ends the offer."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.followed_next import still_offered
from assistant.chat.session import ChatSession
from assistant.engine import resolve
from assistant.store import service
from tests.test_ui_app import APP, no_errors

#: Pay the Price rolled 99 ("roll twice"), then 66 (vehicle damage) and 90 (delayed).
TWO_PRICES = {"move": "Pay the Price", "dice": [99, 66, 90]}


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def _session() -> ChatSession:
    service.create_campaign("Embers", "starforged", seed=3)
    return ChatSession.open("Embers", retrieve_rules=False)


def test_the_other_consequence_stays_offered_after_one_is_played() -> None:
    session = _session()
    price = session.confirm(TWO_PRICES)
    assert [f.move for f in price.follow_ups] == ["Withstand Damage", "Lose Momentum"]
    lost = session.confirm({"move": "Lose Momentum", "options": {"amount": 2}})
    assert lost.kind == "action" and [f.move for f in lost.follow_ups] == ["Withstand Damage"]
    damaged = session.confirm({"move": "Withstand Damage", "options": {"amount": 1}})
    assert damaged.kind == "action" and not [f for f in damaged.follow_ups if f.move == "Lose Momentum"]


def test_the_consequences_taken_in_either_order_and_a_new_move_ends_the_offer() -> None:
    price = resolve({"system": "starforged", **TWO_PRICES})
    damage = resolve({"system": "starforged", "move": "Withstand Damage", "options": {"amount": 1}})
    momentum = resolve({"system": "starforged", "move": "Lose Momentum", "options": {"amount": 1}})
    strike = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
    assert [f.move for f in still_offered([price, damage])] == ["Lose Momentum"]
    assert [f.move for f in still_offered([price, momentum])] == ["Withstand Damage"]
    assert still_offered([price, damage, momentum]) == []
    assert still_offered([price, strike]) == []  # the story went on
    assert still_offered([price, momentum, momentum]) == []  # the same consequence twice is not the other one
    assert [f.move for f in still_offered([price])] == ["Withstand Damage", "Lose Momentum"]


def _next_labels(app: AppTest) -> list[str]:
    return [b.label for b in app.button if b.key and b.key.startswith("next_")]


def test_the_page_keeps_the_other_consequence_and_a_reload_shows_it_too() -> None:
    _session().confirm(TWO_PRICES)  # the price with its dice as the chat rolls it
    reloaded = AppTest.from_file(str(APP), default_timeout=90)
    reloaded.query_params["campaign"] = "Embers"
    reloaded.run()
    assert _next_labels(reloaded) == ["Withstand Damage", "Lose Momentum", "Roll Pay the Price again"]
    reloaded.button(key="next_1").click().run()  # Lose Momentum asks how much
    answers = [b for b in reloaded.button if b.key and b.key.startswith("answer_")]
    assert answers, [b.label for b in reloaded.button]
    answers[0].click().run()
    no_errors(reloaded)
    assert _next_labels(reloaded) == ["Withstand Damage"], _next_labels(reloaded)
    again = AppTest.from_file(str(APP), default_timeout=90)
    again.query_params["campaign"] = "Embers"
    again.run()
    assert _next_labels(again) == ["Withstand Damage"], _next_labels(again)
