"""The app's sheet form while a pick waits: a value an open option sets (momentum, while "Take +2 momentum" is on
offer) is refused when the form is saved, in the chat's words, and nothing is stored; a list change the pick keeps
(an asset) is saved; after an edit the pick's buttons and the next-step buttons are still on the page."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.chat.session import ChatSession
from assistant.store import service
from tests.test_store34_app import _page
from tests.test_ui_app import APP, _offline_fast, no_errors  # noqa: F401


def _save(at: AppTest, label: str, value: int) -> None:
    next(n for n in at.number_input if n.label == label).set_value(value)
    next(b for b in at.button if b.label == "Save the sheet").click().run()


def test_the_sheet_form_refuses_what_the_pick_sets_in_the_chats_words() -> None:
    at = _page("Form")
    before = service.load_campaign("Form").last_seq
    _save(at, "Momentum", 5)
    shown = [e.value for e in at.error]
    chat = ChatSession.open("Form").send("/set momentum 5")  # the chat's refusal of the same edit
    assert chat.kind == "error" and chat.error in shown, (shown, chat.error)
    assert chat.error.startswith("Secure an Advantage still waits for your pick, and “Take +2 momentum”")
    assert service.load_campaign("Form").last_seq == before  # nothing stored by the form (nor by the chat)
    assert any(b.key == "choose_0" for b in at.button), "the pick is still on the page"
    next(n for n in at.number_input if n.label == "Momentum").set_value(2)  # the refused value taken back
    _save(at, "Spirit", 3)  # what no option sets is saved
    no_errors(at)
    assert (service.load_campaign("Form").active() or {})["spirit"] == 3


def test_the_next_step_buttons_stay_after_bookkeeping_typed_in_the_chat_and_still_play() -> None:
    service.create_campaign("Steps", "starforged", seed=3)
    service.resolve_event("Steps", {"move": "Face Danger", "stat": "edge", "dice": [2, 4, 6]})  # a weak hit: suffer -1
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Steps"
    at.run()
    no_errors(at)

    def steps() -> list[str]:
        return [b.label for b in at.button if str(b.key).startswith("next_")]

    offered = steps()
    assert "Sacrifice Resources (-1)" in offered, offered
    for line in ("/meter supply -1 spoiled", "/set health 3", "/clock 4 The alarm"):
        at.chat_input(key="chat_text").set_value(line).run()
        no_errors(at)
        assert steps() == offered, (line, steps())
    next(b for b in at.button if b.label == "Sacrifice Resources (-1)").click().run()
    no_errors(at)
    sheet = service.load_campaign("Steps").active() or {}
    assert (sheet["supply"], sheet["health"]) == (3, 3)
