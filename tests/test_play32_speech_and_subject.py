"""Round 32: words the player's character says are what is to be done, not a name ('"We lay low for a while," I tell
the crew' in Blades' downtime was a Long-Term Project named after the whole line, and laying low was no Reduce Heat);
the player's own character as the sentence's subject is not the foe ("my vampire lunges at the hunter" started a
fight named "My vampire")."""

from __future__ import annotations

import pytest

from assistant.chat.track_names import spoken
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ('"We lay low for a while," I tell the crew', "We lay low for a while"),
        ("“Keep your heads down,” I tell Slane", "Keep your heads down"),
        ('I tell the crew: "we lay low for a while"', "we lay low for a while"),
        ("I lay low for a while", "I lay low for a while"),  # no speech: the words as they are
    ],
)
def test_the_words_said_are_read_from_quoted_speech(line: str, said: str) -> None:
    assert spoken(line) == said


def test_laying_low_said_to_the_crew_is_reduce_heat_and_names_no_clock_after_the_line() -> None:
    session, dice = open_campaign("Lay low", "blades")
    session.send("/set heat 3")
    turn = session.send('"We lay low for a while," I tell the crew')
    assert turn.suggestions[0].move == "Reduce Heat", [s.move for s in turn.suggestions]
    for s in turn.suggestions:
        named = str((s.request.get("options") or {}).get("project", ""))
        assert '"' not in named and "tell the crew" not in named, named
    dice.queue(4)
    rolled = session.confirm(turn.suggestions[0])
    assert "Heat 3 → 1" in rolled.narration, rolled.narration
    assert not session.reload().clocks, session.state.clocks


def test_a_project_said_to_the_crew_is_named_by_what_is_said() -> None:
    session, _dice = open_campaign("Lockpick talk", "blades")
    turn = session.send('"Let us start work on a better lockpick," I tell the crew')
    project = next(s for s in turn.suggestions if s.move == "Long-Term Project")
    assert project.request["options"]["project"] == "Better lockpick", project.request


@pytest.mark.parametrize(
    ("line", "foe"),
    [("my vampire lunges at the hunter", "The hunter"), ("our coterie attacks the hunters in the crypt", "The hunters")],
)
def test_the_players_own_character_as_subject_is_not_the_foe(line: str, foe: str) -> None:
    session, _dice = open_campaign("Lunge " + foe, "elegy")
    turn = session.send(line)
    fray = next(s for s in turn.suggestions if s.move == "Enter the Fray")
    assert fray.request["options"]["track"]["name"] == foe, fray.request


def test_a_project_said_to_be_long_term_is_named_without_it() -> None:
    session, _dice = open_campaign("Lockpick aside", "blades")
    turn = session.send("I spend my downtime working on a new lockpick, it's a long term project")
    project = next(s for s in turn.suggestions if s.move == "Long-Term Project")
    assert project.request["options"]["project"] == "New lockpick", project.request


def test_an_expedition_set_out_toward_a_place_is_named_by_the_place() -> None:
    session, _dice = open_campaign("Observatory", "starforged")
    turn = session.send("we set out across the frozen wastes toward the ruined observatory, it's a dangerous expedition")
    expedition = next(s for s in turn.suggestions if s.move == "Undertake an Expedition")
    assert expedition.request["options"]["track"]["name"] == "The ruined observatory", expedition.request
