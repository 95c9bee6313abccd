"""Round 31: /undo typed while a roll's pick is open. It took back the roll at once, a pick the player had not made
yet with it; now the first /undo sets an optional pick aside (nothing taken, the roll stands, /choose still picks it),
as /undo with an unrolled move's question does, and a second /undo takes back the roll. A pick the rules require is
not set aside: its notes say "make it, or /undo the roll", and /undo does that."""

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


def test_a_first_undo_sets_the_optional_pick_aside_and_a_second_takes_back_the_roll() -> None:
    session = _weak_secure_an_advantage("Undo pick")
    before = session.reload()
    first = session.send("/undo")
    assert first.kind == "meta", (first.kind, first.error)
    assert "Set aside Secure an Advantage's pick" in first.narration, first.narration
    assert "Type /undo again to take back the Secure an Advantage roll itself." in first.narration
    after = session.reload()
    assert after.undo_stack == before.undo_stack and after.active() == before.active()  # nothing undone
    second = session.send("undo")  # typed without its slash, as players do
    assert second.kind == "command" and second.narration.startswith("Undone: Secure an Advantage"), second.narration
    assert len(session.reload().undo_stack) == len(before.undo_stack) - 1


def test_choose_still_picks_after_the_pick_is_set_aside() -> None:
    session = _weak_secure_an_advantage("Undo then choose")
    momentum = session.reload().active()["momentum"]
    assert session.send("/undo").kind == "meta"
    picked = session.send("/choose 1")  # Take +2 momentum
    assert picked.kind != "error", picked.error
    assert session.reload().active()["momentum"] == momentum + 2


def test_a_pick_set_aside_stays_aside_and_the_next_undo_takes_the_roll() -> None:
    session = _weak_secure_an_advantage("Undo between")
    assert session.send("/undo").kind == "meta"
    assert session.send("/sheet").kind != "error"
    again = session.send("/undo")
    assert again.narration.startswith("Undone: Secure an Advantage"), again.narration


def test_a_required_pick_is_not_set_aside_the_undo_takes_the_roll_as_its_notes_say() -> None:
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
