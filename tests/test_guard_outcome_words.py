"""Outcomes told the other way in a model's own words: the ones asked not caring or not knowing on a hit, the goal
told as managed on a miss ("you are able to open it"), the news sought heard on a missed listen, and the oracle's
answer told as the oracle responding (the game, not the story)."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate.story_facts import story_facts

ASK_WEAK = {"system": "starforged", "move": "Face Danger", "stat": "wits", "dice": [4, 2, 9], "character": {"stats": {"wits": 2}}}
ASK_INTENT = "I ask the ferrymen about the smuggler's boat"
CITY_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
EAR_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
ORACLE = {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [29]}


def kinds(text: str, request: dict[str, Any], intent: str) -> set[str]:
    return {v.kind.value for v in check_narration(text, [resolve(request)], intent=intent)}


@pytest.mark.parametrize(
    "text",
    [
        "You get by, but the ferrymen are not interested in your questions.",
        "You get by, but they are not sure there ever was such a boat.",
        "The ferrymen have no idea what became of the boat.",
    ],
)
def test_the_ones_asked_not_caring_or_not_knowing_on_a_hit_is_the_attempt_failing(text: str) -> None:
    assert "outcome" in kinds(text, ASK_WEAK, ASK_INTENT)


@pytest.mark.parametrize(
    "text",
    [
        "You are not sure what to make of their answer, but they point you to the east pier.",  # your own doubt
        "The ferrymen are busy, but one of them points you to the east pier.",
    ],
)
def test_your_own_doubt_or_a_busy_answer_passes(text: str) -> None:
    assert "outcome" not in kinds(text, ASK_WEAK, ASK_INTENT)


def test_a_miss_told_as_the_goal_managed_is_flagged() -> None:
    intent = "I press the magistrate's secretary to unseal the records"
    assert "outcome" in kinds("In the end you are able to unseal the records yourself.", CITY_MISS, intent)
    told = "The secretary refuses, and you are able to slip out before the guards come."  # not the goal
    assert "outcome" not in kinds(told, CITY_MISS, intent)


@pytest.mark.parametrize(
    "text",
    [
        "The harbour master is talking about a new tariff on the eastern docks.",
        "The harbour master is planning a blockade of your quarter.",
    ],
)
def test_the_news_sought_heard_on_a_missed_listen_is_flagged(text: str) -> None:
    assert "outcome" in kinds(text, EAR_MISS, "I listen to the talk in the tavern about the harbour master")


def test_the_oracle_responding_in_a_draft_is_the_game_told() -> None:
    result = resolve(ORACLE)
    question = "Is the beacon still lit?"
    facts = prepare([result], sheet=story_facts([result], player_text=question))
    text = 'You wait. The oracle responds with "The beacon still burns."'
    found = check_narration(text, [result], intent=question, question=question, facts=facts)
    assert any(v.kind.value == "echo" and "oracle answering" in v.detail for v in found)
    again = check_narration("You are already told that the beacon burns.", [result], intent=question, facts=facts)
    assert any(v.kind.value == "echo" and "already told" in v.detail for v in again)
    told = check_narration("The beacon still burns above the ridge.", [result], intent=question, question=question, facts=facts)
    assert not any("oracle answering" in v.detail for v in told)
