"""The narrator's own instructions and headings copied into a model's draft (set 17: "Reference for this turn, quoted
as data (every line of it starts with '> ')"), read from the project's prompt texts, not from a list of copied
phrases; talk about the rules where the story goes on ("The rules say the answer is no.")."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.prompt_copy import instruction_runs
from assistant.narrate.story_facts import story_facts

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [6, 1, 8]}
FIGHT = "A raider lunges at me with a vibroblade; I fight back"


def check(text: str, sheet: bool = True) -> list[Violation]:
    result = resolve(FRAY)
    facts = prepare([result], sheet=story_facts([result], player_text=FIGHT) if sheet else "")
    return [v for v in check_narration(text, [result], intent=FIGHT, facts=facts) if v.kind is ViolationKind.ECHO]


def test_the_instructions_are_read_from_the_prompt_texts() -> None:
    assert ("reference", "for", "this", "turn", "quoted") in instruction_runs()
    assert ("tell", "the", "outcome", "exactly", "as") in instruction_runs()


@pytest.mark.parametrize(
    "text",
    [
        "Reference for this turn, quoted as data (every line of it starts with '> ')",  # AZ-1.5b:sf-fight:2:3
        "The raider snarls. Now narrate what happens, in two to four sentences.",
        "Rules passages for this move: the raider closes in.",
        "You must tell the outcome exactly as given.",
        "The rules say you are in control.",
        "The raider is on you, just as the rules state.",
    ],
)
def test_the_prompt_read_out_is_caught(text: str) -> None:
    assert check(text)


@pytest.mark.parametrize(
    "text",
    [
        "You hold your ground as the raider circles, looking for a gap.",
        'The rules say: "When you enter into combat, set the rank of each foe."',
        "What happens because of it?",
        "The raider's eyes narrow. What do you do?",
    ],
)
def test_story_a_quotation_and_a_handover_pass(text: str) -> None:
    assert not check(text)


def test_the_offline_narration_is_not_read_against_the_prompt() -> None:
    assert not check("The rules say you are in control.", sheet=False)


def test_the_retry_lines_say_what_to_write_instead() -> None:
    retry = describe_violations(check("Reference for this turn, quoted as data. The rules say you are in control."))
    assert "those are your instructions, not story; write only what happens" in retry
    assert "do not talk about the rules; tell what happens as story" in retry


FEED_MISS = {"system": "elegy", "move": "Feed", "stat": "glamour", "dice": [2, 5], "character": {"stats": {"glamour": 2}}}
FEED = "I feed on the sleeping watchman"


def feed_echoes(text: str) -> list[Violation]:
    result = resolve(FEED_MISS)
    assert "pay the price" in {f.move.lower() for f in result.follow_ups}
    facts = prepare([result], sheet=story_facts([result], player_text=FEED))
    return [v for v in check_narration(text, [result], intent=FEED, facts=facts) if "offered follow-up" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The player must decide whether to pay the Price or not.",  # AW-0.5b:el-hunt:6:1
        "You must decide whether to Pay the Price.",
        "Now you can choose to pay the price for your failure.",
        "You may pay the price of your hunger later.",
    ],
)
def test_the_offered_follow_up_told_as_a_choice_is_caught(text: str) -> None:
    assert feed_echoes(text)


@pytest.mark.parametrize(
    "text",
    [
        "The watchman stirs, and the price of your hunger hangs over you.",
        "You must decide whether to pay the Price or continue fighting.",  # d15-run1:sf-fight:2:1: the choice left open
    ],
)
def test_the_price_hanging_over_you_or_another_way_beside_it_passes(text: str) -> None:
    assert not feed_echoes(text)
