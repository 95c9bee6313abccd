"""An outcome's tier named and then defined as the fact sheet defines it ("Outcome: a strong hit: you do what you set
out to do."), across two sentences or joined by a comma rather than a colon: the sheet's outcome line read out. The
definition told alone ("You do what you set out to do.") is plain story words and passes, as does a tier word that is
not followed by its definition."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.feedback import describe_violations
from assistant.narrate.story_facts import story_facts

DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"
FACE = {"system": "starforged", "move": "Face Danger", "stat": "shadow", "character": {"stats": {"shadow": 1}}, "dice": [6, 1, 8]}
CREEP = "I creep through the derelict's dark corridor"


def check(text: str, request: dict[str, Any], intent: str) -> list[Any]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


def test_the_turns_roll_as_written() -> None:
    assert resolve(DEFEND).outcome == "strong_hit" and resolve(FACE).outcome == "weak_hit"


@pytest.mark.parametrize(
    "text",
    [
        # AU-1.5b:dw-duel:4:1
        "You raise your shield to protect the cleric. The cleric is surprised by the sudden attack, but you manage to "
        "deflect it with a strong hit. You do what you set out to do.",
        "You raise your shield over the cleric. It is a strong hit. You do what you set out to do.",
        "You raise your shield and score a strong hit, and you do what you set out to do.",
        "A strong hit for you. And so you do what you set out to do.",
    ],
)
def test_a_strong_hit_named_then_defined_is_the_sheet_read_out(text: str) -> None:
    found = check(text, DEFEND, SHIELD)
    assert "echo" in [v.kind.value for v in found], text
    assert "tell what happens, as story" in describe_violations(found)


@pytest.mark.parametrize(
    "text",
    [
        "You creep down the corridor. A weak hit. It works, but at a cost or with a complication.",
        "You slip through the dark with a weak hit: it works, but at a cost.",
    ],
)
def test_a_weak_hit_named_then_defined_is_the_sheet_read_out(text: str) -> None:
    assert "echo" in [v.kind.value for v in check(text, FACE, CREEP)], text


@pytest.mark.parametrize(
    "text",
    [
        # AT-1.5b:dw-duel:4:1 and AS-0.5b:sf-vow:3:1 (labelled good)
        "As you raise your shield, the cleric looks surprised. The shield is a strong defense against physical "
        "attacks. You do what you set out to do.",
        "You raise your shield over the cleric. You do what you set out to do. What do you choose?",
        "You raise your shield with a strong arm, and the cleric shelters behind it. What do you choose?",
    ],
)
def test_the_definition_alone_or_a_tier_like_word_passes(text: str) -> None:
    assert "echo" not in [v.kind.value for v in check(text, DEFEND, SHIELD)], text
