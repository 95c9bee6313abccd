"""Round 21 of Blades downtime played through the chat: a visit to the doctor with no harm on the sheet says why
Recover is not offered (it was answered with Reduce Heat, a long-term project and Indulge Vice)."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def test_the_doctor_with_no_harm_marked_says_why_recover_is_not_offered() -> None:
    session, _dice = open_campaign("Doctor", "blades")
    turn = session.send("I see the doctor about my broken arm")
    assert turn.kind == "action", turn.error
    assert not turn.suggestions, [s.move for s in turn.suggestions]
    assert any(n.startswith("Recover would change nothing now: you have no harm") for n in turn.notes), turn.notes


def test_the_doctor_with_harm_marked_offers_recover() -> None:
    session, _dice = open_campaign("Doctor harmed", "blades")
    assert session.send("/add harm 2 broken arm").kind != "error"
    turn = session.send("I see the doctor about my broken arm")
    assert turn.suggestions and turn.suggestions[0].move == "Recover", [s.move for s in turn.suggestions]


def _visible(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


def test_a_roll_read_by_its_die_is_undone_and_journalled_by_the_die() -> None:
    from assistant.store import service

    session, dice = open_campaign("Vice journal", "blades")
    dice.queue(5, 2)
    vice = session.send("/roll indulge vice +insight")
    assert vice.kind == "action", vice.error
    assert session.send("/choose attract trouble").kind == "action"  # the overindulgence comes first (round 27)
    dice.queue(3, 4)
    session.send("/roll entanglements")
    shown = _visible(service.export("Vice journal", "markdown"))
    titles = [line for line in shown.splitlines() if line.startswith("### ")]
    assert "### Indulge Vice (+insight)" in titles and "### Entanglements (+wanted level)" in titles, titles
    assert not any(w in shown for w in ("bad outcome", "partial success", "full success")), shown
    undone = session.send("/undo")
    assert undone.narration == "Undone: Entanglements (+wanted level) — rolled 3.", undone.narration
    undone = session.send("/undo")  # the overindulgence picked, then the roll
    assert undone.narration.startswith("Undone: your pick on Indulge Vice (+insight) — rolled 5."), undone.narration
    undone = session.send("/undo")
    assert undone.narration == "Undone: Indulge Vice (+insight) — rolled 5.", undone.narration


def test_questioning_is_told_by_how_much_the_contact_talks_with_its_default_dice_in_words() -> None:
    session, dice = open_campaign("Questioned", "blades")
    dice.queue(4, 4)
    turn = session.send("/roll questioning")
    assert turn.kind == "action", turn.error
    result = turn.results[0]
    assert "No dice given: 2d, for a normal person" in " ".join(result.notes), result.notes
    story = turn.narration.split("\n\n")[0]
    assert "They talk a little" in story, turn.narration
    assert not any(w in turn.narration for w in ("You get there", "partial success", "not given")), turn.narration
