"""Drafts a real 1.5B model wrote (held-out set 12) that the guard let through, each caught by a general check, beside
good drafts that must pass: a "no" to "Does the priest sense me?" told as him turning to you; a miss at Ear to the
Ground told as rumours heard; a price told as the missed action done after all; the card explained ("… means that
…"), its note in parentheses and its progress track read out as story. The retry message names each in plain words."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.narrate.story_facts import story_facts

ORACLE_NO = {"system": "starforged", "move": "Ask the Oracle", "dice": [60], "options": {"odds": "50/50"}}
SENSE = "Does the priest sense me?"
GOSSIP_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
LISTEN = "I listen to the gossip in the market about the guild master"
PRICE = {"system": "starforged", "move": "Pay the Price", "dice": [17]}  # the consequences of an earlier choice
PRICE_OPENING = "As you try to force the jammed airlock open with brute strength, you face the consequences of an earlier choice."
ASSET = {"system": "blades", "move": "Acquire Asset", "dice": [1, 2]}  # bad outcome: quality 0 (Tier 0, -1)
HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 5}, "options": {"amount": 1}}


def check(text: str, request: dict[str, Any], intent: str = "", question: str | None = None, **kw: Any) -> list[Any]:
    """The guard on ``text`` read as a model's draft: written from the fact sheet of ``request``'s Result."""
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], question=question or "", player_text=intent), **kw)
    return check_narration(text, [result], intent=intent, facts=facts, question=question)


def kinds(*args: Any, **kw: Any) -> set[str]:
    return {v.kind.value for v in check(*args, **kw)}


def price(text: str) -> list[Any]:
    return check(f"{PRICE_OPENING} {text}", PRICE, "Pay the Price", told=[PRICE_OPENING])


def test_the_oracle_answered_no() -> None:
    assert resolve(ORACLE_NO).outcome == "no"


@pytest.mark.parametrize(
    "text",
    [
        # AP-1.5b:el-hunt:3:1: the one asked about, as "He" right after a sentence naming him
        "The priest looks around, feeling a strange presence. He turns to you with a frown on his face. \"I can't feel "
        'your aura."',
        "The priest turned to face you, his lips moving in prayer.",
        # AQ-1.5b:el-hunt:3:2 (what the player read): the perception itself, hedged by a "but"
        "The priest looks around, his eyes scanning the room. He notices a small figure moving towards him, but he does "
        "not seem to be aware of it.",
        # AN-1.5b:el-hunt:3:1 (held-out set 11)
        "The priest looks around. He notices that you are standing in front of him, but he does not see any signs.",
    ],
)
def test_a_no_to_being_sensed_told_as_him_turning_to_you_is_caught(text: str) -> None:
    found = check(text, ORACLE_NO, SENSE, SENSE)
    assert "outcome" in {v.kind.value for v in found}
    assert "the oracle answered no" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "The priest looks around. He turns back to his prayers, unaware.",
        "The watchman yawns by the gate. He turns to you and shrugs.",  # someone else, who was not asked about
        "The priest kneels in the rain. A stray dog turns toward you and whines.",
        "The priest turns to the altar. His back stays to you the whole time.",
        "The priest turns toward you, but his eyes pass over you without a flicker.",  # a look taken back
        "The priest never notices you; he sees only the rain.",
    ],
)
def test_the_no_told_faithfully_passes(text: str) -> None:
    assert "outcome" not in kinds(text, ORACLE_NO, SENSE, SENSE)


def test_a_miss_at_ear_to_the_ground_told_as_rumours_heard_is_caught() -> None:
    # AP-1.5b:city-night:4:1: a supposition in a later clause does not make the hearing a supposition
    text = (
        "You try to listen to the gossip in the market about the guild master. You hear rumors of a dispute between the "
        "guild master and the town's mayor, which could lead to conflict with the guild master."
    )
    found = check(text, GOSSIP_MISS, LISTEN)
    assert "outcome" in {v.kind.value for v in found}
    assert "the result is a miss" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "You might hear rumors of the guild master if you wait, but the crowd falls silent as you approach.",
        "You hear rumors of the guild master, but a pickpocket's hand is already in your coat.",
        "You listen for gossip about the guild master, but the stallholders go quiet and one points you out to a guard.",
    ],
)
def test_the_miss_at_ear_to_the_ground_told_faithfully_passes(text: str) -> None:
    assert "outcome" not in kinds(text, GOSSIP_MISS, LISTEN)


def test_a_price_told_as_the_missed_action_done_is_caught() -> None:
    # AQ-1.5b:sf-derelict:7:1: the Pay the Price after a missed Face Danger at the airlock
    found = price(
        "The airlock groaned as you pushed with all your might. As you continued to push, the airlock began to crack "
        "and eventually burst open, revealing a small hole in the wall."
    )
    assert [v.kind.value for v in found] == ["outcome"]
    assert "burst open" in found[0].excerpt
    assert "it went wrong" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        # AP-1.5b:sf-derelict:7:1 (labelled good): where the failed push left you is no new deed
        "You stand in front of the airlock, your muscles tensed as you attempt to push it open.",
        "The airlock holds, and the strain tears something in your shoulder.",
        "Behind you, the hatch you came through seals shut.",
    ],
)
def test_a_price_told_faithfully_passes(text: str) -> None:
    assert price(text) == []


def test_the_action_paid_for_told_again_as_a_deed_is_still_caught() -> None:
    # AF-0.5b:sf-derelict:7:1 (held-out set 9): the last turn's miss told as done on the price's turn
    assert "decision" in {v.kind.value for v in price("You force the jammed airlock open with brute strength.")}


def test_without_the_engines_opening_the_price_has_no_action_to_undo() -> None:
    assert "outcome" not in kinds("The airlock bursts open and the air screams out.", PRICE, "Pay the Price")


def test_the_card_explained_in_its_terms_is_an_echo() -> None:
    # AP-1.5b:bl-downtime:4:1
    intent = "I lean on my contacts to acquire a fine carriage"
    text = (
        "You try to lean on your contacts to acquire a fine carriage. Slow going, and not much to show. The crew's Tier "
        "0, -1 for the result, means that the asset's quality is 0 (the crew's Tier 0, -1 for the result) and your "
        "downtime activities go up."
    )
    found = check(text, ASSET, intent)
    assert "echo" in {v.kind.value for v in found}
    assert "reads the facts you were given out in the rules' words" in describe_violations(found)
    # AJ-1.5b:bl-downtime:4:2 (held-out set 11): the sheet's note in parentheses told as the story's subject
    assert "echo" in kinds("The crew's Tier 0, -1 for the result, makes the asset's quality 0.", ASSET, intent)
    assert "echo" not in kinds("Your contacts find you a carriage at last, a shabby one with a cracked axle.", ASSET, intent)


def test_a_progress_track_read_out_as_story_is_an_echo() -> None:
    # AQ-1.5b:sf-fight:7:1
    text = (
        "You take a deep breath, trying to focus on the task at hand. The raider's combat track shows formidable, and "
        "you're feeling a bit tired from your previous actions."
    )
    found = check(text, HARM)
    assert "echo" in {v.kind.value for v in found}
    assert "shows the track" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "You follow the raider's tracks through the dust, your side aching.",
        "The raider is a formidable foe, and the cut on your arm burns.",
        "You lose track of time as the pain settles in.",
    ],
)
def test_tracks_in_the_story_are_not_the_card(text: str) -> None:
    assert "echo" not in kinds(text, HARM)


def test_a_price_that_opens_another_door_is_not_the_action_undone() -> None:
    opening = "As you try to press the clerk to open the archive for you, a new danger appears."
    result = resolve(PRICE)
    facts = prepare([result], told=[opening], sheet=story_facts([result], player_text="Pay the Price"))
    text = f"{opening} The guard opens the door behind you and draws his sword."
    assert "outcome" not in {v.kind.value for v in check_narration(text, [result], intent="Pay the Price", facts=facts)}
    text = f"{opening} The clerk sighs and opens the archive for you."
    assert "outcome" in {v.kind.value for v in check_narration(text, [result], intent="Pay the Price", facts=facts)}
