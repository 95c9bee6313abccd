"""Lines of the turn's prompt read out as story (set 20 dw-duel:4:2, set 21 sf-vow:5:1 and sf-vow:7:1): a heading of
the turn message opening a line, the offered follow-up's description copied, the rules' order to the storyteller
lifted into the draft's own telling; each in paraphrases of our own beside good drafts that must pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.narrate.story_facts import story_facts

DEFEND = {"system": "dungeon_world", "move": "Defend", "stat": "con", "dice": [6, 6]}
SHIELD = "I raise my shield to protect the cleric"
FACE_DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}  # a weak hit
GATHER = {"system": "starforged", "move": "Gather Information", "stat": "wits", "dice": [4, 2, 9]}  # a weak hit
DOCKS = "I ask the dockhands about the Wayfarer's last crew"


def _details(text: str, request: dict[str, object], intent: str) -> list[str]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return [v.detail for v in check_narration(text, [result], intent=intent, facts=facts)]


def _heading(text: str) -> list[str]:
    return [d for d in _details(text, DEFEND, SHIELD) if "prompt's heading" in d or "narrator's instructions" in d]


@pytest.mark.parametrize(
    "text",
    [
        "Your declared action: you raise your shield to protect the cleric.",
        "> Your declared action: you raise your shield to protect the cleric.",
        "Your declared action (what you attempt): the shield goes up before the cleric.",
        "Established earlier by the oracle: the bard is watching. You raise your shield.",
        "The story so far: you stand before the cleric, shield raised.",
    ],
)
def test_a_heading_of_the_prompt_opening_a_line_is_caught(text: str) -> None:
    assert _heading(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You raise your shield: the cleric is safe behind it.",
        "Your shield rises in front of the cleric, and the bard hesitates.",
        "The action is swift: your shield covers the cleric before the bard can move.",
    ],
)
def test_a_story_line_with_a_colon_passes(text: str) -> None:
    assert _heading(text) == [], text


def _offered(text: str) -> list[str]:
    return [d for d in _details(text, FACE_DANGER, "") if "offered follow-up's description" in d]


def test_face_danger_weak_hit_offers_a_cost_the_player_chooses() -> None:
    result = resolve(FACE_DANGER)
    assert result.outcome == "weak_hit"
    assert "a cost the player chooses" in story_facts([result], player_text="")


@pytest.mark.parametrize(
    "text",
    [
        "You succeed, but not without a cost. You must choose a cost the player chooses (a suffer move).",
        "It holds, just about. You must choose a cost you choose (a suffer move).",
        "You make it through. Now a cost the player chooses awaits you.",
        "You are through, and a cost the player chooses follows.",
    ],
)
def test_the_offered_follow_up_described_in_the_sheet_is_caught(text: str) -> None:
    assert _offered(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You succeed, but not without a cost.",
        "You make it across, though it costs you something you will have to choose.",
        "The ledge holds, barely, and you scramble onto the far side.",
    ],
)
def test_the_cost_left_to_the_player_told_in_the_story_passes(text: str) -> None:
    assert _offered(text) == [], text


def _ordered(text: str) -> list[str]:
    return [d for d in _details(text, GATHER, DOCKS) if "rules' instruction" in d]


@pytest.mark.parametrize(
    "text",
    [
        "They provide new insight, but also complicates your quest. Envision what you discover.",
        "The dockhands talk, and it helps and hurts. Envision what you discover.",
        "You learn something, but it costs you. Envision what you discover, then decide.",
        "> Envision what you discover.",
    ],
)
def test_the_rules_order_to_the_storyteller_lifted_into_the_story_is_caught(text: str) -> None:
    assert _ordered(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The information provides new insight, but also complicates your quest. Envision what you discover.",
        "You envision the Wayfarer's crew as the dockhands describe them: five souls and a captain in debt.",
        "The dockhands tell you the crew went out past the rings, and a debt collector went after them.",
    ],
)
def test_the_rules_words_as_they_stand_and_a_told_discovery_pass(text: str) -> None:
    assert _ordered(text) == [], text
