"""Undoing a move puts back what the move before it left open, on the page and after a reload: a Dungeon World Hack &
Slash whose pick dealt damage offers "Deal the damage"; a Saving Throw rolled next (the button goes: another move was
made) and then undone left the page with no way to deal that damage, even after a reload (the log was read only after
the last undo). Now the button is back at once and after a reload, and it deals the damage."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.test_ui_app import _offline_fast, no_errors, open_page  # noqa: F401


def _next(at: AppTest) -> list[str]:
    return [str(b.label) for b in at.button if str(b.key).startswith("next_")]


def test_undoing_the_next_move_puts_the_deal_damage_button_back() -> None:
    service.create_campaign("Hack", "dungeon-world", seed=4)
    session = ChatSession.open("Hack")
    hit = session.confirm({"move": "Hack & Slash", "stat": "str", "dice": [6, 1]})
    assert hit.results[0].outcome == "weak_hit"
    assert session.send("/choose 1").follow_ups, "the pick deals damage: a follow-up"
    at = open_page("Hack")
    offered = _next(at)
    assert offered, "the follow-up's button after the pick"
    at.chat_input(key="chat_text").set_value("/roll saving throw +dex").run()
    no_errors(at)
    assert service.load_campaign("Hack").moves == 2 and not _next(at)
    at.button(key="undo").click().run()
    no_errors(at)
    assert service.load_campaign("Hack").moves == 1
    assert _next(at) == offered, "back at once after the undo"
    reloaded = open_page("Hack")
    assert _next(reloaded) == offered, "and after a reload"
    next(b for b in reloaded.button if b.key == "next_0").click().run()
    no_errors(reloaded)
    assert service.load_campaign("Hack").moves == 2  # the damage was dealt


def test_undoing_the_only_move_offers_nothing() -> None:
    service.create_campaign("Once", "dungeon-world", seed=4)
    at = open_page("Once")
    at.chat_input(key="chat_text").set_value("/roll saving throw +dex").run()
    no_errors(at)
    at.button(key="undo").click().run()
    no_errors(at)
    assert not _next(at) and not any(str(b.key).startswith("choose_") for b in at.button)
    assert not _next(open_page("Once"))
