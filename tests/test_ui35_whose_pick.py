"""A pick still open from another character's move is told of them in the panel, as the chat lists it: after Mara's
failed spell, with Arden playing, the panel said "Your spell fails. Take two penalties" above Arden's sheet."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, no_errors, play_action  # noqa: F401


def test_mara_s_open_pick_is_hers_once_arden_plays() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Duel Picks", "dungeon-world", {"name": "Arden"}, seed=3)
    chat = ChatSession.open("Duel Picks")
    for line in ("/character add Mara class=wizard", "/character play Mara", "/set mana 5"):
        chat.send(line)
    missed = chat.confirm({"move": "Cast a Spell (Wizard)", "stat": "int", "dice": [1, 2], "options": {"level": 1}})
    assert missed.open_choices and missed.open_choices[0].prompt.startswith("Your spell fails")
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = "Duel Picks"
    at.run()
    no_errors(at)
    assert at.multiselect(key="choice_0").label.startswith("Your spell fails")  # Mara plays: hers is "yours"
    play_action(at, "/character play Arden")
    box = at.multiselect(key="choice_0")
    assert box.label.startswith("Mara's spell fails. Take two penalties"), box.label
    assert box.options[1] == "They are locked in a spell-casting trance, they become vulnerable.", box.options
    again = AppTest.from_file(str(APP), default_timeout=60)  # a reload reads it from the log the same way
    again.query_params["campaign"] = "Duel Picks"
    again.run()
    assert again.multiselect(key="choice_0").label.startswith("Mara's spell fails")
