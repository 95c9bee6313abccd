"""A move that would start a track and does not on its outcome (a miss on Make a Connection: "you don't make a
connection") must not tell the player "A new formidable connection: “Mara”" over a sheet without it; a hit still
starts it and says so. Elegy and Starforged, and the app's card."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import ScriptedDice, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _connect(session: ChatSession, dice: ScriptedDice, text: str, *faces: int) -> Any:
    offered = session.send(text)
    picked = next((s for s in offered.suggestions if s.move == "Make a Connection"), None)
    assert picked is not None, [s.move for s in offered.suggestions]
    dice.queue(*faces)
    turn = session.confirm(picked)
    assert turn.kind != "error", turn.error
    return turn


@pytest.mark.parametrize(
    ("system", "words", "miss", "hit"),
    [
        ("elegy", "I make a connection with Mara, a fellow vampire", (4, 10), (1, 2)),
        ("starforged", "I make a connection with Captain Ilsa Voss, a smuggler", (1, 4, 10), (6, 1, 2)),
        ("starforged", "I meet the archivist Oren and make a connection, a dangerous one", (2, 9, 9), (5, 2, 1)),
    ],
)
def test_a_missed_connection_says_none_was_made_and_a_hit_starts_it(
    system: str, words: str, miss: tuple[int, ...], hit: tuple[int, ...]
) -> None:
    session, dice = open_campaign(f"Connections {system} {len(words)}", system)
    missed = _connect(session, dice, words, *miss)
    assert missed.results[0].outcome == "miss"
    assert not session.reload().tracks, session.state.tracks
    assert not any(n.startswith("A new ") for n in missed.notes), missed.notes
    said = [n for n in missed.notes if "is started on this outcome" in n]
    assert len(said) == 1 and said[0].startswith("No connection “") and "nothing is added to your sheet" in said[0], said

    made = _connect(session, dice, words, *hit)
    assert made.results[0].outcome == "strong_hit"
    (track,) = session.reload().tracks.values()
    assert any(n.startswith("A new ") and f"“{track['name']}”" in n for n in made.notes), made.notes


def test_a_missed_fray_still_starts_its_fight_and_says_so() -> None:
    session, dice = open_campaign("Fray", "starforged")
    offered = session.send("I enter the fight against the raider, a dangerous foe")
    fray = next(s for s in offered.suggestions if s.move == "Enter the Fray")
    dice.queue(1, 9, 9)
    turn = session.confirm(fray)
    assert turn.results[0].outcome == "miss"
    assert [t["name"] for t in session.reload().tracks.values()] == ["The raider"]
    assert any(n.startswith("A new dangerous fight: “The raider”") for n in turn.notes), turn.notes


def test_in_the_app_a_missed_connection_leaves_card_and_sidebar_agreeing() -> None:
    """The card's note and the sidebar's tracks after a miss (the campaign's seeded dice: rolled until one misses)."""
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, create_campaign, no_errors, play_action

    app = AppTest.from_file(str(APP), default_timeout=90)
    app.run()
    create_campaign(app, "Night Choir", "elegy", seed="3")
    for _ in range(12):
        play_action(app, "I make a connection with Mara, a fellow vampire")
        assert app.button(key="suggestion_0").label.startswith("Roll Make a Connection"), app.button(key="suggestion_0").label
        app.button(key="suggestion_0").click().run()
        if any(str(m.value).startswith("On a miss") for m in app.markdown):  # the outcome told, not the move text
            break
        app.button(key="undo").click().run()
    else:
        pytest.fail("no miss in twelve seeded rolls")
    no_errors(app)
    notes = [str(c.value) for c in app.caption]
    assert not any("A new formidable connection" in n for n in notes), notes
    assert any("No connection “Mara” is started on this outcome" in n for n in notes), notes
    sidebar = "\n".join(str(m.value) for m in app.sidebar.markdown)
    assert "Mara" not in sidebar.split("Progress tracks")[-1], sidebar


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("Suddenly two Court snipers ambush me from the rafters", "Two Court snipers"),  # was "Court"
        ("Without warning, two drones attack me", "Two drones"),
        ("Suddenly a raider jumps me", "The raider"),  # was "Suddenly a raider"
        ("A Hollow Court enforcer lunges at me", "The Hollow Court enforcer"),  # was "The hollow court enforcer"
        ("The Court snipers open fire on me", "The Court snipers"),
        ("a raider jumps me in the alley, i draw my blade", "The raider"),
        ("three cultists attack me in the nave", "Three cultists"),
    ],
)
def test_an_ambush_names_the_fight_after_the_foes_as_typed(words: str, name: str) -> None:
    from assistant.chat.track_names import name_from_words

    assert name_from_words(words, "combat") == name
