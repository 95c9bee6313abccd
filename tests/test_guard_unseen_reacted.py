"""Going unseen on a strong hit, told through someone reacting to you (set 22: "People are amazed by your agility, but
they continue their daily lives without noticing you."): only one who saw you is amazed by you or points at you, and no
"but" takes that back. Your own reactions and reactions denied pass."""

from __future__ import annotations

import pytest

from tests.test_guard_set20_misses import _seen


@pytest.mark.parametrize(
    "text",
    [
        "People are amazed by your agility, but they continue their daily lives without noticing you.",  # BF-1.5b 2:2
        "A child points at you from a doorway as you pass.",
        "The bargemen are impressed by your footwork on the slick stones.",
        "An old woman marvels at your speed, then turns back to her washing.",
        "The lamplighter, startled by your leap, nearly drops his pole.",
        "A pair of guards gasp at you as you vault the railing.",
        "A few heads turn as you pass.",
        "A beggar calls out to you from the steps.",
        "The innkeeper greets you with a nod as you slip by.",
        "A ferryman gives you a curious look.",
    ],
)
def test_someone_reacting_to_you_is_you_noticed(text: str) -> None:
    assert _seen(text), text


@pytest.mark.parametrize(
    "text",
    [
        "You are startled by your own reflection in the black water.",
        "No one is impressed by anything tonight; the crowd flows past you.",
        "You smile at your luck as the district sleeps around you.",
        "The crowd is amazed by the fire-eater on the bridge, and you slip by behind them.",
        "Nobody gives you a second glance.",
        "No one calls out to you; the district sleeps.",
        "Heads turn toward the commotion at the bridge, and you slip by.",
    ],
)
def test_your_own_reaction_or_others_at_something_else_passes(text: str) -> None:
    assert _seen(text) == [], text
