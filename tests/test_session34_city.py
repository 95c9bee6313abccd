"""Round 34, the city game: the belief note said "mark it on your sheet" with no belief written, a crossing to
another ward "avoiding the patrols" offered Steer Clear before Transit ("If you need to get there unnoticed, describe
how you keep a low profile"), "what's the magistrate?" was sent to the oracle, and Direct Someone to Act rolled +heat
by its line's closeness to the words where the Magistrate says which ("DSA" was not read as the move at all)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_city_marking_a_belief_with_none_written_says_so() -> None:
    session, dice = open_campaign("No belief", "city")
    turn = session.send("I duck into an alley to avoid the patrol")
    steer = next(s for s in turn.suggestions if s.move == "Steer Clear")
    dice.queue(2, 5)
    assert session.confirm(steer).open_choices
    picked = session.send("/choose 2")
    assert "You have no belief on your sheet, so nothing is written yet: there is none to mark" in picked.narration
    assert "mark it on your sheet" not in picked.narration, picked.narration


@pytest.mark.parametrize(
    "said",
    ["I cross the city by night to the Lantern Ward, avoiding the Magistrate's patrols", "i head to the docks quarter unseen"],
)
def test_city_going_to_another_neighborhood_unseen_is_transit(said: str) -> None:
    session, _ = open_campaign("Crossing " + said.split()[1], "city")
    assert session.send(said).suggestions[0].move == "Transit"


def test_city_hiding_from_a_patrol_where_you_are_is_still_steer_clear() -> None:
    session, _ = open_campaign("Alley", "city")
    assert session.send("I duck into an alley to avoid the patrol").suggestions[0].move == "Steer Clear"


@pytest.mark.parametrize("asked", ["what's the magistrate?", "whats the magistrate", "who is the magistrate?"])
def test_city_asking_what_the_magistrate_is_is_answered_not_sent_to_the_oracle(asked: str) -> None:
    session, _ = open_campaign("Who judges", "city")
    turn = session.send(asked)
    assert turn.kind != "oracle" and "no oracle" not in turn.narration, turn.narration
    assert turn.narration.startswith("The Magistrate is this game's name for its GM"), turn.narration


def test_city_a_story_question_about_the_magistrate_is_still_the_magistrates_to_answer() -> None:
    session, _ = open_campaign("Watching", "city")
    assert session.send("is the magistrate watching me?").kind == "oracle"


@pytest.mark.parametrize("said", ["direct someone to act", "i use DSA on oswin", "i use dsa on the ferryman"])
def test_city_direct_someone_to_act_rolls_sway_unless_the_words_name_another(said: str) -> None:
    session, _ = open_campaign("Direct " + said.split()[-1], "city")
    first = session.send(said).suggestions[0]
    assert (first.move, first.stat) == ("Direct Someone to Act", "sway")


def test_city_a_threat_is_direct_someone_to_act_with_heat() -> None:
    session, _ = open_campaign("Threat", "city")
    first = session.send("I threaten the clerk to hand over the ledger").suggestions[0]
    assert (first.move, first.stat) == ("Direct Someone to Act", "heat")


def test_city_a_moves_shorthand_alone_is_not_taken_for_the_characters_name() -> None:
    session, _ = open_campaign("Shorthand", "city")
    turn = session.send("DSA")
    assert "now called" not in turn.narration, turn.narration
    assert not (session.reload().active() or {}).get("name")
