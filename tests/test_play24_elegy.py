"""Round 24, Elegy with Mara through a hunt: "the hunter ambushes us in the crypt" offered Face Danger first; the
Elegy cues knew a fight forced on "me" ("ambushes me", "attacks me") but not on "us". A fight forced on the player
and Mara is Enter the Fray ("When you initiate combat or are forced into a fight"), its stat the ambush's line
("Caught in a trap or sizing up the situation: Roll +intellect")."""

from __future__ import annotations

import pytest

from assistant.suggest import SuggestContext, suggest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize(
    "typed",
    [
        "the hunter ambushes us in the crypt",
        "the hunters attack us in the chapel",
        "two hunters jump us in the alley",
        "we are ambushed by the inquisitors",
        "the hunter ambushes me in the crypt",
    ],
)
def test_a_fight_forced_on_us_is_enter_the_fray(embedder, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system="elegy"), embedder=embedder)
    assert offered[0].move == "Enter the Fray", [(s.move, s.stat) for s in offered]


@pytest.mark.parametrize("typed", ["we sneak past the hunters", "Mara and I climb the crypt wall"])
def test_getting_past_a_danger_together_is_still_face_danger(embedder, typed: str) -> None:
    offered = suggest(typed, SuggestContext(system="elegy"), embedder=embedder)
    assert offered[0].move == "Face Danger", [(s.move, s.stat) for s in offered]
