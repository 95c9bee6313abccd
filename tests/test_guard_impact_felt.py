"""A blow's impact felt by your character on a move that hurt only the foe (set 21: "The character feels a slight jolt
in their body as they feel the impact of the hit on their vulnerable side." on a Volley): the damage the Volley deals
is yours to deal, not harm to you. The shot's own feel and the foe's pain pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOLLEY = {"system": "dungeon-world", "move": "Volley", "stat": "dex", "dice": [4, 4]}


def harm(text: str) -> list[str]:
    result = resolve(VOLLEY)
    return [v.detail for v in check_narration(text, [result]) if "harm or a loss dealt to you" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        # BD3-1.5b:dw-duel:6:1
        "The character feels a slight jolt in their body as they feel the impact of the hit on their vulnerable side.",
        "You feel the impact of the hit on your side.",
        "You stagger as you feel the force of the blow against your ribs.",
        "You felt the sting of the blade across your arm.",
    ],
)
def test_a_blows_impact_felt_on_you_is_harm_the_engine_never_dealt(text: str) -> None:
    assert harm(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You feel the sting of the bowstring as the arrow leaves.",
        "The bard feels the impact of the hit on his side.",
        "You feel the shot land, and the bard cries out.",
    ],
)
def test_the_shots_feel_or_the_foes_pain_passes(text: str) -> None:
    assert harm(text) == [], text


def test_the_damage_you_deal_is_no_harm_to_you() -> None:
    assert "deal your damage" in resolve(VOLLEY).text.lower()  # the Volley's own text names damage, the foe's
    assert harm("The bard's dagger grazes your arm as you loose.")
