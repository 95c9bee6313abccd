"""An earlier "no" to "Does the priest sense me?" hedged later: a word of change in another's clause does not excuse
the priest's startle, and on a price's turn the priest left uneasy, aware of the hazard or unsure whether it is a
threat hedges the no too, while a price that brings him onto you, told as a change, passes."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, prepare

EARLIER = ("The priest does not sense you.", "No one else is awake.")
ANYONE = "Is anyone else awake?"


def _oracle_turn(text: str) -> list[str]:
    result = resolve({"system": "elegy", "move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [20]})
    assert result.outcome == "no"
    facts = prepare([result], established=EARLIER[:1])
    return [v.kind.value for v in check_narration(text, [result], intent=ANYONE, question=ANYONE, facts=facts)]


def _price_turn(text: str) -> list[str]:
    price = resolve({"system": "elegy", "move": "Pay the Price", "dice": [40]})
    opening = ["As you try to feed on the sleeping watchman, the ambient introduces a new hazard."]
    facts = prepare([price], established=EARLIER, told=opening)
    return [v.kind.value for v in check_narration(f"{opening[0]} {text}", [price], intent="Pay the Price", facts=facts)]


@pytest.mark.parametrize(
    "text",
    [
        "The priest's eyes widen, the scene becomes tense.",
        "The priest's eyes widen; the candles begin to gutter.",
        "The priest grows wary, and the wind starts to howl.",
        "The priest pauses, sensing something amiss.",
        "The priest stirs, uneasy.",
        "The priest looks up, as if he heard something.",
    ],
)
def test_a_change_in_another_clause_leaves_his_startle_a_hedge(text: str) -> None:
    assert "outcome" in _oracle_turn(text), text


def test_a_change_in_his_own_clause_is_the_story_moving_on() -> None:
    assert "outcome" not in _oracle_turn("The priest now turns, and the scene becomes tense.")
    assert _oracle_turn("The priest keeps praying; the scene becomes tense.") == []


@pytest.mark.parametrize(
    "text",
    [
        "The priest is aware of the new hazard but does not change his stance.",
        "The priest remains silent, unsure if this is a trick or a real threat.",
        "The priest seems uneasy, glancing at the shadows.",
        "The priest hesitates, uncertain whether someone is there.",
        "The priest senses that something is wrong.",
        "The priest was aware of a disturbance in the nave, but kept his head bowed.",
        "The priest is alert to the new threat.",
    ],
)
def test_on_a_price_the_priest_left_half_aware_hedges_the_earlier_no(text: str) -> None:
    assert "outcome" in _price_turn(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The priest suddenly turns toward you, his lantern raised.",  # the hazard, told as a change
        "The priest wakes, uneasy, and reaches for his lantern.",
        "The priest keeps praying, his back to the door, as the shadows thicken.",
        "As the priest tries to sense your presence but fails, he realizes that something is wrong.",
        "The priest is unsure whether to pray any longer.",
        "The watchman stirs, uneasy, as a cold wind gusts through the cell.",
        "The priest murmurs on, oblivious to the hazard.",
        "The priest kneels as if he were praying for the dead.",
    ],
)
def test_on_a_price_a_change_told_or_the_priest_unaware_passes(text: str) -> None:
    assert "outcome" not in _price_turn(text), text
