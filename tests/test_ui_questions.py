"""The app draws the chat's open question with a button per answer, and a click answers it (AppTest, offline)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.session_helpers import ScriptedDice

APP = Path(__file__).resolve().parent.parent / "assistant" / "ui" / "app.py"


@pytest.fixture(autouse=True)
def _offline_fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setenv("OMP_NUM_THREADS", "1")


def test_an_open_question_shows_its_answers_as_buttons_after_a_reload_and_a_click_answers_it() -> None:
    service.create_campaign("Asked", "starforged", seed=7)
    asked = ChatSession.open("Asked").confirm({"move": "Endure Harm"})
    assert asked.kind == "question"
    health = (service.load_campaign("Asked").active() or {})["health"]
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Asked"
    at.run()  # a fresh page: the question comes back from the campaign's log
    assert not at.exception
    answers = {str(b.label): b for b in at.button if str(b.key).startswith("answer_")}
    assert list(answers) == ["1 (minor)", "2 (serious)", "3 (major)"]
    answers["2 (serious)"].click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert (service.load_campaign("Asked").active() or {})["health"] == health - 2
    assert not [b for b in at.button if str(b.key).startswith("answer_")]
    assert service.load_campaign("Asked").pending_question is None


def test_a_typed_move_that_needs_a_value_asks_with_buttons_and_a_typed_answer_resolves_it() -> None:
    service.create_campaign("Typed", "blades", seed=7)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Typed"
    at.run()
    at.chat_input(key="chat_text").set_value("/roll heat").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    labels = [str(b.label) for b in at.button if str(b.key).startswith("answer_")]
    assert labels == ["Smooth (0 heat)", "Contained (2)", "Loud (4)", "Wild (6)"]
    heat = (service.load_campaign("Typed").active() or {})["heat"]
    at.chat_input(key="chat_text").set_value("wild").run()
    assert not at.exception and not at.error
    assert (service.load_campaign("Typed").active() or {})["heat"] == heat + 6
    assert not [b for b in at.button if str(b.key).startswith("answer_")]


def test_confirm_choice_waits_for_a_pick_and_then_applies_it() -> None:
    """With no option picked, "Confirm choice" used to send an empty pick and the page read '“” is not one of the
    open choices'. It now waits (disabled) until an option is picked; the pick then applies as the card says."""
    service.create_campaign("Picked", "starforged", seed=7)
    dice = ScriptedDice().queue(3, 4, 1)  # action die 3 + wits 1 = 4 vs 4 and 1: a weak hit, choose one
    rolled = ChatSession.open("Picked", rng=dice).send("/roll secure an advantage +wits")
    assert rolled.open_choices, rolled.narration
    momentum = (service.load_campaign("Picked").active() or {})["momentum"]
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Picked"
    at.run()
    assert not at.exception
    confirm = at.button(key="choose_0")
    assert confirm.disabled and confirm.help == "Pick an option above first."
    at.radio(key="choice_0").set_value("Take +2 momentum").run()
    assert not at.button(key="choose_0").disabled
    at.button(key="choose_0").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert (service.load_campaign("Picked").active() or {})["momentum"] == momentum + 2
    assert not [b for b in at.button if str(b.key).startswith("choose_")]


def test_adds_and_burn_are_offered_only_where_a_suggested_move_takes_them() -> None:
    """Fulfill Your Vow was offered beside "Adds" and "Burn momentum": a +1 typed there was dropped without a word
    (a progress roll takes neither). Its line now says so, and a list of progress moves alone offers neither."""
    from assistant.suggest.core import Suggestion
    from assistant.ui.components.suggestions import roll_type, suggestion_caption, takes_adds

    def suggestion(move_id: str) -> Suggestion:
        return Suggestion(move_id.replace("_", " "), move_id, "starforged", None, None, 1.0, "", None, None, None, {})

    vow, danger, expedition = (suggestion(m) for m in ("fulfill_your_vow", "face_danger", "finish_an_expedition"))
    assert [roll_type(s) for s in (vow, danger, expedition)] == ["progress", "action", "progress"]
    assert takes_adds(["progress", "action"]) and not takes_adds(["progress", "progress", "none"])
    assert suggestion_caption(vow, "progress").startswith("progress roll, no adds or burn: ")
    assert not suggestion_caption(danger, "action").startswith("progress roll")
