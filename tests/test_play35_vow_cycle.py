"""Round 35 in Starforged: a vow from swearing to fulfilling by milestones told in the player's words, then a new vow,
never at a dead end. "we made real progress on finding my sister" offered Fulfill Your Vow first (the vow's own verb,
"finding", read as the goal reached) and "i found another clue about my sister" Face Danger; a step toward the goal
is Reach a Milestone ("When you make significant progress in your quest"), the goal reached Fulfill Your Vow."""

from __future__ import annotations

import pytest

from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign, track_named

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _first(session, dice: ScriptedDice, line: str, move: str, *faces: int):  # type: ignore[no-untyped-def]
    offered = session.send(line)
    assert offered.kind == "action" and offered.suggestions, (offered.kind, offered.narration)
    assert offered.suggestions[0].move == move, (line, [s.move for s in offered.suggestions])
    dice.queue(*faces)
    done = session.confirm(offered.suggestions[0])
    assert done.kind != "error", done.error
    assert_store_matches_card(session, done)
    return done


@pytest.mark.parametrize(
    "step",
    [
        "i found another clue about my sister",
        "we made real progress on finding my sister",
        "i'm one step closer to my sister",
    ],
)
def test_a_step_toward_the_vow_is_a_milestone(step: str) -> None:
    session, dice = open_campaign(f"Step {len(step)}", "starforged")
    _first(session, dice, "i swear an iron vow to find my lost sister, a dangerous vow", "Swear an Iron Vow", 6, 1, 1)
    _first(session, dice, step, "Reach a Milestone")
    assert track_named(session, "Find my lost sister")["ticks"] == 8


def test_a_vow_sworn_stepped_fulfilled_then_a_new_one() -> None:
    session, dice = open_campaign("Vow cycle", "starforged")
    _first(session, dice, "i swear an iron vow to find my lost sister, a troublesome vow", "Swear an Iron Vow", 6, 1, 1)
    _first(session, dice, "i reach a milestone in my search for my sister", "Reach a Milestone")
    _first(session, dice, "i found another clue about my sister", "Reach a Milestone")
    assert track_named(session, "Find my lost sister")["ticks"] == 24
    done = _first(session, dice, "i finally find my sister", "Fulfill Your Vow", 1, 2)
    assert done.results[0].outcome == "strong_hit"
    assert track_named(session, "Find my lost sister")["status"] == "completed"
    _first(session, dice, "i swear a new vow to bring her home safe", "Swear an Iron Vow", 6, 1, 1)
    _first(session, dice, "i reach a milestone on bringing her home", "Reach a Milestone")
    assert track_named(session, "Bring her home safe")["ticks"] == 4  # formidable: 1 box
    more = session.send("what now?")
    assert more.kind != "error", more.error
