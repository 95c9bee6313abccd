"""Starforged: asking someone about something is Gather Information. "I ask the dockhands about the Wayfarer crew"
offered Face Danger, Compel and Secure an Advantage and no Gather Information (its cue held "ask about" and "ask
around ... about", not the person asked between the words)."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import match_cues
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

ASKED = [
    "I ask the dockhands about the Wayfarer crew",
    "I ask the old pilot about the missing freighter",
    "I ask her about the signal",
    "I ask the guard who sent him",
    "we ask the settlers what happened here",
]


@pytest.mark.parametrize("words", ASKED)
def test_asking_someone_about_something_cues_gather_information(words: str) -> None:
    assert match_cues("starforged", words).move_boost.get("gatherinformation", 0) > 0, words


@pytest.mark.parametrize("words", ASKED[:3])
def test_asking_someone_about_something_offers_gather_information_first(words: str) -> None:
    session, _dice = open_campaign("Dockside", "starforged")
    assert session.send(words).suggestions[0].move == "Gather Information", words


@pytest.mark.parametrize("words", ["I ask Kira to cover me", "I ask the oracle if the reactor runs"])
def test_asking_for_help_or_the_oracle_is_no_gathering(words: str) -> None:
    assert "gatherinformation" not in match_cues("starforged", words).move_boost, words
