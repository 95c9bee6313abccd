"""Round 20 of the Dungeon World duel played through the chat: a target named with a possessive ("against Duke's
guard") is Duke, not "Duke's". Defend's target is the one defended, so "against Duke's next blow" names no target of
it (round 27)."""

from __future__ import annotations

import pytest

from assistant.chat.reading import read_words
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_target_named_with_a_possessive_is_the_one_named() -> None:
    session, _dice = open_campaign("Duel", "dungeon-world")
    session.send("/character add Duke")
    read = read_words("I swing my axe against Duke's guard", "Hack & Slash", session.reload())
    assert read.options.get("target") == "Duke", read.options
    assert any("target Duke (“against Duke's”)" in n for n in read.notes), read.notes


def test_defend_against_a_named_blow_is_not_aimed_at_the_attacker() -> None:
    # Defend's target is "the person you defend" ("Duke ... uses ... the Defend move for Mia"): Duke, the one whose
    # blow it is, is not it
    session, dice = open_campaign("Duel defend", "dungeon-world")
    session.send("/character add Duke")
    offered = session.send("I defend against Duke's next blow")
    defend = next(s for s in offered.suggestions if s.move == "Defend")
    dice.queue(1, 1)
    defended = session.confirm(defend)
    assert defended.kind == "action", defended.error
    assert not any("target Duke" in n for n in defended.notes), defended.notes
