"""On a Hack & Slash strong hit what the blow does to the foe is the player's to choose (a debility, the opponent
opened up): the foe knocked down or thrown off balance tells that option as taken. The player's own fall, a thing
that falls, the blow landing and the foe keeping his feet pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.narrate.story_facts import story_facts

HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [5, 4]}
LUNGE = "I lunge at the bard with my sword"


def decisions(text: str) -> list[object]:
    result = resolve(HACK)
    assert result.outcome == "strong_hit" and result.choices
    facts = prepare([result], sheet=story_facts([result], player_text=LUNGE))
    return [v for v in check_narration(text, [result], intent=LUNGE, facts=facts) if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        # AV-1.5b:dw-duel:2:1 and AU-1.5b:dw-duel:2:1
        "You plunge forward, your sword flashing. You land with a solid blow, knocking the bard off their feet.",
        "The bard's shield barely holds against the force of your blow, sending him crashing to the ground.",
        "Your blow sends him sprawling across the stage.",
        "The bard topples to the floor under your strike.",
        "Your sword drives the bard to his knees.",
    ],
)
def test_the_foe_knocked_down_is_the_open_option_taken(text: str) -> None:
    found = decisions(text)
    assert found, text
    assert "still the player's to make" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "You lunge at the bard and your blade bites. Which two do you choose?",
        "The bard stumbles but keeps his footing, eyes on your sword.",
        "The bard's lute falls to the ground with a twang as your blade finds him.",
        "You slip on the wet stones and fall to your knees, but your sword still finds the bard.",
    ],
)
def test_the_blow_landing_or_something_else_falling_passes(text: str) -> None:
    assert decisions(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "The bard reels, now vulnerable to your next strike.",
        "Your blade bites and the bard staggers, left vulnerable.",
        "The bard stumbles back, so vulnerable now that he drops his guard.",
    ],
)
def test_the_foe_told_vulnerable_after_a_comma_is_the_open_option_taken(text: str) -> None:
    assert decisions(text), text


def test_you_left_vulnerable_by_the_attack_passes() -> None:
    assert decisions("You lunge at the bard and your blade bites; the swing leaves you, now, vulnerable.") == []
