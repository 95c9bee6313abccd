"""A deed told after the declared one with a word of sequence ("and then you climb the ladder", "Without hesitating,
you draw your blaster"): what the character does next is the player's call. What befalls the character after it,
and the player's own two-step deed, pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.narrate.story_facts import story_facts

FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [3, 5, 4]}
LEAP = "I leap across the gap"


def decisions(text: str, intent: str = LEAP) -> list[object]:
    result = resolve(FACE)
    assert result.outcome == "weak_hit"
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return [v for v in check_narration(text, [result], intent=intent, facts=facts) if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        "You make it across the gap, and then you climb the ladder to the bridge.",
        "You make it across the gap. Without hesitating, you draw your blaster and shoot the lock off the hatch.",
        "You land on the far side. After that, you search the crates for supplies.",
        "You clear the gap. Once across, you open the maintenance hatch.",
        "You make the leap; then you call out to the survivors.",
    ],
)
def test_a_deed_after_the_declared_one_is_caught(text: str) -> None:
    found = decisions(text)
    assert found, text
    assert "not what comes after" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "You make it across the gap, and then you feel the deck shudder under you.",
        "You leap, and then you slip on the far edge and scrape your hands.",
        "You make it across; then you realize the rail behind you has gone.",
        "If you linger, then you will be seen.",
    ],
)
def test_what_befalls_you_after_it_passes(text: str) -> None:
    assert decisions(text) == [], text


def test_the_players_own_two_step_deed_passes() -> None:
    intent = "I leap across the gap and then climb the ladder"
    assert decisions("You leap across the gap, and then you climb the ladder, hands slick.", intent) == []
