"""Round 20 of the Dungeon World duel played through the chat: a target named with a possessive ("against Duke's next
blow") is Duke, not "Duke's"."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_target_named_with_a_possessive_is_the_one_named() -> None:
    session, dice = open_campaign("Duel", "dungeon-world")
    session.send("/character add Duke")
    offered = session.send("I defend against Duke's next blow")
    defend = next(s for s in offered.suggestions if s.move == "Defend")
    dice.queue(1, 1)
    defended = session.confirm(defend)
    assert defended.kind == "action", defended.error
    assert any("target Duke (“against Duke's”)" in n for n in defended.notes), defended.notes
