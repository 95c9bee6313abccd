"""A deed or decision told with an aside between "you" and its verb (set 23: "You, intrigued by the visions, decides to
investigate further." on Make a Discovery, the model's "The player, intrigued…, decides" told in the second person):
the aside hides neither. Feelings and what befalls the character, with or without an aside, pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration
from assistant.guard.model import ViolationKind

TABLE = {"system": "starforged", "move": "Make a Discovery", "dice": [89]}
VOLLEY_WEAK = {"system": "dungeon-world", "move": "Volley", "character": {"stats": {"dex": 0}}, "dice": [4, 4]}
CLERK_MISS = {"system": "city", "move": "Ear to the Ground", "stat": "lore", "dice": [2, 1]}


def decisions(text: str, request: dict, intent: str) -> list[str]:
    flags = check_narration(text, [resolve(request)], intent=intent)
    return [v.detail for v in flags if v.kind is ViolationKind.DECISION]


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You, intrigued by the visions, decides to investigate further.", TABLE, "Make a Discovery"),  # BG4 sf-vow:8:1
        ("You, shaken by what you saw, decide to leave the ruin at once.", TABLE, "Make a Discovery"),
        ("You, heart pounding, climb down into the pit.", TABLE, "Make a Discovery"),
        ("You, ever cautious, choose to wait behind the pillar.", VOLLEY_WEAK, ""),
        ("You, sensing an opening, rush toward the bard.", VOLLEY_WEAK, ""),
        ("You, tired of waiting, decide to confront the guild master.", CLERK_MISS, "I listen to the gossip in the market"),
    ],
)
def test_a_deed_behind_an_aside_is_the_players_call(text: str, request_: dict, intent: str) -> None:
    assert decisions(text, request_, intent), text


@pytest.mark.parametrize(
    ("text", "request_", "intent"),
    [
        ("You, intrigued by the visions, feel a chill run down your spine.", TABLE, "Make a Discovery"),
        ("You, for a moment, see the future unfold before you.", TABLE, "Make a Discovery"),
        ("You, breathless, stagger as the arrow flies wide.", VOLLEY_WEAK, ""),
        ("The market, busy as ever, hums with talk of the harvest.", CLERK_MISS, "I listen to the gossip in the market"),
    ],
)
def test_what_befalls_or_is_felt_behind_an_aside_passes(text: str, request_: dict, intent: str) -> None:
    assert not decisions(text, request_, intent), text
