"""Round 19 of Elegy played through the chat with the companion Mara: a fight taken to a foe somewhere is named after
the foe ("The hunter", not "To the hunter in the chapel nave"), and an elegy named as one in the words is told
without the label ("..., an elegy")."""

from __future__ import annotations

import pytest

from assistant.chat.track_finder import name_from_words
from tests.session_helpers import open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("words", "name"),
    [
        ("I take the fight to the hunter in the chapel nave", "The hunter"),
        ("I fight the raider on the bridge", "The raider"),
        ("we battle the drones in the hangar", "The drones"),
        ("I fight against the Iron Prince", "The Iron Prince"),
    ],
)
def test_a_fight_is_named_after_the_foe_not_where_it_is_fought(words: str, name: str) -> None:
    assert name_from_words(words, "combat") == name


def test_the_fight_taken_to_the_hunter_is_the_hunter_on_the_sheet() -> None:
    session, dice = open_campaign("Chapel", "elegy")
    session.send("/character add Mara")
    offered = session.send("I take the fight to the hunter in the chapel nave")
    fray = next(s for s in offered.suggestions if s.move == "Enter the Fray")
    dice.queue(2, 7)
    fought = session.confirm(fray)
    assert fought.kind == "action", fought.error
    track_named(session, "The hunter")


def test_an_elegy_named_as_one_is_told_without_the_label() -> None:
    session, dice = open_campaign("Haven", "elegy")
    offered = session.send("I swear on my blood to destroy the hunter who burned my haven, an elegy")
    sing = next(s for s in offered.suggestions if s.move == "Sing an Elegy")
    dice.queue(5, 9)
    sung = session.confirm(sing)
    assert ", an elegy." not in sung.narration, sung.narration
    assert "destroy the hunter who burned your haven." in sung.narration, sung.narration
    track_named(session, "Destroy the hunter who burned my haven")
