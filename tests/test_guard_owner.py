"""A meter change the engine made to your sheet told as someone else's: the right change, the wrong owner."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence, prepare
from assistant.guard.model import Violation

HARM = {"system": "starforged", "move": "Endure Harm", "character": {"health": 4}, "options": {"amount": 2}}
STRESS = {"system": "starforged", "move": "Endure Stress", "character": {"spirit": 4}, "options": {"amount": 1}}
STRIKE = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 2, 3], "character": {"stats": {"iron": 2}}}
DAMAGE = {"system": "starforged", "move": "Withstand Damage", "character": {"integrity": 4}, "options": {"amount": 2}}


def owners(text: str, request: dict, actor: str = "") -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], actor=actor)
    return [v for v in check_narration(text, [result], facts=facts) if "tell it as yours" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The raider's health went down.",
        "The raider's health drops as the blow lands.",
        "The raider, still formidable, faces a physical injury.",
        "The raider suffers a deep wound.",
        "His health falls to 2.",
    ],
)
def test_your_harm_told_as_the_foes_is_the_wrong_owner(text: str) -> None:
    assert owners(text, HARM)


def test_your_spirit_told_as_anothers_is_the_wrong_owner() -> None:
    assert owners("The priest's spirit sinks as the ward gives way.", STRESS)


def test_your_ships_damage_told_as_the_foes_is_the_wrong_owner() -> None:
    assert owners("The raider's integrity drops as your shots land.", DAMAGE)


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("Your health drops as the blow lands.", HARM),
        ("The raider's blade bites; you take the wound.", HARM),  # the raider's blade, your wound
        ("The raider's health is none of your concern now.", STRIKE),  # nothing of health changed
        ("The raider suffers a deep wound as your blow lands.", STRIKE),  # a blow landed: progress against him
        ("The ship's integrity drops as the hull buckles.", DAMAGE),  # the ship is the mover's side
        ("The raider did not suffer any injury.", HARM),
    ],
)
def test_your_change_told_as_yours_or_a_foes_harm_on_a_hit_passes(text: str, request_: dict) -> None:
    assert not owners(text, request_)


def test_on_another_characters_move_their_change_is_theirs() -> None:
    assert not owners("Mara's health went down.", HARM, actor="Mara")


def test_the_retry_line_says_whose_it_was() -> None:
    (violation,) = owners("The raider's health went down.", HARM)
    line = fix_sentence(violation)
    assert line.startswith("Change \"The raider's health")
    assert "your health (4 to 2), not the raider's" in line
    assert line.endswith("it happened to you.")
