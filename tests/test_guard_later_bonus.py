"""A bonus on a later roll the engine never gave (set 17: "you gain a +2 to your next attack roll" on Hack & Slash),
said with a number or without, before the roll or after it."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation
from assistant.narrate.story_facts import story_facts

HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}
LUNGE = "I lunge at the bard with my sword"


def check(text: str) -> list[Violation]:
    result = resolve(HACK)
    facts = prepare([result], sheet=story_facts([result], player_text=LUNGE))
    return [v for v in check_narration(text, [result], intent=LUNGE, facts=facts) if "bonus on a later roll" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        # AZ2-1.5b:dw-duel:2:1
        "With your sword, you strike the bard with a strong blow. The bard's defenses are shattered, and you gain a +2 "
        "to your next attack roll.",
        "The opening gives you a +1 bonus to your next roll.",
        "Your next strike gets +1 while he reels.",
        "You will roll with advantage when you strike again.",
        "Your next swing will have advantage.",
        "Add +2 to your next attack.",
    ],
)
def test_a_bonus_on_a_later_roll_is_caught(text: str) -> None:
    assert check(text)


@pytest.mark.parametrize(
    "text",
    [
        "The bard stumbles, and your next move could decide the duel.",
        "The bard's guard is down; your next attack will find him open.",
        "You feel you have the edge in this fight.",
        "If the bard falters, you might gain an advantage on your next attack.",
    ],
)
def test_pressure_on_the_next_move_passes(text: str) -> None:
    assert not check(text)


def test_the_retry_line_says_the_engine_gave_no_bonus() -> None:
    retry = describe_violations(check("You gain a +2 to your next attack roll."))
    assert "the engine gave no bonus on a later roll; leave bonuses and advantages out" in retry
