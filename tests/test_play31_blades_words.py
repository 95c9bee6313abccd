"""Round 31: Blades' Entanglements note named its picks "/choose 1 (demonic notice), /choose 2 (show of Force)": a title
with a small word in it ("Show of Force") was lowered at its first letter only."""

from __future__ import annotations

import pytest

from assistant.chat.open_choice import _short


@pytest.mark.parametrize(
    ("label", "said"),
    [
        ("Show of Force", "show of force"),
        ("Demonic Notice", "demonic notice"),
        ("Give up on the quest: Forsake Your Vow.", "give up on the quest"),
    ],
)
def test_a_title_with_small_words_is_lowered_whole(label: str, said: str) -> None:
    assert _short(label, "blades") == said
