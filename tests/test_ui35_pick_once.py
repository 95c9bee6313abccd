"""A pick made with the buttons is drawn once: the page that makes it shows the move as made, its first roll folded
away ("as first rolled, before your pick"); it showed the unpicked card in full above the picked one until the next
rerun, the same Feed twice."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, no_errors  # noqa: F401

FOLDED = "(as first rolled, before your pick)"


def test_the_pick_button_draws_the_picked_move_once_with_its_first_roll_folded() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Hunt", "elegy", seed=7)
    weak = ChatSession.open("Hunt").confirm({"move": "Feed", "stat": "heart", "dice": [1, 8]})
    assert weak.results[0].outcome == "weak_hit" and weak.open_choices
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Hunt"
    at.run()
    no_errors(at)
    assert not [e.label for e in at.expander if FOLDED in e.label]
    at.radio(key="choice_0").set_value(weak.open_choices[0].options[0].label).run()
    at.button(key="choose_0").click().run()
    no_errors(at)
    folded = [e.label for e in at.expander if FOLDED in e.label]
    assert folded == [f"Feed {FOLDED}"], [e.label for e in at.expander]
    text = "\n".join(m.value for m in at.markdown)
    assert text.count("You choose: gain 2 blood and keep the victim alive") == 1, text[-1500:]
    assert not [r for r in at.radio if r.key and r.key.startswith("choice_")]  # nothing left to pick
    again = AppTest.from_file(str(APP), default_timeout=60)  # a reload draws the same
    again.query_params["campaign"] = "Hunt"
    again.run()
    assert [e.label for e in again.expander if FOLDED in e.label] == folded
