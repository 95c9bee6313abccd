"""The app while a pick waits: a sheet change typed in the chat, or saved in the sidebar's sheet editor, keeps the
pick's buttons on the page, and the button then makes the pick over the change (the sheet, the store and a reload
agree)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, no_errors  # noqa: F401

WEAK_HIT = {"move": "Secure an Advantage", "stat": "edge", "dice": [5, 4, 9]}  # "Take +2 momentum" or "+1 next move"


def _page(name: str) -> AppTest:
    service.create_campaign(name, "starforged", seed=3)
    service.resolve_event(name, WEAK_HIT)
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = name
    at.run()
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button)
    return at


def _pick(at: AppTest, option: int) -> None:
    """Pick the open choice's option (0: "Take +2 momentum", 1: "Add +1 on your next move") and confirm it."""
    at.radio(key="choice_0").set_value(at.radio(key="choice_0").options[option]).run()
    at.button(key="choose_0").click().run()
    no_errors(at)


def test_a_sheet_change_typed_while_the_pick_waits_keeps_the_buttons_and_the_pick_keeps_the_change() -> None:
    at = _page("Typed")
    at.chat_input(key="chat_text").set_value("/set health 3").run()
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button), "the pick is still on the page"
    _pick(at, 0)  # Take +2 momentum
    sheet = service.load_campaign("Typed").active() or {}
    assert (sheet["health"], sheet["momentum"]) == (3, 4)


def test_a_sheet_saved_in_the_sidebar_while_the_pick_waits_is_kept_by_the_pick() -> None:
    at = _page("Sidebar")
    next(n for n in at.number_input if n.label == "Spirit").set_value(2)
    next(b for b in at.button if b.label == "Save the sheet").click().run()  # the sheet editor: one undoable edit
    no_errors(at)
    assert (service.load_campaign("Sidebar").active() or {})["spirit"] == 2
    no_errors(at)
    assert any(b.key == "choose_0" for b in at.button)
    _pick(at, 1)  # Add +1 on your next move
    sheet = service.load_campaign("Sidebar").active() or {}
    assert (sheet["spirit"], sheet["next_move_add"]) == (2, 1)
