"""An expedition (or a fight) under way is named by its proper name: "I push deeper into Hollow Reach" after
Undertake an Expedition on "The derelict station Hollow Reach" started a second expedition, "Push deeper into Hollow
Reach", with the progress split between the two. The words that hold a track's proper name whole continue it; words
that do not, or a vow, still start a new one."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _undertake(session, dice, words: str):
    offered = session.send(words)
    move = next(s for s in offered.suggestions if s.move == "Undertake an Expedition")
    dice.queue(6, 1, 1)
    rolled = session.confirm(move)
    assert rolled.kind == "action", rolled.error
    return rolled


def _expedition(name: str):
    session, dice = open_campaign(name, "starforged")
    _undertake(session, dice, "I set out on an expedition to the derelict station Hollow Reach")
    assert [t["name"] for t in session.reload().tracks.values()] == ["The derelict station Hollow Reach"]
    return session, dice


@pytest.mark.parametrize(
    "words",
    [
        "I push deeper into Hollow Reach",
        "we trek on through the corridors of Hollow Reach",
        "I journey through the flooded heart of the hollow reach",
    ],
)
def test_the_expedition_named_by_its_proper_name_goes_on(words: str) -> None:
    session, dice = _expedition("Deeper " + words[:20].strip())
    _undertake(session, dice, words)
    tracks = list(session.reload().tracks.values())
    assert [t["name"] for t in tracks] == ["The derelict station Hollow Reach"], tracks
    assert tracks[0]["ticks"] == 8  # two strong hits on a formidable expedition: 4 ticks each


@pytest.mark.parametrize(
    "words", ["I set out on an expedition to the Ashen Drift", "I set out on an expedition across the reach beyond the belt"]
)
def test_another_place_is_another_expedition(words: str) -> None:
    session, dice = _expedition("Other " + words[-20:].strip())
    _undertake(session, dice, words)
    assert len(session.reload().tracks) == 2
