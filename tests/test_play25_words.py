"""Round 25, words a Blades player read in a long session.

* Reopened, a pick on Recover (which had asked the healer's quality, first answered "banana") was told "You turn your
  attention to banana": the words the move was made for are the question's, not a try at answering it.
* Undoing the pick on an entanglement said "The roll stands as first rolled: full success": a roll read by its die
  says the die (already in "— rolled 1"), not a success level.
* "the GM rolls entanglements" was told "You set your sights on the GM rolls entanglements": "roll" is a verb.
* "Study is a Insight action": an Insight action.
"""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.narrate.line_grammar import Shape, shape
from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


@pytest.mark.parametrize("tries", [["banana"], ["banana", "9"], ["the doctor is good", "-1"]])
def test_a_pick_after_a_reopen_is_told_with_the_words_the_move_was_made_for(tries: list[str]) -> None:
    session, dice = open_campaign("Healer " + " ".join(tries), "blades")
    for line in ("/set harm broken arm (level 2)", "/set coin 3", "/roll train +prowl", "/roll train +study"):
        assert session.send(line).kind != "error", line
    offered = session.send("I visit the doctor about my broken arm")
    asked = session.confirm(next(s for s in offered.suggestions if s.move == "Recover"))
    assert asked.kind == "question", asked.narration
    for bad in tries:
        assert session.send(bad).kind in ("question", "error")
    dice.queue(5, 4, 6)
    rolled = session.send("3")
    assert rolled.open_choices, rolled.narration
    reopened = ChatSession.open(session.campaign, rng=dice)
    picked = reopened.send("/choose 1")
    assert picked.kind != "error", picked.error
    for bad in tries:
        assert bad not in picked.narration, picked.narration
    assert "pay 1 coin" in picked.narration.lower(), picked.narration


@pytest.mark.parametrize("faces", [(1, 3), (4, 5)])
def test_undoing_an_entanglement_pick_says_the_die_not_a_success_level(faces: tuple[int, int]) -> None:
    session, dice = open_campaign(f"Entangled {faces}", "blades")
    assert session.send("/set heat 6").kind != "error"
    dice.queue(*faces)
    rolled = session.send("/roll entanglements")
    assert rolled.open_choices, rolled.narration
    assert session.send("/choose 1").kind != "error"
    undone = session.send("/undo")
    low = min(faces)
    assert f"rolled {low}. The roll stands as first rolled; its choices are open again." in undone.narration, undone.narration
    for level in ("success", "bad outcome", "full", "partial"):
        assert level not in undone.narration, undone.narration


def test_undoing_a_pick_on_a_roll_with_levels_still_says_the_level() -> None:
    session, dice = open_campaign("Levels", "dungeon-world")
    assert session.send("/roll suffer a control move control=control").kind != "error"
    dice.queue(5, 5)
    assert session.send("/roll saving throw +wis").open_choices
    assert session.send("/choose 1").kind != "error"
    undone = session.send("/undo")
    assert "The roll stands as first rolled: strong hit; its choices are open again." in undone.narration, undone.narration


@pytest.mark.parametrize(
    "typed",
    ["the GM rolls entanglements", "the guard rolls the dice", "Vex rolls for the heat", "the Magistrate rolls on the table"],
)
def test_someone_else_rolling_is_told_as_their_deed(typed: str) -> None:
    assert shape(typed)[0] is Shape.CLAUSE, shape(typed)


@pytest.mark.parametrize("typed", ["I roll aside", "roll for initiative"])
def test_rolling_yourself_is_still_your_deed(typed: str) -> None:
    assert shape(typed)[0] in (Shape.FIRST_PERSON, Shape.VERB), shape(typed)


@pytest.mark.parametrize(("action", "said"), [("study", "Study is an Insight action"), ("sway", "Sway is a Resolve action")])
def test_the_trained_action_is_named_with_its_article(action: str, said: str) -> None:
    from assistant.engine import resolve

    result = resolve({"system": "blades", "move": "train", "stat": action})
    assert any(n.startswith(said) for n in result.notes), result.notes
