"""Round 21 of the Dungeon World duel in the terminal: another's attack told as it was typed ("Duke roars and hacks at
me": was "You set your sights on duke roars and hacks at you"), and the options of a choice that is another's call
numbered where the narration lists them in their words (they were listed twice, once as "You deal your damage")."""

from __future__ import annotations

import pytest

from assistant.chat.cli import _numbered_choices
from assistant.narrate.opening import frame
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_another_characters_two_deeds_are_told_as_typed() -> None:
    assert frame("Duke roars and hacks at me with his greatsword", 1) == "Duke roars and hacks at you with his greatsword."


def test_the_options_of_anothers_call_are_numbered_in_the_narration() -> None:
    session, dice = open_campaign("Duel", "dungeon-world")
    assert session.send("/character add Duke class=fighter").kind != "error"
    offered = session.send("Duke roars and hacks at me with his greatsword")
    hack = next(s for s in offered.suggestions if s.move == "Hack & Slash")
    dice.queue(5, 6)
    turn = session.confirm(hack)
    assert turn.open_choices, turn.narration
    text, listed = _numbered_choices(turn)
    assert listed, text
    assert "1. They deal their combat damage (1dGrit) if they have a weapon." in text, text
