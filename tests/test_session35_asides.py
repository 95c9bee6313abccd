"""Round 35, what a player types beside the move: a note to themselves ("note: ilse owes me ...") named a new
connection when it came while the connection's name was asked; a rules question or "/tracks" set the question aside;
"what happens if i drink too deep?" went to the yes/no oracle; and a connection made for words that name the one it
is with ("i develop my relationship with ilse ...") asked for a name."""

from __future__ import annotations

import pytest

from tests.session_helpers import open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _connections(session) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(t["name"], t["rank"]) for t in session.reload().tracks.values() if t.get("kind") == "connection"]


def test_a_note_while_a_question_waits_is_no_answer_and_the_question_still_waits() -> None:
    session, dice = open_campaign("Salon", "elegy")
    asked = session.send("/roll make a connection")
    assert asked.kind == "question", asked.narration
    turn = session.send("note: ilse owes me for keeping quiet about her brother")
    assert turn.kind != "error", turn.error
    assert "Noted: “ilse owes me for keeping quiet about her brother”" in turn.narration
    assert "What is the new connection?" in turn.narration  # asked again
    assert _connections(session) == []
    for aside in ("/tracks", "how does make a connection work?"):
        turn = session.send(aside)
        assert turn.kind != "error", turn.error
        assert any("Still waiting for your answer: What is the new connection?" in n for n in turn.notes), turn.notes
    dice.queue(10, 1, 1)  # a strong hit
    rolled = session.send("Countess Ilse von Hart")
    assert rolled.results and rolled.results[0].move == "Make a Connection", rolled.narration
    assert _connections(session) == [("Countess Ilse von Hart", "formidable")]


def test_a_note_with_nothing_waiting_changes_nothing() -> None:
    session, _ = open_campaign("Notes", "blades")
    before = session.reload().model_dump() if hasattr(session.reload(), "model_dump") else None
    turn = session.send("nb - the Lampblacks still owe us 2 coin")
    assert turn.kind == "meta" and not turn.results and not turn.suggestions
    assert turn.narration.startswith("Noted: “the Lampblacks still owe us 2 coin”")
    if before is not None:
        assert session.reload().model_dump()["characters"] == before["characters"]


@pytest.mark.parametrize("question", ["what happens if i drink too deep?", "what happens when my blood runs out"])
def test_what_happens_if_i_is_a_rules_question(question: str) -> None:
    session, _ = open_campaign("Deep", "elegy")
    turn = session.send(question)
    assert turn.kind == "rules", (turn.kind, turn.narration)
    assert "The oracle answers yes/no questions" not in turn.narration


def test_a_connection_made_for_words_of_another_connection_move_is_named_after_who_it_is_with() -> None:
    session, dice = open_campaign("Cards", "elegy")
    turn = session.send("i develop my relationship with ilse over a game of cards")
    made = next(s for s in turn.suggestions if s.move == "Make a Connection")
    dice.queue(10, 1, 1)
    rolled = session.confirm(made)
    assert rolled.kind != "question", rolled.narration
    assert _connections(session) == [("Ilse", "formidable")]


@pytest.mark.parametrize("aside", ["/add impact starving", "/set glamour 3", "note: the sailor saw my face"])
def test_the_terminal_keeps_what_comes_next_numbered_past_bookkeeping(monkeypatch: pytest.MonkeyPatch, aside: str) -> None:
    """ "/add impact starving" after a Feed miss: "1" then said no move was waiting, though [1] Pay the Price was shown."""
    from typer.testing import CliRunner

    from assistant.chat.session import ChatSession
    from assistant.cli import app
    from assistant.store import service
    from tests.session_helpers import ScriptedDice

    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, name, **kw: opened(cls, name, rng=dice, **kw)))
    service.create_campaign("alley", "elegy", seed=3)
    dice.queue(9, 7, 3)  # Feed +glamour 2 against 9 and 7: a miss; then Pay the Price's d100
    lines = f"/roll feed +glamour\n{aside}\n1\n"
    out = CliRunner().invoke(app, ["chat", "-c", "alley"], input=lines).output
    assert "[1] Pay the Price" in out, out
    assert "none is waiting now" not in out, out
    assert "Pay the Price (rolled 3)" in out, out


@pytest.mark.parametrize("called", ["now entanglements", "ok, entanglements next"])
def test_another_move_called_by_name_while_a_question_waits_is_the_next_move(called: str) -> None:
    """ "now entanglements" while Heat asked how loud the job was: "I didn't catch that", a dead end."""
    session, _ = open_campaign("Job", "blades")
    asked = session.send("/roll heat")
    assert asked.kind == "question", asked.narration
    turn = session.send(called)
    assert turn.kind == "action" and turn.suggestions, (turn.kind, turn.narration, turn.error)
    assert turn.suggestions[0].move == "Entanglements"
    assert session.pending_question is None and any("set aside" in n for n in turn.notes), turn.notes


def test_the_question_s_own_move_named_is_still_no_new_move() -> None:
    session, _ = open_campaign("Job2", "blades")
    assert session.send("/roll heat").kind == "question"
    turn = session.send("heat")
    assert session.pending_question is not None or turn.kind == "question", (turn.kind, turn.narration)
