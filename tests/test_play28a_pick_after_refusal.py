"""The app: while a pick the rules require waits (Set a Course's cost on a weak hit, Blades' overindulgence), new words
offer their moves AND keep the pick's buttons on the page, above them (the moves wait for it); a suggested move clicked
is refused in words naming the pick, and the pick is still right there to click (before, only ``/choose N`` typed could
make it: its buttons had gone with the new line's suggestions). Once picked, the move suggested for the words goes."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from assistant.store import service
from tests.test_ui_app import APP, _offline_fast, no_errors, play_action  # noqa: F401


def _open_page(name: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["campaign"] = name
    at.run()
    no_errors(at)
    return at


def _pick_buttons(at: AppTest) -> bool:
    return any(b.key == "choose_0" for b in at.button) and any(r.key == "choice_0" for r in at.radio)


def _suggested(at: AppTest) -> list[str]:
    return [str(b.label) for b in at.button if str(b.key).startswith("suggestion_")]


def _weak_course(name: str) -> str:
    from assistant.chat.session import ChatSession

    service.create_campaign(name, "starforged", seed=7)
    weak = ChatSession.open(name).confirm({"move": "Set a Course", "stat": "supply", "dice": [3, 3, 9]})
    assert weak.results[0].outcome == "weak_hit" and weak.open_choices[0].required
    return weak.open_choices[0].options[2].label  # face a complication at the destination


@pytest.mark.parametrize(
    "words",
    [
        "I dodge the falling rocks with quick reflexes",
        "I sprint across the collapsing catwalk",
        "I try to talk the guard into letting me pass",
    ],
)
def test_starforged_the_required_cost_stays_clickable_beside_the_new_moves(words: str) -> None:
    complication = _weak_course("Course")
    at = _open_page("Course")
    assert _pick_buttons(at)
    play_action(at, words)
    offered = _suggested(at)
    assert offered, "the new words offer their moves"
    assert _pick_buttons(at), "the waiting pick is still on the page beside them"
    keys = [b.key for b in at.button]
    assert keys.index("choose_0") < keys.index("suggestion_0"), "the pick the moves wait for comes first"
    at.button(key="suggestion_0").click().run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith("Set a Course still waits for a pick the rules require"), errors
    assert service.load_campaign("Course").moves == 1  # nothing rolled
    assert _pick_buttons(at), "the refusal names a pick that is on the page"
    assert _suggested(at) == offered, "the moves for the words are still on offer"
    at.radio(key="choice_0").set_value(complication).run()
    at.button(key="choose_0").click().run()
    no_errors(at)
    assert not _pick_buttons(at)
    play_action(at, words)  # the words again: now nothing waits
    at.button(key="suggestion_0").click().run()
    no_errors(at)
    assert service.load_campaign("Course").moves == 2  # picked, the move goes


def test_blades_the_overindulgence_stays_clickable_after_the_refusal() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Vice", "blades", seed=3)
    session = ChatSession.open("Vice")
    assert session.send("/set vice gambling").kind != "error"
    vice = session.confirm({"move": "Indulge Vice", "dice": [5, 2]})  # clears 5, none marked: overindulge
    assert vice.open_choices and vice.open_choices[0].required, vice.narration
    at = _open_page("Vice")
    play_action(at, "I study the old ledgers for a long project")
    assert _suggested(at) and _pick_buttons(at)
    at.button(key="suggestion_0").click().run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "Indulge Vice still waits for a pick the rules require" in errors[0], errors
    assert _pick_buttons(at)
    brag = next(o.label for o in vice.open_choices[0].options if "brag" in o.label.lower())
    at.radio(key="choice_0").set_value(brag).run()
    at.button(key="choose_0").click().run()
    no_errors(at)
    assert service.load_campaign("Vice").active()["heat"] == 2  # the brag was made from the page
    assert not _pick_buttons(at)


def test_new_words_after_a_move_with_nothing_to_pick_show_no_pick() -> None:
    """A strong hit that left nothing to pick: the words' moves are offered and no pick is invented beside them."""
    from assistant.chat.session import ChatSession

    service.create_campaign("Plain", "starforged", seed=7)
    strong = ChatSession.open("Plain").confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]})
    assert strong.results[0].outcome == "strong_hit" and not strong.open_choices
    at = _open_page("Plain")
    play_action(at, "I sprint across the collapsing catwalk")
    assert _suggested(at) and not _pick_buttons(at)  # nothing waits: no pick is invented
