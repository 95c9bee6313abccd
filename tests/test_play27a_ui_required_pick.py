"""The app: a pick the rules require (Set a Course's cost on a weak hit) says so under its card, comes back with the
card after a reload, a move typed before it is refused in words naming it (the pick stays on offer), and once it is
made the move goes."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, no_errors, play_action  # noqa: F401

REQUIRED = "The rules require this pick"


def test_a_required_pick_is_marked_survives_a_reload_and_holds_the_next_move() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Course", "starforged", seed=7)
    weak = ChatSession.open("Course").confirm({"move": "Set a Course", "stat": "supply", "dice": [3, 3, 9]})
    assert weak.results[0].outcome == "weak_hit" and weak.open_choices[0].required
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Course"
    at.run()  # a fresh page: the open pick comes back from the campaign's log, marked
    no_errors(at)
    assert any(c.value.startswith(REQUIRED) for c in at.caption), [c.value for c in at.caption]
    at.chat_input(key="chat_text").set_value("/roll face danger +edge").run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith("Set a Course still waits for a pick the rules require"), errors
    assert service.load_campaign("Course").moves == 1  # nothing rolled
    at.radio(key="choice_0").set_value(weak.open_choices[0].options[2].label).run()  # face a complication
    at.button(key="choose_0").click().run()
    no_errors(at)
    assert not any(c.value.startswith(REQUIRED) for c in at.caption)
    play_action(at, "/roll face danger +edge")
    assert service.load_campaign("Course").moves == 2
