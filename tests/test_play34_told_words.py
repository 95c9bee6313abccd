"""Round 34: the player's words told back lost the player from them: "we enter a combat encounter in the old arena,
mia and i against bart" was told "You enter ..., mia and against bart." (a second "you" is dropped only before a
deed: "you burst in and grab the idol")."""

from __future__ import annotations

import pytest

from assistant.narrate.line_grammar import shape
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_player_beside_an_ally_stays_in_the_story() -> None:
    session, _dice = open_campaign("Arena", "dungeon-world")
    for line in ("/character add Mia class=bard", "/character add Bart class=barbarian"):
        assert session.send(line).ok
    offered = session.send("we enter a combat encounter in the old arena, mia and i against bart")
    entered = next(s for s in offered.suggestions if s.move == "Enter a Combat Encounter")
    made = session.confirm(entered)
    assert "mia and you against bart." in made.narration.lower(), made.narration


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("I burst in and I grab the idol", "you burst in and grab the idol"),
        ("i check the door, then i pick the lock", "you check the door, then pick the lock"),
    ],
)
def test_a_second_you_before_a_deed_is_still_dropped(line: str, told: str) -> None:
    assert shape(line)[1] == told
