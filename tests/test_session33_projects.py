"""Round 33, a Blades downtime played as a player types it. A long-term project started as “Forge a duplicate key to
the Bowmore vault” was not found again when the player named it in shorter words ("I keep working on the vault key
project", "I work on the duplicate key until it is done"): each started a new project named from those words, and the
sheet filled with half-done clocks. And past the two free activities with no coin or rep, the project fell out of the
list for moves that did not fit (Train, refused when confirmed; Overindulgence), where the player should read why."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign, play

pytestmark = pytest.mark.usefixtures("hash_embedder")

START = "downtime. i start a long term project to forge a duplicate key to the Bowmore vault, 8 segments"
NAME = "Forge a duplicate key to the Bowmore vault"


@pytest.mark.parametrize(
    "again",
    [
        "I keep working on the vault key project",
        "i work on the key again",
        "I work on the duplicate key until it is done",
        "I work on the vault key one more time, pushing myself",
    ],
)
def test_a_project_named_in_fewer_words_is_the_one_on_the_sheet(again: str) -> None:
    session, dice = open_campaign("Key " + again[:12], "blades")
    assert session.send("/set tinker 1").kind != "error"  # forging the key rolls Tinker (round 34): one die
    play(session, dice, START, 4)  # 4: two segments
    turn = play(session, dice, again, 6)  # 6: three more
    assert turn.results[0].move == "Long-Term Project"
    assert f"On your project “{NAME}” (2/8)." in turn.notes, turn.notes
    projects = session.reload().active()["projects"]
    assert [(p["name"], p["filled"]) for p in projects] == [(NAME, 5)], projects


def test_a_new_project_in_other_words_is_still_new() -> None:
    session, dice = open_campaign("Key and map", "blades")
    play(session, dice, START, 4)
    turn = play(session, dice, "I work on a map of the sewers under Charterhall", 4)
    assert any(n.startswith("A new project: “") for n in turn.notes), turn.notes
    assert len(session.reload().active()["projects"]) == 2


def test_past_the_free_activities_the_project_stays_first_and_says_why() -> None:
    session, dice = open_campaign("Key spent", "blades")
    play(session, dice, START, 4)
    play(session, dice, "I keep working on the vault key project", 4)
    turn = session.send("i work on the key again")
    assert turn.kind != "error" and turn.suggestions, turn.error
    first = turn.suggestions[0]
    assert first.move == "Long-Term Project", [s.move for s in turn.suggestions]
    assert "not now" in (first.odds_words or "") and "2 downtime activities" in first.odds_words
    # no other downtime activity is offered as if it could be made: each says it cannot, and comes after
    for s in turn.suggestions[1:]:
        if s.move in ("Train", "Acquire Asset", "Crafting", "Recover", "Reduce Heat", "Indulge Vice"):
            assert (s.odds_words or "").startswith("not now"), (s.move, s.odds_words)
    before = session.reload().active()
    refused = session.confirm(first)
    assert refused.kind == "error" and "next score's payoff" in (refused.error or "")
    assert session.reload().active() == before


@pytest.mark.parametrize("again", ["i work on the key again", "I work on the duplicate key until it is done"])
def test_moves_whose_situation_the_words_lack_fill_no_place(again: str) -> None:
    session, dice = open_campaign("Key filler " + again[-8:], "blades")
    play(session, dice, START, 4)
    offered = [s.move for s in session.send(again).suggestions]
    assert offered[0] == "Long-Term Project", offered
    for filler in ("Overindulgence", "Demonic Notice", "Arrest", "Cooperation"):
        assert filler not in offered, offered
