"""Three ways a small model's story took what the engine had not decided, found in what players read:

- a foe told leaving the fight on a hit that decided no fate ("The pirates are surprised and flee in terror." on Enter
  the Fray, which only sets who acts first);
- the game master ruling inside the story ("The GM says that the wizard dodges and escapes with his wand.");
- a follow-up move the rules offer told as what the player must do ("you are forced to pay the price" after a missed
  Compel, when whether to Pay the Price is the player's pick).
"""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.model import ViolationKind
from assistant.narrate.story_facts import story_facts

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}
FRAY_MISS = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [1, 9, 10]}
PIRATES = "A pirate cutter drops out of the drift on our tail; I open fire"
COMPEL_MISS = {"system": "starforged", "move": "Compel", "stat": "heart", "dice": [1, 9, 10]}
HAGGLE = "I haggle with the salvage broker for a fair price on the drive coil"
VOLLEY = {"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [1, 2]}


def flags(text: str, request: dict[str, object], intent: str) -> list[object]:
    result = resolve(request)
    facts = prepare([result], sheet=story_facts([result], player_text=intent))
    return check_narration(text, [result], intent=intent, facts=facts)


def left(found: list[object]) -> bool:
    return any("no end to the fight" in getattr(v, "detail", "") for v in found)


def test_the_fray_used_here_is_a_hit() -> None:
    assert resolve(FRAY).outcome in ("weak_hit", "strong_hit")
    assert resolve(FRAY_MISS).outcome == "miss"


@pytest.mark.parametrize(
    "text",
    [
        "The pirates are surprised and flee in terror.",
        "The pirate cutter turns tail and burns for the drift.",
        "Caught off guard, the pirates break off their attack.",
        "The pirate crew surrenders before the first volley ends.",
        "The pirates scatter, and the cutter retreats into the drift.",
    ],
)
def test_a_foe_told_leaving_the_fight_on_a_hit_that_decided_no_fate_is_flagged(text: str) -> None:
    found = flags(text, FRAY, PIRATES)
    assert left(found), found
    assert any(getattr(v, "kind", None) is ViolationKind.OUTCOME for v in found)


@pytest.mark.parametrize(
    "text",
    [
        "The pirates return fire, their shots raking your hull.",
        "The pirate cutter tries to retreat into the drift, but you stay on its tail.",
        "If you press them, the pirates may flee.",
        "The pirates do not flee; they swing around for another pass.",
        "A cloud of debris drifts away as the pirate cutter closes.",
    ],
)
def test_a_foe_still_in_the_fight_or_only_about_to_leave_passes(text: str) -> None:
    assert not left(flags(text, FRAY, PIRATES))


def test_on_a_miss_a_foe_getting_away_is_left_to_the_other_checks() -> None:
    assert not left(flags("The pirates flee into the drift before you can lock on.", FRAY_MISS, PIRATES))


def test_a_player_who_meant_to_drive_the_foe_off_may_read_them_running() -> None:
    assert not left(flags("The pirates flee into the drift.", FRAY, "I open fire to scare the pirates off"))


@pytest.mark.parametrize(
    "text",
    [
        "Your arrow goes wide. The GM says that the wizard dodges and escapes with his wand.",
        "The game master decides the wizard slips behind a pillar.",
        "The wizard ducks; your DM rules that the arrow shatters on the stone.",
    ],
)
def test_the_game_master_ruling_inside_the_story_is_flagged(text: str) -> None:
    found = flags(text, VOLLEY, "I fire an arrow at the wizard across the hall")
    assert any("talk about the game" in getattr(v, "detail", "") for v in found), found


@pytest.mark.parametrize(
    "text",
    [
        "The wizard ducks behind a pillar, and your arrow shatters on the stone.",
        "A gust of magic wind throws the arrow off its path.",
    ],
)
def test_a_story_without_a_referee_passes_that_check(text: str) -> None:
    found = flags(text, VOLLEY, "I fire an arrow at the wizard across the hall")
    assert not any("talk about the game" in getattr(v, "detail", "") for v in found), found


@pytest.mark.parametrize(
    "text",
    [
        "The salvage broker refuses your offer, and you must pay the price for the drive coil.",
        "The broker laughs, and you are forced to pay the price.",
        "The broker turns away; now you have to pay the price.",
    ],
)
def test_an_offered_follow_up_told_as_an_order_is_flagged(text: str) -> None:
    found = flags(text, COMPEL_MISS, HAGGLE)
    assert any("offer next as an order" in getattr(v, "detail", "") for v in found), found


@pytest.mark.parametrize(
    "text",
    [
        "The salvage broker refuses your offer and turns back to his ledgers.",
        "The broker names a price twice what the coil is worth.",
        "You do not have to pay the price he asks; the broker simply walks away.",
    ],
)
def test_a_refusal_or_a_price_in_the_story_passes_that_check(text: str) -> None:
    found = flags(text, COMPEL_MISS, HAGGLE)
    assert not any("offer next as an order" in getattr(v, "detail", "") for v in found), found


GUN_MISS = {"system": "starforged", "move": "Strike", "stat": "edge", "dice": [1, 9, 10]}
GUN_HIT = {"system": "starforged", "move": "Strike", "stat": "edge", "dice": [6, 1, 2]}
ENGINES = "I fire the main gun at their engines"


def struck(found: list[object]) -> bool:
    return any("the attack missed" in getattr(v, "detail", "") for v in found)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The pirate cutter's engines are now ablaze, and the crew is in a panic.", ENGINES),
        ("Their engines explode in a shower of sparks.", ENGINES),
        ("The port engine catches fire and the cutter lurches.", ENGINES),
        ("The raider is wounded and staggers back.", "I shoot the raider"),
        ("The hatch shatters under the blast.", "I blast the hatch with my rifle"),
    ],
)
def test_a_missed_attack_told_landing_on_its_target_is_flagged(text: str, intent: str) -> None:
    assert resolve(GUN_MISS).outcome == "miss"
    assert struck(flags(text, GUN_MISS, intent))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Your shot goes wide of their engines, and the cutter banks away.", ENGINES),
        ("The engines are not even scorched.", ENGINES),
        ("Your own console explodes in sparks as the recoil overloads it.", ENGINES),
        ("The main gun is damaged by the recoil.", ENGINES),
        ("If the engines catch fire, the cutter is finished, but your shot flies wide.", ENGINES),
    ],
)
def test_a_miss_told_as_a_miss_or_harm_to_something_else_passes(text: str, intent: str) -> None:
    assert not struck(flags(text, GUN_MISS, intent))


def test_on_a_hit_the_target_may_burn() -> None:
    assert resolve(GUN_HIT).outcome != "miss"
    assert not struck(flags("Their engines are now ablaze.", GUN_HIT, ENGINES))


def test_a_foe_may_flee_on_the_progress_roll_that_ends_the_fight() -> None:
    decisive = {"system": "starforged", "move": "Take Decisive Action", "dice": [1, 2], "options": {"progress_boxes": 8}}
    assert resolve(decisive).outcome == "strong_hit"
    assert not left(flags("The pirates flee into the drift.", decisive, PIRATES))
