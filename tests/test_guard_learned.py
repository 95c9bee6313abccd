"""A missed search for news told as the news found, and the misses that tell no such thing."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence
from assistant.guard.model import Violation

EAR = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
GOSSIP = "I listen to the gossip in the market about the guild master"
DANGER = {"system": "starforged", "move": "Face Danger", "stat": "wits", "dice": [1, 9, 9]}
ARCHIVE = "I search the archive for the smuggler's ledger"
GATHER = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [1, 9, 9]}
DOCKS = "I ask the dockhands about the Wayfarer's last crew"
HIT = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [6, 6]}


def learned(text: str, request: dict, intent: str) -> list[Violation]:
    result = resolve(request)
    return [v for v in check_narration(text, [result], intent=intent) if "went looking for" in v.detail]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You realize that the guild master is planning to raise the tolls.", EAR, GOSSIP),
        ("Word reaches you that the guild master has fled the city.", EAR, GOSSIP),
        ("The gossip reveals that the guild master owes the bank a fortune.", EAR, GOSSIP),
        ("You overhear that the ledger was burned last night.", DANGER, ARCHIVE),
        ("Between the shelves you discover where the smuggler hid his ledger.", DANGER, ARCHIVE),
    ],
)
def test_what_the_player_sought_told_as_learned_on_a_miss(text: str, request_: dict, intent: str) -> None:
    assert learned(text, request_, intent)


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You realize that you have been spotted.", EAR, GOSSIP),  # something else learned: the situation worse
        ("You realize that the guild master is planning to ambush you.", EAR, GOSSIP),  # a threat to you: worse
        ("The gossip about the guild master is useless.", EAR, GOSSIP),
        ("Nobody knows where the guild master went.", EAR, GOSSIP),
        ("If you learn where the ledger is, you can leave.", DANGER, ARCHIVE),
        ("You learn that the Wayfarer's crew was murdered.", GATHER, DOCKS),  # this miss unearths a dire threat
        ("You learn that the guild master is hiring thugs.", HIT, GOSSIP),  # a hit: the news is the player's
    ],
)
def test_a_miss_that_learns_nothing_sought_or_a_hit_passes(text: str, request_: dict, intent: str) -> None:
    assert not learned(text, request_, intent)


def test_the_retry_line_says_the_result_is_a_miss() -> None:
    (violation,) = learned("You realize that the guild master is planning to raise the tolls.", EAR, GOSSIP)
    assert fix_sentence(violation) == 'Change "You realize that the guild master is planning …": the result is a miss.'
