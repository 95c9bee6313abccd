"""A motive of winning someone over given to the player's character (set 21: "You approach the watchman with a gentle
smile, hoping to gain his trust." after "I feed on the sleeping watchman"): why the character acts is the player's to
say. Another's aims, the player's own aim and a hope about the scene pass."""

from __future__ import annotations

import pytest

from assistant.engine import resolve
from assistant.guard import check_narration

FEED = {"system": "elegy", "move": "Feed", "stat": "dexterity", "dice": [6, 3]}
INTENT = "I feed on the sleeping watchman"


def motives(text: str, intent: str = INTENT) -> list[str]:
    result = resolve(FEED)
    return [v.detail for v in check_narration(text, [result], intent=intent) if "motive" in v.detail]


@pytest.mark.parametrize(
    "text",
    [
        "You approach the watchman with a gentle smile, hoping to gain his trust.",  # BD3-1.5b:el-hunt:6:1
        "You kneel beside him to win his confidence before you drink.",
        "With a soft word, you lean close, in hopes of earning his favour.",
        "You feed slowly, determined to prove your worth to the coterie.",
        "You stroke his hair in an attempt to gain his trust.",
    ],
)
def test_an_aim_of_winning_someone_over_never_declared_is_a_decision(text: str) -> None:
    assert motives(text), text


@pytest.mark.parametrize(
    "text",
    [
        "The watchman, hoping to earn your favour, keeps very still.",
        "The priest looks toward you, hoping to win your trust.",
        "You feed, hoping no one wakes before you are done.",
        "You bend over the sleeping watchman; the night is quiet.",
    ],
)
def test_anothers_aim_or_a_hope_about_the_scene_passes(text: str) -> None:
    assert motives(text) == [], text


def test_the_players_own_aim_is_theirs() -> None:
    assert motives("You smile at the clerk, hoping to win his trust.", intent="I try to win the clerk's trust") == []
