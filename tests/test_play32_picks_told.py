"""Round 32: a Dungeon World pick told in the story leaves its rules terms to the card ("You choose: you deal your
combat damage if you have a weapon.", it read "... (1dGrit) ..."), and a second pick still tells only the new one,
for the player's move as for Mara's."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_players_pick_is_told_without_its_dice_term_and_each_pick_once() -> None:
    session, dice = open_campaign("Grit told", "dungeon-world")
    session.send("/character add Duke class=fighter")
    offered = session.send("I hack at Duke with my sword")
    dice.queue(6, 6)  # 6 + 6 + STR 2 = 14: a strong hit, choose two
    rolled = session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    assert "(1dGrit)" in rolled.narration  # the card's option keeps the rules term
    first = session.send("/choose 1")
    assert first.narration.startswith("You choose: you deal your combat damage if you have a weapon."), first.narration
    second = session.send("/choose 2")
    opening = second.narration.split("\n\n")[0]
    assert opening == "You choose: the attack opens your opponent up, making them vulnerable after your turn!", opening


def test_maras_pick_is_told_without_its_dice_term() -> None:
    session, dice = open_campaign("Her Grit", "dungeon-world")
    session.send("/character add Mara class=bard max_hp=18")
    offered = session.send("Mara attacks me with her rapier")
    dice.queue(6, 5)
    session.confirm(next(s for s in offered.suggestions if s.move == "Hack & Slash"))
    first = session.send("/choose 1")
    assert first.narration.startswith("Mara picks: they deal their combat damage if they have a weapon."), first.narration
    second = session.send("/choose 1")
    assert second.narration.split("\n\n")[0] == "Mara picks: the attack does not leave them vulnerable.", second.narration
