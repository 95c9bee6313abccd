"""Round 34 in Starforged: /undo after an oracle question asked while Endure Harm's required pick waits. The player
expects /undo to take back the last thing they did (the question), and to be told that the roll and its pick still
stand; the note under the question says how many undos reach the roll (it said "or /undo the roll", and the /undo
that followed took the oracle back and said nothing of the roll)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _harmed_then_asked():  # type: ignore[no-untyped-def]
    session, dice = open_campaign("Undo over a pick", "starforged")
    session.send("/set health 0")
    offered = session.send("the raider's knife cuts me deep, serious harm")
    dice.queue(5, 8, 8)  # a miss: a cost and an impact to pick, both required
    session.confirm(next(s for s in offered.suggestions if s.move == "Endure Harm"))
    dice.queue(56)
    asked = session.send("is the raider still nearby?")
    return session, asked


def test_the_note_under_the_question_counts_the_undos() -> None:
    _session, asked = _harmed_then_asked()
    note = next(n for n in asked.notes if "Endure Harm still waits" in n)
    assert "or /undo twice for the roll (what you did since goes first)." in note, note


def test_undo_takes_back_the_question_and_says_the_roll_still_waits() -> None:
    session, _asked = _harmed_then_asked()
    undone = session.send("/undo")
    assert undone.narration.startswith("Undone: Ask the Oracle: no — rolled 56."), undone.narration
    assert "Endure Harm still stands and waits for its pick" in undone.narration, undone.narration
    assert "/undo again takes back its roll." in undone.narration, undone.narration
    assert [o.label for c in undone.open_choices for o in c.options][2:4] == ["Mark wounded", "Mark permanently harmed"]
    picked = session.send("2")  # the pick still works after the undo
    assert "lose Momentum (-2)" in picked.narration, picked.narration
    again = session.send("/undo")
    assert again.narration.startswith("Undone: your pick on Endure Harm"), again.narration
    rolled_back = session.send("/undo")
    assert rolled_back.narration.startswith("Undone: Endure Harm"), rolled_back.narration
    assert "still stands" not in rolled_back.narration
    assert session.reload().active()["momentum"] == 2
