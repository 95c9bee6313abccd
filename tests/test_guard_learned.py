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


EAVESDROP = "I eavesdrop on the smugglers to learn about their cargo"
VOLLEY_MISS = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 0}}, "dice": [1, 2]}
SCOUT = "I scout the ridge for signs of the warband"


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You look around the market, noticing some gossip about the guild master's upcoming meeting.", EAR, GOSSIP),
        ("You hear rumors of a new guild master, but you can't confirm the details.", EAR, GOSSIP),  # BH5 4:1
        ("You notice that the guild master is trying to keep his reputation high.", EAR, GOSSIP),  # BH4 4:2
        ("The guild master, the centre of attention, suddenly starts to talk about his new project.", EAR, GOSSIP),
        ("You catch a snippet of talk about the guild master's debts to the bank.", EAR, GOSSIP),
        ("You catch whispers that the cargo is bound for the lower ring.", DANGER, EAVESDROP),
        ("You see that the warband has camped below the ridge.", VOLLEY_MISS, SCOUT),
        ("You sense that the smugglers' cargo is hidden beneath the nets.", DANGER, EAVESDROP),
    ],
)
def test_the_news_noticed_or_heard_on_a_miss(text: str, request_: dict, intent: str) -> None:
    assert learned(text, request_, intent), text


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You hear rumors about the guild master's new plans, but they are not true.", EAR, GOSSIP),  # BH2 4:1, ok
        ("You notice merchants gossiping about the guild master, but you have no reason to believe them.", EAR, GOSSIP),
        ("You notice that the merchants are gossiping about the guild master.", EAR, GOSSIP),
        ("You hear rumors of a new guild opening up in the market.", EAR, GOSSIP),  # BD4 4:2: not the guild master
        ("You hear gossip about the guild master, but none of it is new.", EAR, GOSSIP),
        ("You notice that a guard is watching you from across the square.", EAR, GOSSIP),
        ("You see that the smugglers have spotted you.", DANGER, EAVESDROP),
    ],
)
def test_talk_that_gives_nothing_or_something_else_noticed_passes(text: str, request_: dict, intent: str) -> None:
    assert not learned(text, request_, intent), text


def test_the_news_heard_on_a_hit_passes() -> None:
    assert not learned("You hear rumors of a new guild master.", HIT, GOSSIP)


def test_rumours_that_only_name_the_one_sought_pass() -> None:
    assert not learned("You hear rumors of the guild master, but a pickpocket's hand is in your coat.", EAR, GOSSIP)
