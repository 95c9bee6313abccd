"""Round 35, Blades long-term projects: "I work on the glider project through the night" works on the open project
“Build a spark-craft glider in my workshop” (it started a new one, “Glider project through the night”)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    "again",
    [
        "I work on the glider project through the night",
        "i keep working on my glider project overnight",
        "I work on the glider again",
    ],
)
def test_blades_the_thing_worked_on_names_the_open_project(again: str) -> None:
    session, dice = open_campaign("Workshop", "blades")
    assert session.send("/set tinker 2").kind != "error"
    play(session, dice, "i start a long-term project: build a spark-craft glider in my workshop, 6-segment clock", 3, 2)
    turn = play(session, dice, again, 4, 6)
    projects = (session.reload().active() or {}).get("projects") or []
    assert [(p["name"], p["filled"], p["segments"]) for p in projects] == [("Build a spark-craft glider in my workshop", 4, 6)]
    assert "A new project" not in turn.narration, turn.narration


def test_blades_another_projects_words_still_start_a_new_one() -> None:
    session, dice = open_campaign("Workshop2", "blades")
    play(session, dice, "i start a long-term project: build a spark-craft glider in my workshop, 6-segment clock", 3)
    play(session, dice, "I work on the smuggling route project", 3)
    names = [p["name"] for p in (session.reload().active() or {}).get("projects") or []]
    assert len(names) == 2, names


@pytest.mark.parametrize("again", ["i keep tinkering on the gilder, tinker", "I tinker with the glider some more"])
def test_blades_tinkering_on_an_open_project_is_its_long_term_project(again: str) -> None:
    """ "i keep tinkering on the gilder" offered Crafting first, and Long-Term Project started “Keep tinkering on the
    gilder, tinker” beside the glider."""
    session, dice = open_campaign("Glider", "blades")
    assert session.send("/set tinker 2").kind != "error"
    play(session, dice, "i start a long-term project: build a spark-craft glider in my workshop, 6-segment clock", 3, 2)
    turn = play(session, dice, again, 4, 6)
    assert turn.results[0].move == "Long-Term Project"
    projects = (session.reload().active() or {}).get("projects") or []
    assert [(p["name"], p["filled"]) for p in projects] == [("Build a spark-craft glider in my workshop", 4)]


def test_blades_crafting_something_else_is_still_crafting() -> None:
    session, dice = open_campaign("Glider2", "blades")
    assert session.send("/set tinker 2").kind != "error"
    play(session, dice, "i start a long-term project: build a spark-craft glider in my workshop, 6-segment clock", 3, 2)
    turn = session.send("I craft a new lockpick")
    assert turn.suggestions[0].move == "Crafting", [s.move for s in turn.suggestions]
