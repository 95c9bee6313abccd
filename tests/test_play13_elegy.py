"""Round 13 of an Elegy night played through the chat: an elegy sung in words that say what it is ("..., an elegy") is
named by its deed alone."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_an_elegy_sung_as_an_elegy_is_named_by_its_deed() -> None:
    session, dice = open_campaign("Sire", "elegy")
    sung = play(session, dice, "I swear to avenge my sire, an elegy", 8, 2)
    assert sung.results[0].move == "Sing an Elegy", sung.results[0].move
    assert "Avenge my sire: a new formidable elegy." in sung.narration, sung.narration
    assert track_named(session, "Avenge my sire")["rank"] == "formidable"
