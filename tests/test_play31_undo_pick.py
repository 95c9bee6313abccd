"""Round 31: /undo typed while a roll's pick is open takes back the roll, whether the pick is optional or one the
rules require, as the app's undo button does (setting the optional pick aside instead was tried and left out: the
terminal and the button would undo different things, and an opponent's attack rolled by mistake could not be taken
back at once). Once the pick is made, /undo takes back the pick, and the next one the roll."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _weak_secure_an_advantage(name: str):
    session, dice = open_campaign(name, "starforged")
    assert session.send("/set shadow 1").kind != "error"
    turn = session.send("I sneak past the sentries into the vault")
    offered = next(s for s in turn.suggestions if s.move == "Secure an Advantage")
    dice.queue(5, 7, 5)  # 5 + shadow 1 = 6 against 7 and 5: a weak hit, "choose one"
    rolled = session.confirm(offered)
    assert rolled.results and rolled.results[0].outcome.value == "weak_hit" and rolled.open_choices, rolled.narration
    return session


def test_undo_with_an_optional_pick_open_takes_back_the_roll() -> None:
    session = _weak_secure_an_advantage("Undo open pick")
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: Secure an Advantage"), undone.narration
    assert session.send("/choose 1").kind == "error"  # nothing waits for a pick now


def test_undo_with_a_required_pick_open_takes_back_the_roll_as_its_notes_say() -> None:
    session, dice = open_campaign("Undo transit", "city")
    turn = session.send("I hurry across the district to the guild hall")
    dice.queue(5, 4)  # 9: a weak hit, pick two consequences (required: "make it, or /undo the roll")
    rolled = session.confirm(next(s for s in turn.suggestions if s.move == "Transit"))
    assert rolled.open_choices, rolled.narration
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: Transit"), undone.narration


def test_undo_after_the_pick_is_made_takes_back_the_pick_as_before() -> None:
    session = _weak_secure_an_advantage("Undo made pick")
    assert session.send("/choose 1").kind != "error"
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: your pick on Secure an Advantage"), undone.narration
    walked_back = session.send("/undo")  # its choices are open again, and the next /undo walks on back: the roll
    assert walked_back.narration.startswith("Undone: Secure an Advantage"), walked_back.narration
