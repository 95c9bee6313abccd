"""The Magistrate's city game as a player plays it through the chat: sensing what the city demands is Perceive
Demand, telling the watch to look the other way is Direct Someone to Act, a stat given to a move without one is
refused in words (no question that eats the next lines), and the outcome's prose leaves out a limit the engine
keeps and a sentence whose lead-in it left out."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.narrate.outcome_prose import story
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_sensing_the_citys_demand_and_leaning_on_the_watch_are_offered_as_the_text_names_them() -> None:
    session, _ = open_campaign("Demands", "city")
    sensed = [s.move for s in session.send("I try to sense what the city demands of me").suggestions]
    assert sensed[0] == "Perceive Demand", sensed
    leaned = [s.move for s in session.send("i tell the watch captain to look the other way").suggestions]
    assert leaned[0] == "Direct Someone to Act", leaned


def test_a_stat_on_a_move_without_one_is_refused_and_the_next_line_is_played() -> None:
    session, _ = open_campaign("No Stat", "city")
    refused = session.send("/roll use power +lore")
    assert refused.kind == "error" and "takes no stat; leave the stat out" in (refused.error or ""), refused.error
    assert refused.question is None and "which stat" not in (refused.error or "")
    after = session.send("I take a big risk and leap across the rooftops")
    assert after.suggestions and "didn't catch that" not in after.narration, after.narration


def test_the_prose_leaves_out_a_limit_and_a_sentence_whose_lead_in_was_left_out() -> None:
    scheme = resolve(
        {
            "system": "city",
            "move": "run the scheme",
            "character": {"schemes": [{"name": "Dice", "productivity": 0}]},
            "dice": [5, 5],
        }
    )
    told = story(scheme)
    assert "maximum of two assets" not in told and told, told
    observed = resolve({"system": "city", "move": "observe someone", "stat": "network", "dice": [5, 5]})
    told = story(observed)
    assert not told.startswith("If you do") and "If you do," not in told, told
