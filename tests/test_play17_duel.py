"""Round 17 of a Dungeon World duel played through the chat: "The cleric heals me" at full HP says Heal would change
nothing (the words name Heal as "heals") and does not lead with a cleric's spell the sheet refuses; a move the words
name keeps its place when refused ("I cast magic missile" at 0 mana); attacking the bard does not offer receiving
the bard's art."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_cleric_heals_me_at_full_hp_says_heal_changes_nothing() -> None:
    session, _ = open_campaign("Full HP", "dungeon-world")
    offered = session.send("The cleric heals me")
    assert any(n.startswith("Heal would change nothing now: your HP is 22, its most.") for n in offered.notes), offered.notes
    refused = [s.move for s in offered.suggestions if (s.odds_words or "").startswith("not now")]
    makeable = [s.move for s in offered.suggestions if not (s.odds_words or "").startswith("not now")]
    assert not refused or [s.move for s in offered.suggestions] == makeable + refused, offered.suggestions


def test_a_refused_move_the_words_name_is_told_not_offered() -> None:
    session, _ = open_campaign("Named Missile", "dungeon-world")
    offered = session.send("I cast magic missile at the orc")  # round 33: no Hack & Slash in its place
    assert not offered.suggestions and offered.narration.startswith("You can't cast Magic Missile now"), offered.narration


def test_attacking_the_bard_does_not_offer_receiving_their_art() -> None:
    session, _ = open_campaign("Bard Foe", "dungeon-world")
    offered = session.send("I attack the bard")
    moves = [s.move for s in offered.suggestions]
    assert moves[0] == "Hack & Slash" and "Receive Arcane Art" not in moves, moves
