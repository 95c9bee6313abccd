"""What a player typed in this round's new chat scripts (a distress beacon on an ice moon, a pirate chase through a
nebula) that the session read loosely. A vow set up with ``/track`` and then sworn in other words ("Answer the distress
beacon on the ice moon Veyra", then "I swear to find whoever set off the beacon on Veyra") became a second, formidable
vow beside the troublesome one; the swearing opened "You set out to swear to find…" (a vow is made by saying it);
"A frost-scarred scavenger levels a rifle at me" opened "You focus on a frost-scarred scavenger levels a rifle at
you" (the world's deed read as a thing to look at)."""

from __future__ import annotations

import pytest

from assistant.narrate.opening import frame
from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_a_vow_set_up_with_track_is_the_one_sworn_in_other_words() -> None:
    session, dice = open_campaign("Beacon", "starforged")
    assert session.send("/track troublesome Answer the distress beacon on the ice moon Veyra").kind != "error"
    sworn = play(session, dice, "I swear to find whoever set off the beacon on Veyra", 6, 1, 1)
    assert sworn.results[0].move == "Swear an Iron Vow"
    vows = [t for t in session.reload().tracks.values() if t.get("kind", "vow") == "vow"]
    assert [(v["name"], v["rank"]) for v in vows] == [("Answer the distress beacon on the ice moon Veyra", "troublesome")]
    assert any("Answer the distress beacon" in n for n in sworn.notes), sworn.notes


def test_a_new_vow_sharing_one_word_with_the_one_set_up_is_a_second_vow() -> None:
    session, dice = open_campaign("Two vows", "starforged")
    assert session.send("/track dangerous Find my sister on the Wayfarer station").kind != "error"
    play(session, dice, "I swear an iron vow to destroy the station's reactor", 6, 1, 1)
    names = sorted(t["name"] for t in session.reload().tracks.values())
    assert names == ["Destroy the station's reactor", "Find my sister on the Wayfarer station"], names


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("I swear to find whoever set off the beacon on Veyra", "You swear to find whoever set off the beacon on Veyra."),
        ("i vow to avenge my sire", "You vow to avenge your sire."),
        ("I pledge to protect the colony", "You pledge to protect the colony."),
    ],
)
def test_a_vow_is_told_as_made_whatever_the_roll(typed: str, told: str) -> None:
    assert frame(typed, 1) == told
    assert frame(typed, 1, failed=True) == told  # a missed Swear an Iron Vow is a vow sworn with an obstacle before it


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("A frost-scarred scavenger levels a rifle at me and demands my fuel",
         "A frost-scarred scavenger levels a rifle at you and demands your fuel."),
        ("a half-starved dog follows me", "A half-starved dog follows you."),
        ("The scavenger aims his rifle at me", "The scavenger aims his rifle at you."),
    ],
)  # fmt: skip
def test_the_worlds_deed_with_a_joined_word_is_told_as_the_player_put_it(typed: str, told: str) -> None:
    assert frame(typed, 1) == told


def test_a_thing_with_a_joined_word_is_still_a_thing_to_look_at() -> None:
    assert frame("the long-range scanner", 1).endswith("the long-range scanner.")
    assert not frame("the long-range scanner", 1).startswith("The long-range scanner")
