"""Round 34 in Starforged: "I swear a vow to find my sister, its a dangerous vow" was told "... find your sister, its
a vow" (the rank word taken out of the player's words, the rest left). The rank is read as dangerous and the story
tells the vow without the aside, however the aside is written."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("line", "rank"),
    [
        ("I swear a vow to find my sister, its a dangerous vow", "dangerous"),
        ("i swear a vow to find my sister, it is a formidable vow.", "formidable"),
        ("i swear to find my sister - thats an epic one", "epic"),
    ],
)
def test_the_rank_aside_is_read_and_not_told(line: str, rank: str) -> None:
    session, dice = open_campaign(f"Sister {rank}", "starforged")
    offered = session.send(line)
    vow = next(s for s in offered.suggestions if s.move == "Swear an Iron Vow")
    dice.queue(6, 1, 1)
    made = session.confirm(vow)
    assert track_named(session, "Find my sister")["rank"] == rank
    story = made.narration.split("\n")[0]
    assert story.startswith("You swear") and "find your sister." in story, story
    assert " its a" not in story and "a vow." not in story and " one." not in story, story
