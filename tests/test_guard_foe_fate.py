"""A foe's fate told where the engine decided none: "The raider falls to the ground" on Enter the Fray."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

FRAY = {"system": "starforged", "move": "Enter the Fray", "stat": "heart", "dice": [4, 3, 8]}
HACK = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}
INTENT = "A raider lunges at me with a vibroblade; I fight back"


@pytest.mark.parametrize(
    "text",
    [
        "You dodge the raider's attack. The raider falls to the ground.",
        "Your blade finds a gap and the raider collapses lifeless.",
        "The raider dies before he can raise his blade again.",
    ],
)
def test_the_foe_told_fallen_on_a_move_that_decides_no_fate_is_flagged(text: str) -> None:
    result = resolve(FRAY)
    flags = check_narration(text, [result], intent=INTENT)
    assert ViolationKind.OUTCOME in {v.kind for v in flags}, flags
    assert any("no fate for raider" in v.detail for v in flags)


@pytest.mark.parametrize(
    "text",
    [
        "The raider does not fall to the ground; he circles you.",
        "If you falter, the raider's blade falls to the ground beside you.",
        "The raider lunges past you and a crate falls to the ground.",
    ],
)
def test_the_foe_standing_or_something_else_falling_passes(text: str) -> None:
    result = resolve(FRAY)
    assert not any("no fate" in v.detail for v in check_narration(text, [result], intent=INTENT))


def test_a_move_that_deals_damage_may_tell_the_foe_falling() -> None:
    result = resolve(HACK)
    flags = check_narration("The bandit falls to the ground.", [result], intent="I hack at the bandit")
    assert not any("no fate" in v.detail for v in flags)


DW_STRONG = {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str", "dice": [6, 6]}


@pytest.mark.parametrize(
    "text",
    [
        "You lunge at the bard with your sword, and the bard blocks.",
        "The bard deftly sidesteps, laughing.",
    ],
)
def test_the_one_the_player_attacks_thwarting_a_strong_hit_is_flagged(text: str) -> None:
    flags = check_narration(text, [resolve(DW_STRONG)], intent="I lunge at the bard with my sword")
    assert any(v.kind is ViolationKind.OUTCOME and "strong hit" in v.detail for v in flags), flags


@pytest.mark.parametrize(
    "text",
    [
        "The bard blocks at first, but your second thrust lands.",
        "If you hesitate, the bard blocks.",
        "Your blade bites; the bard's friend blocks the door behind him.",
    ],
)
def test_a_block_that_gives_way_or_someone_else_blocking_passes(text: str) -> None:
    flags = check_narration(text, [resolve(DW_STRONG)], intent="I lunge at the bard with my sword")
    assert not any("attempt failing" in v.detail for v in flags), flags


@pytest.mark.parametrize(
    "text",
    [
        "You dodge the raider's attack, but your vibroblade cuts through his armor.",
        "You strike back with a powerful swing, dealing a heavy blow.",
        "Your blade bites into the raider before he can recover.",
    ],
)
def test_a_blow_landing_on_a_roll_that_dealt_no_harm_is_flagged(text: str) -> None:
    flags = check_narration(text, [resolve(FRAY)], intent=INTENT)
    assert any(v.kind is ViolationKind.OUTCOME and "dealt no harm" in v.detail for v in flags), flags


@pytest.mark.parametrize(
    "text",
    [
        "Your blade cuts through the ropes that hold the cargo net.",
        "If you press on, your blade cuts into him.",
        "You strike the crate aside, clearing the way before the raider closes in.",
    ],
)
def test_a_blow_on_something_else_or_supposed_passes(text: str) -> None:
    flags = check_narration(text, [resolve(FRAY)], intent=INTENT)
    assert not any("dealt no harm" in v.detail for v in flags), flags


def test_a_blow_landing_on_a_move_that_deals_damage_passes() -> None:
    flags = check_narration("Your sword cuts into him.", [resolve(HACK)], intent="I hack at the bandit")
    assert not any("dealt no harm" in v.detail for v in flags), flags
