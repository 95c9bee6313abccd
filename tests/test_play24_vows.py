"""Round 24, two vows sworn in parallel: "I reach a milestone on finding my sister" marked progress on the other, most
recent vow ("Repay my debt to the Keepers"): "finding" did not count as the name's "Find", and one word of a name
("my sister") was not enough. A word's -ing form now names the track, and words naming only one of the open tracks
pick it; words naming none still take the most recent, saying so."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _two_vows(name: str):
    session, dice = open_campaign(name, "starforged")
    for vow in ("/track dangerous vow Find my lost sister", "/track troublesome vow Repay my debt to the Keepers"):
        assert session.send(vow).kind != "error"
    return session, dice


@pytest.mark.parametrize(
    ("typed", "marked"),
    [
        ("I reach a milestone on finding my sister", "Find my lost sister"),
        ("a milestone on my sister", "Find my lost sister"),
        ("a milestone for finding her, my lost sister", "Find my lost sister"),
        ("I reach a milestone on the Keepers debt", "Repay my debt to the Keepers"),
        ("repaying the Keepers: a milestone", "Repay my debt to the Keepers"),
    ],
)
def test_a_milestone_marks_the_vow_its_words_name(typed: str, marked: str) -> None:
    session, _ = _two_vows("Two vows " + typed)
    session.send(typed)
    rolled = session.confirm({"move": "Reach a Milestone"})
    assert rolled.kind == "action", rolled.error
    ticks = {t["name"]: t["ticks"] for t in session.reload().tracks.values()}
    assert ticks[marked] > 0 and sum(1 for v in ticks.values() if v) == 1, ticks


def test_words_naming_no_vow_take_the_most_recent_and_say_so() -> None:
    session, _ = _two_vows("Two vows unnamed")
    session.send("I reach a milestone")
    rolled = session.confirm({"move": "Reach a Milestone"})
    assert any("the most recent" in n for n in rolled.notes), rolled.notes
    ticks = {t["name"]: t["ticks"] for t in session.reload().tracks.values()}
    assert ticks["Repay my debt to the Keepers"] > 0 and ticks["Find my lost sister"] == 0, ticks
