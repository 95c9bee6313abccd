"""Going on past the declared deed, in the words a model uses for it ("You move forward", "you press on", "you forge
ahead"), on a declared turn and on a bare roll; and the drafts that keep to the deed."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration, fix_sentence
from assistant.guard.model import Violation

VOW = {"system": "starforged", "move": "Swear an Iron Vow", "stat": "heart", "dice": [6, 1, 2]}
SWEAR = "I swear an iron vow to find my sister"
DANGER = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [4, 5, 9]}


def deeds(text: str, request: dict, intent: str) -> list[Violation]:
    result = resolve(request)
    return [v for v in check_narration(text, [result], intent=intent) if v.kind.value == "decision"]


@pytest.mark.parametrize(
    "text",
    [
        "You move forward, determined to find your sister.",
        "You press on into the dark, determined.",
        "You forge ahead toward the station.",
        "You venture deeper into the station.",
    ],
)
def test_going_on_past_the_vow_is_the_players_call(text: str) -> None:
    assert deeds(text, VOW, SWEAR)


def test_going_on_after_a_bare_roll_is_a_deed_the_player_never_declared() -> None:
    found = deeds("You attempt to move forward on the Wayfarer station, but danger waits.", DANGER, "")
    assert found and all("declared no action" in v.detail for v in found)  # going on, and the deed read on a bare roll
    assert fix_sentence(found[0]).endswith("the player only rolled, so tell what the roll did, not a new deed.")


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("You swear the vow; the way ahead is clear.", SWEAR),
        ("If you move forward, the raiders will see you.", SWEAR),
        ("You press on the lever and it gives.", ""),  # pressing something, not going on
        ("You creep forward along the ledge.", "I creep along the ledge"),  # the declared deed is itself a going
        ("You try to press on.", "I press on"),  # the player's own words
    ],
)
def test_the_deed_itself_or_a_supposition_passes(text: str, intent: str) -> None:
    assert not deeds(text, VOW if intent == SWEAR else DANGER, intent)
