"""A miss told as the goal reached, then hedged with a vague "but it's not what you wanted" (the fact sheet's own
"you do not get what you wanted"): the hedge takes nothing back, so the goal is still told reached. A turn that says
what went wrong stays a turn. And the gossip sought on a missed Ear to the Ground, told as rumour heard ("who has long
been rumored to..."), is the news learned on a miss."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.narrate.story_facts import story_facts

DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"
EAR_MISS = {"system": "city", "move": "Ear to the Ground", "dice": [2, 1]}
GOSSIP = "I listen to the gossip in the market about the guild master"


def check(text: str, request: dict[str, Any], intent: str) -> list[Any]:
    result = resolve(request)
    assert result.outcome == "miss"
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


@pytest.mark.parametrize(
    "text",
    [
        # AV-1.5b:city-night:6:2
        "You steel yourself to press the clerk to open the archive for you. It goes wrong. The clerk reluctantly opens "
        "the archive, but it's not what you wanted.",
        "The clerk sighs and opens the archive, though not quite the way you hoped.",
        "The clerk unlocks the archive for you, yet it isn't what you expected.",
        "Grumbling, the clerk opens the archive, but things don't go as you planned.",
        "The clerk opens the archive; it's not exactly what you were hoping for.",
        "The clerk finally lets you into the archive, not quite as you planned.",
        "The clerk hands you the key to the archive, muttering under his breath.",
    ],
)
def test_a_goal_reached_and_vaguely_hedged_is_still_the_goal_reached(text: str) -> None:
    found = check(text, DIRECT_MISS, PRESS)
    assert [v.kind.value for v in found] == ["outcome"], found
    assert "the result is a miss" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "The clerk opens the archive, but the shelves are bare and the ledgers are gone.",
        "The clerk refuses to open the archive. It's not what you wanted.",
        "The clerk shakes his head; the archive stays shut, and he calls for the watch.",
    ],
)
def test_a_turn_that_tells_what_went_wrong_passes(text: str) -> None:
    assert check(text, DIRECT_MISS, PRESS) == []


@pytest.mark.parametrize(
    "text",
    [
        # AV-1.5b:city-night:4:1
        "The guild master, who has been rumored to be involved in shady dealings, is now being investigated by the "
        "police. You try to find out more but are unable to gather any useful information.",
        "The guild master has long been said to pay off the harbour watch.",
        "The guild master, who is whispered to own half the docks, is selling his warehouses.",
        "Word in the market is that the guild master owes a fortune to the Dimmer Sisters.",
        "The stallholders whisper that the guild master is broke.",
        "People say the guild master has fled the city.",
        "According to the fishwives, the guild master is sick.",
    ],
)
def test_the_gossip_sought_told_as_rumour_heard_on_a_miss_is_caught(text: str) -> None:
    assert "outcome" in [v.kind.value for v in check(text, EAR_MISS, GOSSIP)]


@pytest.mark.parametrize(
    "text",
    [
        "The stallholders whisper that you are being watched, and the talk of the guild master dies when you come near.",
        "You are unable to catch a word about him; people say nothing to a stranger.",
    ],
)
def test_hearsay_that_is_not_the_news_sought_passes(text: str) -> None:
    assert "outcome" not in [v.kind.value for v in check(text, EAR_MISS, GOSSIP)], text


def test_gossip_about_something_else_passes() -> None:
    text = (
        "You are unable to catch a word about him. Someone has been said to be watching the docks, and a hand brushes your purse."
    )
    assert check(text, EAR_MISS, GOSSIP) == []


@pytest.mark.parametrize(
    "text",
    [
        "The guild master is a powerful man, and rumors are spreading that he may be hiding something.",
        "Whispers circulate through the stalls about the guild master's debts.",
        "There is talk of the guild master selling the harbour rights.",
        "The gossip suggests the guild master has a new partner in the Dimmer Sisters.",
        "The guild master has been involved in a scandal with the harbour watch.",
    ],
)
def test_the_gossip_sought_told_going_round_on_a_miss_is_caught(text: str) -> None:
    """The talk itself going round with what it says, or a dealing of his told as known: the news sought, learned."""
    assert "outcome" in [v.kind.value for v in check(text, EAR_MISS, GOSSIP)], text


@pytest.mark.parametrize(
    "text",
    [
        "Rumors are spreading that you were seen at the docks, and the stallholders fall silent as you pass.",
        "There is talk, but none of it about the guild master; a cutpurse brushes your sleeve.",
        "You try, but you do not get what you wanted, and the situation gets worse.",
    ],
)
def test_talk_about_you_or_about_nothing_sought_passes(text: str) -> None:
    assert "outcome" not in [v.kind.value for v in check(text, EAR_MISS, GOSSIP)], text
