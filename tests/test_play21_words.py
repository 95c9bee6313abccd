"""Round 21: the player's words told as the story's opening sentence, as played in the terminal chat."""

from __future__ import annotations

import pytest

from assistant.narrate.opening import frame


@pytest.mark.parametrize(
    ("typed", "told", "missed"),
    [
        (  # was "You focus on they're raking your hull, ..."
            "they're raking our hull, I throw the ship into a hard dive to get out of their guns",
            "They're raking your hull, you throw the ship into a hard dive to get out of their guns.",
            "They're raking your hull, you try to throw the ship into a hard dive to get out of their guns.",
        ),
        ("there's a guard at the door", "There's a guard at the door.", "There's a guard at the door."),
        (  # was "Your attention turns to suddenly a second raider ambushes you ..."
            "suddenly a second raider ambushes us from behind an asteroid!",
            "Suddenly a second raider ambushes you from behind an asteroid.",
            "Suddenly a second raider ambushes you from behind an asteroid.",
        ),
        (  # was "You set your sights on mara and you slip into ..."
            "Mara and I slip into the cathedral at midnight",
            "You and Mara slip into the cathedral at midnight.",
            "You and Mara try to slip into the cathedral at midnight.",
        ),
        (
            "The hunter and I circle each other",
            "You and the hunter circle each other.",
            "You and the hunter try to circle each other.",
        ),
    ],
)
def test_the_players_words_open_the_story_as_a_sentence(typed: str, told: str, missed: str) -> None:
    assert frame(typed, 1) == told
    assert frame(typed, 1, failed=True) == missed


def test_a_remark_before_the_deed_leaves_the_deed_told() -> None:
    told = frame("ok time to end this, I go for the kill on the cutter", 1)
    assert told.endswith("go for the kill on the cutter."), told
    assert "time to end this" not in told and "focus on" not in told, told  # was "You focus on time to end this, ..."


def test_suddenly_before_the_characters_own_deed_is_the_deed() -> None:
    assert "suddenly" not in frame("suddenly I fall through the floor", 1).lower()
