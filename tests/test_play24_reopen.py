"""Round 24, quitting and reopening: the terminal showed nothing on reopening a campaign, so a player whose last
session ended on "Face Danger: which stat do you roll?" or on Enter the Fray's open pick typed into a blank prompt.
A reopened campaign now shows what still waits: the open question, else the open choice, else the next steps a bare
number plays. A refusal (a typo, a move the rules refuse) is an answer of the moment: it is kept out of the campaign's
journal and chat log, and the question it interrupted is still open after a reopen."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.cli import app
from assistant.store import service

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: str, *, new: bool = False, seed: int = 1) -> str:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    args = ["chat", "-c", "saga"] + (["--new", "--system", "starforged", "--seed", str(seed)] if new else [])
    result = CliRunner().invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_reopened_campaign_shows_its_open_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _run(tmp_path, monkeypatch, "/roll face danger\n", new=True)
    reopened = _run(tmp_path, monkeypatch, "")
    assert reopened.startswith("Still waiting for your answer:\nFace Danger: which stat do you roll?"), reopened
    assert "1. Edge" in reopened
    answered = _run(tmp_path, monkeypatch, "edge\n")
    assert "Face Danger, +edge." in answered, answered


def test_a_reopened_campaign_shows_the_open_pick(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _run(tmp_path, monkeypatch, "/roll enter the fray +shadow on the raider\n", new=True, seed=1)
    assert "a weak hit" in out, out  # seed 1: a weak hit, its pick open
    reopened = _run(tmp_path, monkeypatch, "")
    assert "Enter the Fray still waits for your pick" in reopened and "You are in control" in reopened, reopened


def test_a_reopened_campaign_shows_the_next_steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _run(tmp_path, monkeypatch, "/roll face danger +shadow\n", new=True, seed=6)
    assert "a miss" in out, out  # seed 6: a miss, Pay the Price next
    reopened = _run(tmp_path, monkeypatch, "")
    assert reopened.startswith("  What comes next (type its number):\n  [1] Pay the Price"), reopened
    paid = _run(tmp_path, monkeypatch, "1\n")
    assert "Pay the Price (rolled" in paid, paid


def test_a_new_campaign_shows_nothing_before_the_first_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _run(tmp_path, monkeypatch, "", new=True) == ""


def _visible(journal: str) -> list[str]:
    """The journal as a reader sees it: its lines of text, without event comments or the header counting events."""
    return [ln for ln in journal.splitlines() if ln.strip() and not ln.startswith(("<!--", "*Ironsworn: Starforged* campaign"))]


def test_refusals_stay_out_of_the_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _run(tmp_path, monkeypatch, "/roll face danger\n", new=True)
    journal = _visible(service.export("saga"))
    chat = service.load_campaign("saga").transcript
    out = _run(tmp_path, monkeypatch, "/roll blorp\n/progress nothing\n")
    assert out.count("! ") == 2, out
    assert _visible(service.export("saga")) == journal and service.load_campaign("saga").transcript == chat
    assert service.load_campaign("saga").pending_question is not None  # the question the typos interrupted is open


def test_a_refusal_from_the_sheet_leaves_no_line_and_a_move_keeps_its_words_first() -> None:
    from assistant.chat.session import ChatSession

    service.create_campaign("Lines", "starforged", seed=3)
    chat = ChatSession.open("Lines")
    before = service.load_campaign("Lines").transcript
    assert chat.send("/set edge 12").kind == "error"  # refused while the sheet's change is written
    assert service.load_campaign("Lines").transcript == before
    rolled = chat.send("/roll face danger +edge")
    assert rolled.kind == "action" and rolled.event_seq is not None
    log = service.campaign_events("Lines")
    assert log[rolled.event_seq - 1].event.type == "move_resolved"  # the move's own number, not its line's
    kinds = [(e.event.type, getattr(e.event, "role", "")) for e in log[len(log) - 3 :]]
    assert ("chat_message", "user") in kinds and kinds.index(("chat_message", "user")) < [k for k, _ in kinds].index(
        "move_resolved"
    ), kinds
