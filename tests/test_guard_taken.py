"""What a story tells as this turn's fact that is not: an open option as a state in other words ("He is now
vulnerable" before the player picked "making them vulnerable"), an earlier turn's roll or vice told again, and the
story-so-far's own form copied ("Oracle (likely): …")."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations

HACK_STRONG = {
    "system": "dungeon-world",
    "move": "Hack & Slash",
    "stat": "str",
    "character": {"stats": {"str": 0}},
    "dice": [6, 6],
}
ORACLE_YES = {"system": "starforged", "move": "Ask the Oracle", "dice": [37], "options": {"odds": "likely"}}
ACQUIRE_BAD = {"system": "blades", "move": "Acquire Asset", "stat": "tier", "dice": [1, 1]}
VICE_BAD = {
    "system": "blades",
    "move": "Indulge Vice",
    "character": {"stats": {"hunt": 1, "study": 1}, "stress": 0},
    "dice": [2, 3],
}
FACE_MISS = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [1, 7, 8]}


def found(text: str, request: dict[str, Any]) -> list[tuple[str, str]]:
    return [(v.kind.value, v.detail) for v in check_narration(text, [resolve(request)])]


@pytest.mark.parametrize(
    "text",
    [
        "You swing, and you land a strong hit on him. He is now vulnerable to counter-attacks.",
        "You lunge at the bard with your sword, striking a blow that leaves the bard vulnerable.",
        "You swing again, hitting the bard's side. The bard falls back, vulnerable.",  # the state after a comma
        "Your blow leaves his guard open and him vulnerable to the cleric.",
        "You strike, and the bard's vulnerable now.",
    ],
)
def test_an_open_option_told_as_a_state_of_someone_else_is_a_decision(text: str) -> None:
    assert any(kind == "decision" and "still open" in detail for kind, detail in found(text, HACK_STRONG))


@pytest.mark.parametrize(
    "text",
    [
        "Your blade bites deep, but the swing leaves you vulnerable.",  # the engine's own change: you are vulnerable
        "You are now vulnerable to counter-attacks. Which two do you choose?",
        "The bard is not vulnerable yet; he circles you.",
        "The character's vulnerable status is now marked.",  # the player's character: the engine's own change
        "If you choose, the bard could be left vulnerable after your turn.",
        "You stagger back, vulnerable.",
        # a 1.5B's strong Hack & Slash: where the blow aims names a part, it gives the bard no state
        "You lunge at the bard with your sword, aiming for his vulnerable spot.",
    ],
)
def test_the_engines_own_state_a_negation_or_the_menu_passes(text: str) -> None:
    assert [k for k, _ in found(text, HACK_STRONG) if k == "decision"] == []


def test_a_roll_told_on_an_oracle_turn_is_a_phantom_roll() -> None:
    text = "You aim your vibroblade at the raider's neck. You try to strike, but it misses. The raider flees."
    assert any(kind == "phantom_roll" for kind, _ in found(text, ORACLE_YES))
    assert not any(kind == "phantom_roll" for kind, _ in found("The raider's shot misses you as he flees.", ORACLE_YES))


def test_the_last_turns_vice_told_again_is_a_state_change_the_engine_did_not_make() -> None:
    text = "You lean on your contacts to acquire a fine carriage. You try, but it goes badly. You overindulge."
    assert any(kind == "state" and "overindulgence" in detail for kind, detail in found(text, ACQUIRE_BAD))
    vice = resolve(VICE_BAD)  # this one overindulges: the engine offers the overindulgence to pick
    assert any("overindulge" in c.prompt.lower() for c in vice.choices)
    assert not any(kind == "state" for kind, _ in found("You overindulge at the dens.", VICE_BAD))


@pytest.mark.parametrize(
    "text",
    [
        "The corridor is dark.\n\nYou: Oracle (likely): Are there survivors aboard?",
        "The corridor is dark.\n\nLeft to you (choose one): Choose a direction to move.",
    ],
)
def test_the_story_so_fars_form_copied_is_an_echo(text: str) -> None:
    assert any(kind == "echo" for kind, _ in found(text, FACE_MISS))


def test_the_retry_for_an_option_told_as_a_state_quotes_it() -> None:
    violations = check_narration("He is now vulnerable to counter-attacks.", [resolve(HACK_STRONG)])
    line = describe_violations(violations).splitlines()[1]
    assert line.startswith('1. Remove "') and "vulnerable" in line and "the player's to make" in line


DEFEND_STRONG = {"system": "dungeon-world", "move": "Defend", "stat": "con", "character": {"stats": {"con": 0}}, "dice": [6, 6]}


@pytest.mark.parametrize(
    ("text", "caught"),
    [
        ("The bard blocks your attack with his shield, redirecting the damage to himself.", True),
        ("The orc swings at the cleric; she redirects the damage onto herself.", True),
        ("You raise your shield and redirect the damage meant for the cleric onto yourself.", False),
        ("The orc swings at the cleric, and you step in to redirect the damage onto yourself.", False),
    ],
)
def test_a_strong_defend_told_as_falling_on_someone_else_is_an_outcome_told_the_other_way(text: str, caught: bool) -> None:
    flagged = [d for kind, d in found(text, DEFEND_STRONG) if kind == "outcome" and "someone else" in d]
    assert bool(flagged) is caught
