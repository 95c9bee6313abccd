"""A deed past the declared one, told behind a verb that only leads into it: "You try to push it open" after pressing
the clerk (another attempt, at something new, is the player's next action and its own roll), "You move to the Wayfarer
station" on a bare roll (going somewhere the player never chose). The declared deed told behind the same verbs ("You
move to press the clerk", "You try to press him harder") and a struggle that is no deed ("you try to keep your
footing") pass."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.guard.lead_verbs import read_through
from assistant.narrate.story_facts import story_facts

DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"
FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [2, 5, 4]}


def decisions(text: str, request: dict[str, Any], intent: str) -> list[Any]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return [v for v in check_narration(text, [result], intent=intent, facts=facts) if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        # AU-1.5b:city-night:6:2
        "The clerk looks at something behind the door. You try to push it open, but it's locked.",
        "The clerk turns away. You try to break the lock on the archive door, but it holds.",
        "The clerk shrugs. You attempt to force the side door instead.",
        "The clerk calls for the watch. You move to the back door, but it is barred.",
    ],
)
def test_a_new_attempt_or_a_move_somewhere_on_a_declared_turn_is_caught(text: str) -> None:
    found = decisions(text, DIRECT_MISS, PRESS)
    assert found, text
    message = describe_violations(found)
    assert "the player" in message and "open" not in message.split(":", 2)[-1], (
        message
    )  # the guard's reason, not the intent's words


@pytest.mark.parametrize(
    "text",
    [
        "You move to press the clerk to open the archive for you. It goes wrong. The clerk calls for the watch.",
        "You try to press the clerk harder, but he waves you off.",
        "You try to catch your breath as the clerk calls the watch.",
        "The clerk refuses. You try to keep your voice level while he sneers.",
    ],
)
def test_the_declared_deed_or_no_deed_behind_the_same_verbs_passes(text: str) -> None:
    assert decisions(text, DIRECT_MISS, PRESS) == [], text


@pytest.mark.parametrize(
    "text",
    [
        # AT-1.5b:sf-vow:7:1
        "You move to the Wayfarer station, where you encounter a dangerous group of bandits.",
        "It holds, just about. You head toward the cargo bay, where the lights flicker.",
        "You move into the next compartment, and the hatch seals behind you.",
    ],
)
def test_going_somewhere_on_a_bare_roll_is_caught(text: str) -> None:
    assert decisions(text, FACE, ""), text


@pytest.mark.parametrize(
    "text",
    [
        "It holds, just about. You try to keep your footing as the deck lurches, and a cut on your arm stings.",
        "It holds, just about. The deck lurches under you and the lights die.",
    ],
)
def test_what_befalls_you_on_a_bare_roll_passes(text: str) -> None:
    assert decisions(text, FACE, "") == [], text


def test_read_through() -> None:
    assert read_through("try", " to push it open") == ("push", " it open", True)
    assert read_through("move", " to the station")[0] == "approach"
    assert read_through("move", " to press the clerk") == ("move", " to press the clerk", False)
    assert read_through("open", " the door") == ("open", " the door", False)
