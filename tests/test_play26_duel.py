"""Round 26, Dungeon World PvP. A character at 0 HP is "required to roll for [Last Gasp]" (the first worked combat):
Last Gasp is offered first, and told as Last Gasp whatever the words were. On a miss they lose consciousness and are
Helpless: they make no more moves in the fight (no Hack & Slash, no second Last Gasp), the player reads why and what
they can do, and the other characters still act. A survived Last Gasp is not asked for again."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = [pytest.mark.filterwarnings("ignore::DeprecationWarning"), pytest.mark.usefixtures("hash_embedder")]


def _down(name: str) -> tuple:
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Mara class=wizard", "/set hp 0"):
        assert session.send(line).kind != "error", line
    return session, dice


def _moves(turn) -> list[str]:
    return [s.move for s in turn.suggestions]


@pytest.mark.parametrize("typed", ["I attack Mara", "I swing my axe at Mara", "I stagger up and run"])
def test_at_zero_hp_last_gasp_comes_first_and_is_told_by_its_name(typed: str) -> None:
    session, dice = _down("Door " + typed)
    turn = session.send(typed)
    assert _moves(turn)[0] == "Last Gasp", _moves(turn)
    dice.queue(5, 4)
    rolled = session.send("1")
    assert rolled.results and rolled.results[0].move == "Last Gasp", rolled.narration
    assert typed.split()[-1].lower() not in rolled.narration.split("\n")[0].lower(), rolled.narration


@pytest.mark.parametrize("typed", ["I attack Mara", "I hack at Mara", "I drink a healing potion", "I hide"])
def test_unconscious_no_move_of_theirs_is_offered_and_the_reply_says_why(typed: str) -> None:
    session, dice = _down("Out " + typed)
    dice.queue(2, 1)
    gasp = session.send("/roll last gasp +con")
    assert "out of this fight" in " ".join(gasp.notes), gasp.notes
    turn = session.send(typed)
    assert turn.kind == "action" and not turn.suggestions, _moves(turn)
    assert "lost consciousness" in turn.narration and "Helpless" in turn.narration, turn.narration
    assert "/undo" in turn.narration and "/character play" in turn.narration, turn.narration
    before = session.reload().characters
    assert not session.send("1").results  # "1" rolls nothing: no move was offered
    assert session.reload().characters == before


def test_unconscious_a_second_last_gasp_is_refused_in_words() -> None:
    session, dice = _down("Twice")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    before = session.reload().characters
    again = session.send("/roll last gasp +con")
    assert again.kind == "error" and "lost consciousness" in (again.error or ""), (again.kind, again.error)
    assert session.reload().characters == before


def test_unconscious_the_opponent_still_acts() -> None:
    session, dice = _down("Her turn")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    turn = session.send("Mara stabs me")
    assert turn.suggestions, turn.narration
    assert all(s.request.get("character_id") == "mara" for s in turn.suggestions), [
        (s.move, s.request.get("character_id")) for s in turn.suggestions
    ]


def test_undo_of_the_failed_last_gasp_brings_the_character_back() -> None:
    session, dice = _down("Undo gasp")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    assert session.send("/undo").kind != "error"
    assert _moves(session.send("I attack Mara"))[0] == "Last Gasp"


def test_the_gm_who_removes_helpless_brings_them_back() -> None:
    session, dice = _down("Back up")
    dice.queue(2, 1)
    session.send("/roll last gasp +con")
    assert session.send("/remove impact helpless").kind != "error"
    assert session.send("/set hp 5").kind != "error"
    assert "Hack & Slash" in _moves(session.send("I attack Mara"))


@pytest.mark.parametrize("typed", ["I attack Mara", "I hack at Mara"])
def test_a_survived_last_gasp_is_not_asked_for_again(typed: str) -> None:
    session, dice = _down("Survived " + typed)
    dice.queue(4, 2)
    assert session.send("/roll last gasp +con").results[0].outcome == "weak_hit"
    offered = _moves(session.send(typed))
    assert offered[0] == "Hack & Slash" and "Last Gasp" not in offered, offered
