"""Drafts of real 0.5B and 1.5B models (set 13, now a tuning set) the guard flagged though they are good, each beside
a draft of the same turn that must still be caught: on a Defend, a mild ache felt from the shield's impact (the strain
of the deed, not the open option to take the blow told as taken); on a missed "press the clerk to open the archive",
"the city opens" (the goal's verb told of something else than the archive)."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate.story_facts import story_facts

DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"
DIRECT_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
PRESS = "I press the clerk to open the archive for me"


def check(text: str, request: dict[str, Any], intent: str) -> list[Any]:
    """The guard on ``text`` read as a model's draft: written from the fact sheet of ``request``'s Result."""
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


def test_the_turns_roll_as_the_drafts_were_written() -> None:
    defend, direct = resolve(DEFEND), resolve(DIRECT_MISS)
    assert defend.outcome == "strong_hit" and not any(e.target in ("hp", "health") for e in defend.effects)
    assert [c.prompt for c in defend.choices] == ["Spend your Hold on Defend"]
    assert direct.outcome == "miss"


@pytest.mark.parametrize(
    "text",
    [
        # AR-1.5b:dw-duel:4:1
        "You raise your shield to protect the cleric. You make it look easy. The cleric is hit with a strong attack, but "
        "you manage to deflect it and block it with your shield. You feel a bit of pain in your arm from the impact, but "
        "you continue to defend the cleric.",
        "You raise your shield over the cleric and the blow rings off it. A slight pain in your forearm fades quickly.",
    ],
)
def test_a_mild_ache_from_the_deed_is_a_feeling_not_a_wound(text: str) -> None:
    assert check(text, DEFEND, SHIELD) == []


@pytest.mark.parametrize(
    "text",
    [
        "You raise your shield, but the blade gets past it. A sharp pain in your arm tells you it bit deep.",
        "You raise your shield to protect the cleric. The mace hits your shoulder and you stagger.",
    ],
)
def test_a_wound_on_a_defend_that_dealt_none_is_still_caught(text: str) -> None:
    assert {v.kind.value for v in check(text, DEFEND, SHIELD)} == {"state"}


def test_the_goal_verb_told_of_something_else_is_not_the_goal_reached() -> None:
    # AS-0.5b:city-night:6:2: garbled, but no archive opened and nothing decided
    assert check("The Magistrate's city opens, and the clerk presses.", DIRECT_MISS, PRESS) == []


@pytest.mark.parametrize(
    "text",
    [
        # AS-0.5b:city-night:6:1
        "The Magistrate's city opens, and the clerk presses the archive for you.",
        "The clerk sighs, and the archive opens.",
        "The clerk glares at you. It opens with a creak.",
        "The door swings open and the clerk waves you through.",
    ],
)
def test_the_archive_opened_on_a_miss_is_still_caught(text: str) -> None:
    assert "outcome" in {v.kind.value for v in check(text, DIRECT_MISS, PRESS)}
