"""A blow told landing where the engine dealt no harm (set 17: "your blade grazes his shoulder" on Enter the Fray), in
the shapes a model writes it next time: you or your weapon landing it, a blow landed, the foe on the receiving end."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, describe_violations, prepare
from assistant.guard.model import Violation
from assistant.narrate.story_facts import story_facts

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [6, 1, 8]}
STRIKE = {"system": "starforged", "move": "Strike", "stat": "iron", "dice": [6, 1, 2]}
FIGHT = "A raider lunges at me with a vibroblade; I fight back"


def check(text: str, request: dict[str, object] = FRAY, intent: str = FIGHT) -> list[Violation]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


def blows(flags: list[Violation]) -> list[Violation]:
    return [v for v in flags if "a blow landing is a roll still to come" in v.detail]


def test_enter_the_fray_deals_no_harm() -> None:
    result = resolve(FRAY)
    assert result.outcome == "weak_hit" and not any(e.kind == "meter" for e in result.effects)


@pytest.mark.parametrize(
    "text",
    [
        # AZ2-1.5b:sf-fight:2:1
        "As you fight back, the raider lunges at you with a vibroblade. You manage to dodge it, but your blade grazes "
        "his shoulder. It works, but not without trouble.",
        "You slash the raider across the arm as he comes in.",
        "You catch him across the ribs with the butt of your pistol.",
        "Your knife finds his side, and he hisses.",
        "You land a solid blow on his jaw.",
        "The raider takes a shallow cut to the forearm and backs off.",
        "He is grazed by your vibroblade and curses.",
        "The raider reels back, blood running from the cut you opened on his cheek.",
    ],
)
def test_a_blow_landing_on_a_move_that_dealt_no_harm_is_caught(text: str) -> None:
    assert blows(check(text)), check(text)


@pytest.mark.parametrize(
    "text",
    [
        "You parry the vibroblade and shove him back.",
        "The raider's blade glances off your armor, and you meet his lunge, steel ringing on steel.",
        "You swing at him, but he twists away.",
        "You look for an opening to strike him.",
        "Your blade cuts through the ropes that hold the cargo net.",
        "You find the raider crouched behind a crate.",
        "You catch him off guard with your speed.",
        "He is struck by a sudden doubt and hesitates.",
    ],
)
def test_a_clash_without_a_wound_passes(text: str) -> None:
    assert not blows(check(text)), check(text)


def test_a_blow_on_a_move_that_deals_harm_passes() -> None:
    assert not blows(check("You slash the raider across the arm.", STRIKE, "I strike the raider"))


def test_the_retry_line_says_no_blow_lands() -> None:
    retry = describe_violations(check("Your blade grazes his shoulder."))
    assert 'Change "your blade grazes his shoulder": no blow lands on anyone this turn' in retry


def test_a_blow_the_player_declared_lands_on_a_hit() -> None:
    # "I stab the raider": on a hit the stab landing is the declared deed working, not a blow the story added
    assert not blows(check("Your knife finds his side.", intent="I stab the raider as he lunges"))


def test_a_supposed_blow_two_clauses_after_its_if_passes() -> None:
    assert not blows(check("If you press on, your blade cuts into him."))


@pytest.mark.parametrize(
    "text",
    [
        # BA2-1.5b:sf-fight:2:3, as the player read it
        "You manage to hit the raider on its shoulder, causing it to drop to the ground in pain.",
        "You finally manage to slash the raider across the arm.",
        "You are able to strike him before he recovers.",
        "You managed to cut the raider's arm.",
    ],
)
def test_a_blow_achieved_is_a_blow_landed(text: str) -> None:
    assert blows(check(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "You try to hit the raider, but he twists away.",
        "You manage to dodge the vibroblade.",
        "You are able to keep your footing as he lunges.",
        "You aim to strike him when he overreaches.",
    ],
)
def test_a_blow_tried_or_a_dodge_achieved_passes(text: str) -> None:
    assert blows(check(text)) == [], text


@pytest.mark.parametrize(
    "text",
    [
        # BF-1.5b:sf-fight:2:2
        "The raider dodges and then strikes again, but this time you strike back with a powerful blow that tears the "
        "raider's flesh.",
        "You answer with a strike that catches him across the jaw.",
        "You fight back with a thrust which pierces his side.",
        "Your counter comes fast, a slash that cuts the raider's cheek.",
        "You meet him with a blow that cracks against his ribs.",
        "The raider howls as your blade bites deep.",
        "Blood sprays from the raider's arm as you strike back.",
    ],
)
def test_a_blow_that_lands_told_in_a_relative_clause_is_caught(text: str) -> None:
    assert blows(check(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "You raise your blade, a blow that could tear his flesh if he comes closer.",
        "You ready a strike that would split his guard.",
        "The raider's blade, which tears through the air, misses you by a hair.",
        "You fight back with a flurry that keeps him at bay.",
        "Blood drips from the raider's blade, not yet yours.",
    ],
)
def test_a_blow_supposed_or_missing_passes(text: str) -> None:
    assert blows(check(text)) == [], text
