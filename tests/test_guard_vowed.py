"""A sworn vow told as a journey begun (set 21: "You set out to find your sister on the Wayfarer station" after "I swear
an iron vow to find my sister"): going somewhere the player never named to do what the vow promises is the next deed,
the player's to declare. The vow's resolve with no place named (sets 4 and 5 label "You set out to find your sister."
ok), its words told again and a supposition pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

VOW = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [6, 1, 2]}
INTENT = "I swear an iron vow to find my sister"


def pursued(text: str, intent: str = INTENT) -> list[str]:
    result = resolve(VOW)
    assert result.outcome == "strong_hit"
    return [v.detail for v in check_narration(text, [result], intent=intent) if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        "You set out to find your sister on the Wayfarer station, a dangerous vow that requires skill and luck.",  # BD4
        "You head off to find her aboard the Kestrel before the drift closes.",
        "Emboldened, you immediately set off to find your sister at Bleakhold.",
        "You set out to find her in the Veil, the stars cold around you.",
        "Then you head out to find your sister on Ironhome.",
    ],
)
def test_the_vow_pursued_to_a_place_is_a_deed_taken(text: str) -> None:
    assert pursued(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You set out to find your sister. It was a dangerous quest, but you have the heart of iron to carry it through.",
        "You go all in to find her, and the world around you is alive with anticipation.",
        "You swear to find her, wherever the Forge has taken her.",
        "You will set out to find her on the Wayfarer station when the time comes.",
        "You go all in to swear an iron vow to find your sister.",  # the engine's opening: the oath itself
        "You set out to find her in time, whatever it costs.",
    ],
)
def test_the_vows_resolve_and_its_words_pass(text: str) -> None:
    assert pursued(text) == [], text


def test_a_place_the_player_named_in_the_vow_is_the_vows_own() -> None:
    intent = "I swear an iron vow to find my sister on the Wayfarer station"
    assert pursued("You set out to find her on the Wayfarer station.", intent=intent) == []
