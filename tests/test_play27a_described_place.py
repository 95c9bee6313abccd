"""A word that describes a place is not the character's deed: "I track the hunter to the abandoned chapel and attack
him" offered Forsake Your Elegy second (the cue "abandon" in "abandoned chapel"). An -ed word between a determiner and
a noun describes, as an -ing word there already did ("past the sleeping guards"); giving up a quest is still read."""

from __future__ import annotations

import pytest

from assistant.engine.cue_words import own_words
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")

FORSAKE = {"elegy": "Forsake Your Elegy", "starforged": "Forsake Your Vow"}


@pytest.mark.parametrize(
    ("system", "words"),
    [
        ("elegy", "I track the hunter to the abandoned chapel and attack him"),
        ("elegy", "I slip through the abandoned warehouse looking for the coven"),
        ("starforged", "I search the abandoned mining outpost for fuel"),
    ],
)
def test_an_abandoned_place_is_no_quest_given_up(system: str, words: str) -> None:
    session, _dice = open_campaign("Place " + words[-14:].strip(), system)
    session.send(f"/track dangerous {'elegy' if system == 'elegy' else 'vow'} Find the hunter")
    offered = session.send(words)
    assert offered.suggestions and FORSAKE[system] not in [s.move for s in offered.suggestions], offered.suggestions


@pytest.mark.parametrize(
    ("system", "words"),
    [("elegy", "I abandon my elegy, the hunter is beyond me"), ("elegy", "I give up on finding the hunter")],
)
def test_giving_up_the_quest_is_still_forsaking_it(system: str, words: str) -> None:
    session, _dice = open_campaign("Give up " + words[-14:].strip(), system)
    session.send("/track dangerous elegy Find the hunter")
    offered = session.send(words)
    assert FORSAKE[system] in [s.move for s in offered.suggestions], [s.move for s in offered.suggestions]


@pytest.mark.parametrize(
    ("words", "kept"),
    [("I tend to the wounded", "wounded"), ("I abandoned my post", "abandoned"), ("I creep past the sleeping guards", "")],
)
def test_a_describing_word_goes_only_before_a_noun(words: str, kept: str) -> None:
    assert (kept in own_words(words)) if kept else "sleeping" not in own_words(words), own_words(words)
