"""Round 31: a fight started from "I stalk the hunter through the fog-choked alleys" was named "The hunter through the"
on the card, the sheet and /track: the words after the foe that say where it is followed end its name."""

from __future__ import annotations

import pytest

from assistant.chat.track_names import name_from_words


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("I stalk the hunter through the fog-choked alleys of the old quarter", "The hunter"),
        ("i chase the thief across the rooftops", "The thief"),
        ("I follow the cultist down the stairs", "The cultist"),
        ("the pirate captain draws steel", "The pirate captain"),
    ],
)
def test_a_foe_followed_somewhere_is_named_without_the_way(words: str, name: str) -> None:
    assert name_from_words(words, "combat") == name
