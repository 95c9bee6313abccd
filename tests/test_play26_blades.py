"""Round 26, Blades downtime. An entanglement the GM picks was told in lower case ("The GM picks: flipped."): an
option whose label is a name (one word or several, in title case, not an instruction) keeps its own words."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(("pick", "told"), [("1", "Flipped"), ("2", "Interrogation")])
def test_the_gm_s_entanglement_keeps_its_name(pick: str, told: str) -> None:
    session, dice = open_campaign("Entangled " + told, "blades")
    for line in ("/set heat 7", "/set wanted 1"):
        assert session.send(line).kind != "error", line
    dice.queue(3)
    assert session.send("/roll entanglement").open_choices
    turn = session.send(pick)
    assert f"The GM picks: {told}." in turn.narration, turn.narration


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("Arrest", "Arrest"),
        ("Cooperation", "Cooperation"),
        ("Gang Trouble", "Gang Trouble"),
        ("Flee", "flee"),
        ("Mark Heat", "mark Heat"),
        ("Brag about your exploits", "brag about your exploits"),
    ],
)
def test_a_label_in_a_sentence_is_lowered_only_when_it_is_an_instruction(label: str, said: str) -> None:
    from assistant.narrate.picks_told import _in_sentence

    assert _in_sentence(label) == said


# ---- "I visit my vice" at 0 stress is no Long-Term Project ---------------------------------------------------------
@pytest.mark.parametrize(
    "typed", ["I visit my vice at the gambling den", "I indulge my vice", "I go drinking at the Leaky Bucket to unwind"]
)
def test_vice_words_at_no_stress_offer_no_other_move_and_say_why(typed: str) -> None:
    session, _ = open_campaign("Vice " + typed, "blades")
    turn = session.send(typed)
    assert not turn.suggestions, [s.move for s in turn.suggestions]
    assert any("Indulge Vice is not suggested now" in n and "/roll indulge vice" in n for n in turn.notes), turn.notes
    assert not (session.reload().active() or {}).get("projects")


def test_vice_words_with_stress_offer_indulge_vice_first() -> None:
    session, _ = open_campaign("Vice stressed", "blades")
    assert session.send("/set stress 3").kind != "error"
    assert session.send("I visit my vice at the gambling den").suggestions[0].move == "Indulge Vice"


# ---- a project the words name is that project, not the one open ----------------------------------------------------
def _projects(session) -> dict[str, int]:
    return {p["name"]: int(p.get("filled", 0)) for p in (session.reload().active() or {}).get("projects") or []}


@pytest.mark.parametrize(
    "typed",
    [
        "I work on my long term project to map the sewers",
        "I start my long-term project to map the sewers",
        "my project: map the sewers",
    ],
)
def test_a_project_named_in_the_words_is_a_new_one_beside_the_open_one(typed: str) -> None:
    session, dice = open_campaign("Two projects " + typed, "blades")
    assert session.send("/set tinker 1").kind != "error"  # forging papers rolls Tinker (round 34): one die
    dice.queue(4)
    session.confirm(session.send("I start a long-term project to forge papers for the crew").suggestions[0])
    turn = session.send(typed)
    project = next(s for s in turn.suggestions if s.move == "Long-Term Project")
    dice.queue(6)
    rolled = session.confirm(project)
    assert rolled.results, rolled.narration
    assert _projects(session) == {"Forge papers for the crew": 2, "Map the sewers": 3}, _projects(session)


@pytest.mark.parametrize("typed", ["I work on my project", "I keep working on our project", "I work on the project"])
def test_my_project_with_two_open_is_the_most_recent_and_the_note_names_the_other(typed: str) -> None:
    session, dice = open_campaign("Which project " + typed, "blades")
    assert session.send("/set coin 3").kind != "error"
    dice.queue(4)
    session.confirm(session.send("I start a long-term project to forge papers for the crew").suggestions[0])
    dice.queue(6)
    session.confirm(session.send("I start a long-term project to map the sewers").suggestions[0])
    turn = session.send(typed)
    dice.queue(4)
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Long-Term Project"))
    assert any("“Forge papers for the crew” in your words for another" in n for n in rolled.notes), rolled.notes
    assert set(_projects(session)) == {"Forge papers for the crew", "Map the sewers"}, _projects(session)


def test_the_one_open_project_is_still_taken_for_my_project() -> None:
    session, dice = open_campaign("One project", "blades")
    assert session.send("/set tinker 1").kind != "error"  # forging papers rolls Tinker (round 34): one die
    dice.queue(4)
    session.confirm(session.send("I start a long-term project to forge papers for the crew").suggestions[0])
    dice.queue(6)
    session.confirm(session.send("I work on my project").suggestions[0])
    assert _projects(session) == {"Forge papers for the crew": 5}, _projects(session)


@pytest.mark.parametrize("typed", ["banana", "lots"])
def test_a_payoff_question_missed_says_its_own_range(typed: str) -> None:
    session, _ = open_campaign("Payoff words " + typed, "blades")
    asked = session.confirm(session.send("we collect the payoff from the job").suggestions[0])
    assert asked.question is not None, asked.narration
    again = session.send(typed)
    assert "a number from 0 to 50 (one of those below, or another)" in again.narration, again.narration
    assert "its number or its words" not in again.narration
    assert session.send("6").results, "a number still answers it"
