"""Round 33, the city game played as a player types it: "I set up a scheme: smuggling wine past the Magistrate's
tollgates" started a scheme the sheet called "Scheme 1", and Run the Scheme rolled "+Productivity of “Scheme 1”": the
player's name for it was lost. A scheme is named from the words however they introduce it."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize(
    ("said", "name"),
    [
        ("I set up a scheme: smuggling wine past the Magistrate's tollgates", "Smuggling wine past the Magistrate's tollgates"),
        ("i set up a scheme - fake relics sold to pilgrims", "Fake relics sold to pilgrims"),
        ("we set up smuggling wine past the tollgates", "Smuggling wine past the tollgates"),
        ("I set up a scheme to smuggle wine", "Smuggle wine"),
    ],
)
def test_a_scheme_is_named_from_the_words(said: str, name: str) -> None:
    session, dice = open_campaign("Scheme " + said[:14], "city")
    assert session.send("/set network 2").kind != "error"
    turn = play(session, dice, said, 4, 4)  # 4 + 4 + 2 = 10: a hit, Productivity 0
    assert turn.results[0].move == "Set Up a Scheme"
    schemes = session.reload().active()["schemes"]
    assert [s["name"] for s in schemes] == [name], schemes
    assert f"Schemes: {name} (Productivity +0)" in session.send("/sheet").narration
    ran = play(session, dice, "we run the scheme this week", 5, 5)
    assert f"Rolling +Productivity of “{name}” (+0)." in ran.narration, ran.narration
