"""A move that starts a track, confirmed with no words of the player's (the "Swear an Iron Vow" button Fulfill Your
Vow's "set things right" offers), asks what the new track is before it rolls; it used to start a vow called "Swear an
Iron Vow". The answer names the track, rank and all, in several wordings; the app shows the question after a reload
and takes the answer typed in the chat."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.session_helpers import open_campaign
from tests.test_ui_app import APP, no_errors, play_action

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_set_things_right_button_asks_for_the_new_vow_and_names_it_from_the_answer() -> None:
    session, dice = open_campaign("Set right", "starforged")
    session.send("/track dangerous Recover the stolen archive")
    session.send("/progress Recover the stolen archive 6")
    offered = session.send("I recover the archive and fulfill my vow")
    fulfil = next(s for s in offered.suggestions if s.move == "Fulfill Your Vow")
    dice.queue(10, 4)  # the progress beats the 4, not the 10: a weak hit
    weak = session.confirm(fulfil)
    assert weak.results[0].outcome == "weak_hit", weak.results[0].outcome
    right = next(o for c in weak.open_choices for o in c.options if "set things right" in o.label.lower())
    chosen = session.choose([right.id])
    (follow,) = [f for f in chosen.follow_ups if f.move == "Swear an Iron Vow"]
    asked = session.confirm(follow)  # the button: no words of the player's
    assert asked.kind == "question", asked.kind
    assert asked.question is not None and asked.question.text.startswith("What is the new vow?"), asked.question
    assert not asked.suggestions, [s.move for s in asked.suggestions]  # the fulfil's offer is spent: no second roll
    assert [t["name"] for t in session.reload().tracks.values()] == ["Recover the stolen archive"]  # nothing rolled yet
    dice.queue(6, 1, 2)
    sworn = session.send("to set things right with the Hollow Court, an extreme vow")
    assert sworn.kind == "action" and sworn.results[0].move == "Swear an Iron Vow", sworn.error
    names = {t["name"]: t["rank"] for t in session.reload().tracks.values() if not t.get("status")}
    assert names == {"Set things right with the Hollow Court": "extreme"}, names
    assert "Swear an Iron Vow" not in names
    assert any("“Set things right with the Hollow Court” (named in your answer)" in n for n in sworn.notes), sworn.notes


@pytest.mark.parametrize(
    ("answer", "name", "rank"),
    [
        ("to make amends with the archivists, a dangerous vow", "Make amends with the archivists", "dangerous"),
        ("I swear to make amends with the archivists", "Make amends with the archivists", "formidable"),
        ("Find the Hollow Court's archive", "Find the Hollow Court's archive", "formidable"),
        ("I vow to protect the settlers of Bleakhold, an epic vow", "Protect the settlers of Bleakhold", "epic"),
    ],
)
def test_the_answer_names_the_vow_in_the_players_words(answer: str, name: str, rank: str) -> None:
    session, dice = open_campaign(f"Vow {len(answer)}", "starforged")
    asked = session.confirm({"move": "Swear an Iron Vow", "stat": "heart"})
    assert asked.kind == "question", asked.kind
    dice.queue(2, 9, 9)  # a miss: the vow is sworn all the same
    sworn = session.send(answer)
    assert sworn.kind == "action", sworn.error
    assert [(t["name"], t["rank"]) for t in session.reload().tracks.values()] == [(name, rank)]


def test_a_question_about_the_rules_while_the_name_is_asked_is_not_taken_for_the_name() -> None:
    session, _dice = open_campaign("Vow rules", "starforged")
    session.confirm({"move": "Swear an Iron Vow", "stat": "heart"})
    session.send("how does a vow's rank work?")
    assert not session.reload().tracks


def test_an_elegy_and_a_fight_started_by_a_button_ask_too_and_a_move_with_words_does_not() -> None:
    elegy, _ = open_campaign("Elegy ask", "elegy")
    asked = elegy.confirm({"move": "Sing an Elegy", "stat": "heart"})
    assert asked.kind == "question" and asked.question is not None and "new elegy" in asked.question.text
    fight, dice = open_campaign("Fray ask", "starforged")
    assert fight.confirm({"move": "Enter the Fray", "stat": "heart"}).kind == "question"
    dice.queue(6, 1, 2)  # the player's next words answer it: the fight is named after the foe they name
    answered = fight.send("a raider jumps me in the alley")
    assert answered.kind == "action" and answered.results[0].move == "Enter the Fray", answered.error
    assert [t["name"] for t in fight.reload().tracks.values()] == ["The raider"]
    words, dice = open_campaign("Fray words", "starforged")
    offered = words.send("a pirate spots me and opens fire, a dangerous foe")
    fray = next(s for s in offered.suggestions if s.move == "Enter the Fray")
    dice.queue(6, 1, 2)
    rolled = words.confirm(fray)  # the words name the fight: nothing asked
    assert rolled.kind == "action" and [t["name"] for t in words.reload().tracks.values()] == ["The pirate"]


def test_in_the_app_the_question_survives_a_reload_and_the_typed_answer_names_the_vow() -> None:
    from assistant.chat.session import ChatSession
    from assistant.store import service

    service.create_campaign("Iron Answer", "starforged", seed=4)
    asked = ChatSession.open("Iron Answer").confirm({"move": "Swear an Iron Vow", "stat": "heart"})
    assert asked.kind == "question"
    app = AppTest.from_file(str(APP), default_timeout=90)
    app.query_params["campaign"] = "Iron Answer"
    app.run()
    no_errors(app)
    shown = "\n".join(str(m.value) for m in app.markdown)
    assert "**Swear an Iron Vow** —" in shown and shown.count("What is the new vow?") == 1, shown  # once, in the chat
    play_action(app, "to find my lost sister, a dangerous vow")
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Find my lost sister" in sidebar and "Swear an Iron Vow" not in sidebar.split("Progress tracks")[-1], sidebar
    notes = [str(c.value) for c in app.caption]
    assert any("A new dangerous vow: “Find my lost sister” (named in your answer)" in n for n in notes), notes


def test_a_question_asked_for_the_players_words_keeps_their_moves_on_offer() -> None:
    session, _dice = open_campaign("Stress words", "starforged")
    offered = session.send("The enforcer's shock baton leaves me shaken and in despair")
    stress = next((s for s in offered.suggestions if s.move == "Endure Stress"), None)
    assert stress is not None, [s.move for s in offered.suggestions]
    asked = session.confirm(stress)
    assert asked.kind == "question", asked.kind
    assert [s.move for s in asked.suggestions] == [s.move for s in offered.suggestions]
