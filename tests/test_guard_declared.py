"""Deeds past the one the player declared, on a turn they declared one (runs AA and AE of a 1.5B model): going
somewhere the player never named, trying again, an attack the move never made, a Defend hold spent; and the fact
sheet's outcome line or the turn message's instructions copied as story."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOW = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "character": {"stats": {"heart": 2}},
       "dice": [5, 5, 3]}  # fmt: skip
SLIP = {"system": "city", "move": "Transit", "stat": "environs", "dice": [6, 4]}
CLERK_MISS = {"system": "city", "move": "Direct Someone to Act", "stat": "sway", "dice": [3, 1]}
STALK_MISS = {"system": "elegy", "move": "Face Danger", "stat": "dexterity", "character": {"stats": {"dexterity": 2}},
              "dice": [3, 9]}  # fmt: skip
DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "character": {"stats": {"con": 1}}, "dice": [3, 6]}
HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "character": {"stats": {"str": 2}}, "dice": [5, 4]}
LEAP = {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "dice": [4, 2, 9]}
ASK = {"system": "starforged", "move": "Face Danger", "stat": "heart", "dice": [5, 9, 3]}
ASSET = {"system": "blades", "move": "Acquire Asset", "dice": [1, 1]}

SWEAR = "I swear an iron vow to find my sister"
SHIELD = "I raise my shield to protect the cleric"
PRESS = "I press the clerk to open the archive for me"


def found(text: str, request: dict[str, Any], intent: str | None) -> list[tuple[str, str]]:
    return [(v.kind.value, v.excerpt) for v in check_narration(text, [resolve(request)], intent=intent)]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You rush to the Wayfarer station, your heart pounding.", VOW, SWEAR),
        ("You feel a surge of determination and resolve as you approach the station's entrance.", VOW, SWEAR),
        ("As you approach the station, a group of travelers stop to chat.", VOW, SWEAR),
        ("You head back to your ship and power up the engines.", VOW, SWEAR),
        ("The clerk ignores you. You make your way to the guild hall's back door.", CLERK_MISS, PRESS),
    ],
)  # fmt: skip
def test_going_somewhere_the_player_never_named_is_their_call(text: str, request_: dict, intent: str) -> None:
    assert "decision" in [kind for kind, _ in found(text, request_, intent)]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You swear to find your sister and feel the vow settle in your chest.", VOW, SWEAR),
        ("You approach the dockhands and ask about the crew.", ASK, "I ask the dockhands about the Wayfarer's last crew"),
        ("You slip across the district and reach an abandoned warehouse by the docks.", SLIP,
         "I slip across the river district without being noticed"),
        ("You leap the gap and catch the far ledge. The rail bends as you land.", LEAP, "I leap the gap"),
        ("You approach it cautiously.", VOW, SWEAR),  # no new place named
        ("You could head to the station, if you wish.", VOW, SWEAR),  # offered, not done
        ("You rush to the station.", VOW, None),  # the player's words unknown: nothing to hold the story to
        ("You rush to the station.", VOW, ""),  # a bare roll: read by the bare-roll check, not this one
    ],
)  # fmt: skip
def test_the_declared_action_and_where_it_goes_pass(text: str, request_: dict, intent: str | None) -> None:
    details = [v.detail for v in check_narration(text, [resolve(request_)], intent=intent)]
    assert not [d for d in details if "where the character goes" in d]


def test_trying_again_is_a_second_attempt_the_player_never_declared() -> None:
    intent = PRESS
    text = "The clerk looks at you with suspicion. You try again, but the clerk still ignores you."
    assert ("decision", "You try again") in found(text, CLERK_MISS, intent)
    assert ("decision", "You try to listen again") in found(
        "You try to listen again, but the words are lost.", CLERK_MISS, "I listen at the door"
    )
    assert not [k for k, e in found(text, CLERK_MISS, "I press the clerk again") if "again" in e]
    assert not [k for k, e in found("You could try again later.", CLERK_MISS, intent) if "again" in e]


def test_an_attack_the_move_never_made_and_a_defend_hold_spent_are_the_players() -> None:
    cleric = "You see that the cleric is using a shield, and it seems to be blocking your attack."
    assert "decision" in [k for k, _ in found(cleric, DEFEND, SHIELD)]
    absorbed = "You raise your shield to protect the cleric, and the shield absorbs the initial blow from the bard's sword."
    assert "decision" in [k for k, _ in found(absorbed, DEFEND, SHIELD)]
    assert not found("You raise your shield to protect the cleric. You make it look easy.", DEFEND, SHIELD)
    assert not found("You raise your shield, ready to block any blow the bard aims at the cleric.", DEFEND, SHIELD)
    # on an attack of the player's own, the foe meeting it is the story of that attack's roll
    assert not [k for k, e in found("The bard parries your blade, but you press on.", HACK, "I lunge at the bard") if "your" in e]


def test_caught_by_surprise_and_forced_to_retreat_decides_the_next_deed() -> None:
    text = "You try to stalk the priest, but it falls apart. You are caught by surprise and forced to retreat."
    assert "decision" in [k for k, _ in found(text, STALK_MISS, "I stalk the priest through the rain-soaked cloister")]


@pytest.mark.parametrize(
    "text",
    [
        "The outcome means you try, but it goes badly.",
        "The outcome is a bad outcome: you try, but it goes badly.",
        'The engine says "You try to lean on your contacts."',
        "Now continue after that opening, in one to three sentences, and stop where you decide.",
        "The engine makes no change to progress, so tell what the roll did.",
    ],
)
def test_the_fact_sheets_outcome_line_and_the_instructions_are_copies(text: str) -> None:
    intent = "I lean on my contacts to acquire a fine carriage"
    assert "echo" in [k for k, _ in found(f"Slow going, and not much to show. {text}", ASSET, intent)]


def test_the_outcome_told_as_story_is_not_a_copy() -> None:
    intent = "I lean on my contacts to acquire a fine carriage"
    for text in ("You try, but it goes badly.", "You wait for the outcome, but the contacts go quiet.",
                 "The engine of the carriage sputters and dies."):  # fmt: skip
        assert "echo" not in [k for k, _ in found(text, ASSET, intent)]


def test_a_bare_roll_told_as_the_last_declared_deed_again_is_a_phantom_roll() -> None:
    from assistant.guard import prepare

    earlier = [" i ask the dockhands about the wayfarer's last crew ", "You try to ask the dockhands. You scrape through."]
    result = resolve({"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [2, 5, 4]})
    facts = prepare([result], earlier=earlier, told=["It holds, just about."])

    def kinds(text: str, intent: str | None) -> list[str]:
        return [v.kind.value for v in check_narration(text, [result], facts=facts, intent=intent)]

    answered = "It holds, just about. They tell you that the Wayfarer's last crew was led by a wise captain named Elara."
    assert "phantom_roll" in kinds(answered, "")
    assert "phantom_roll" not in kinds("It holds, just about. The deck shudders and you keep your footing.", "")
    assert "phantom_roll" not in kinds(answered, "I ask the dockhands about the Wayfarer's last crew")  # declared now


GOSSIP_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}
LISTEN = "I listen to the gossip in the market about the guild master"


def learned(text: str, request: dict[str, Any]) -> list[str]:
    """The kinds of the flags that say the story told what the player sought to learn."""
    return [v.kind.value for v in check_narration(text, [resolve(request)], intent=LISTEN) if "you sought" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "The guild master is discussing a new project that requires a high level of expertise.",
        "The guild master is rumored to be planning a new attack on the docks.",
        "It seems to be about a new guild opening up, and the guild master is trying to recruit more members.",
    ],
)
def test_on_a_missed_inquiry_the_news_sought_told_as_heard_is_an_outcome_told_the_other_way(text: str) -> None:
    assert learned(f"Things turn against you. {text}", GOSSIP_MISS) == ["outcome"]


@pytest.mark.parametrize(
    "text",
    [
        "The guild master is not happy with your actions, and he decides to take action against you.",
        "The guards are becoming increasingly aware of your presence.",
        'A trader mutters, "The guild master is looking for trouble."',
        "The market falls silent; the guild master is nowhere to be seen.",
    ],
)
def test_the_miss_turning_on_the_character_or_someones_words_pass(text: str) -> None:
    assert not learned(f"Things turn against you. {text}", GOSSIP_MISS)


def test_the_news_is_the_players_on_a_hit() -> None:
    hit = {**GOSSIP_MISS, "dice": [6, 5]}
    text = "The guild master is discussing a new project that requires a high level of expertise."
    assert not learned(text, hit)
