"""A particular attack kept off the one defended, on a Defend hit whose hold is still the player's (sets 23 and 24: "The
cleric's shield protects them from the attack", "their shield protecting them from the attack"): an attack the engine
never made, met, which decides what the hold is for. The defence itself ("the cleric is protected from the attack",
as set 16 labels it), readiness and a supposition pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

DEFEND = {"system": "dungeon-world", "move": "Defend", "stat": "con", "character": {"stats": {"con": 1}}, "dice": [3, 6]}
SHIELD = "I raise my shield to protect the cleric"
MARA = "I stand over Mara to guard her"


def spent(text: str, intent: str = SHIELD) -> list[str]:
    told = check_narration(text, [resolve(DEFEND)], intent=intent)
    return [v.detail for v in told if "hold spent" in v.detail]


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The cleric's shield protects them from the attack.", SHIELD),  # BG2-1.5b:dw-duel:4:1
        ("The cleric looks relieved, their shield protecting them from the attack.", SHIELD),  # BH4-1.5b:dw-duel:4:1
        ("Your shield saves the cleric from the bard's vicious swing.", SHIELD),
        ("The heavy shield guards her from the incoming blow.", SHIELD),
        ("Your stance shields Mara from the orc's axe strike.", MARA),
        ("Steel rings as you spare her from the thrust.", MARA),
    ],
)
def test_a_particular_attack_kept_off_spends_the_hold(text: str, intent: str) -> None:
    assert spent(text, intent), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("The cleric is protected from the attack.", SHIELD),  # AX-1.5b:dw-duel:4:1, ok
        ("You raise your shield to protect the cleric. You make it look easy.", SHIELD),
        ("You plant your feet, ready to protect her from whatever comes.", MARA),
        ("If the bard strikes, your shield would protect the cleric from the blow.", SHIELD),
        ("The cleric stands firm behind you, ready to defend against any attack.", SHIELD),
    ],
)
def test_the_defence_itself_passes(text: str, intent: str) -> None:
    assert not spent(text, intent), text


def test_the_attack_the_players_own_words_set_up_may_be_kept_off() -> None:
    own = "I shield the cleric from the bard's attack"
    assert not spent("Your shield protects the cleric from the bard's attack.", own)
