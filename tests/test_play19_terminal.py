"""Round 19 played in the terminal chat: a look at the sheet, /help or a rules question between a move and its next
step leaves the numbers the terminal printed (typing "1" still plays Pay the Price); an undo between them does not."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from assistant.chat.session import ChatSession
from assistant.cli import app
from assistant.store import service
from tests.session_helpers import ScriptedDice

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _terminal(monkeypatch: pytest.MonkeyPatch, name: str) -> ScriptedDice:
    dice = ScriptedDice(5)
    opened = ChatSession.open.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(ChatSession, "open", classmethod(lambda cls, n, **kw: opened(cls, n, rng=dice, **kw)))
    service.create_campaign(name, "starforged", seed=3)
    return dice


@pytest.mark.parametrize("between", ["/sheet", "/help", "/moves", "/ask how does pay the price work?", "/choose 9"])
def test_a_look_between_a_miss_and_its_next_step_keeps_the_number(monkeypatch: pytest.MonkeyPatch, between: str) -> None:
    dice = _terminal(monkeypatch, "airlock")
    dice.queue(1, 6, 10, 23)  # React Under Fire +edge: 1 + 3 = 4 against 6 and 10, a miss; then Pay the Price: 23
    lines = f"/roll react under fire +edge\n{between}\n1\n"
    out = CliRunner().invoke(app, ["chat", "-c", "airlock"], input=lines).output
    assert "[1] Pay the Price" in out, out
    assert "A number picks one of the moves" not in out, out
    assert "Pay the Price (rolled 23)" in out, out


def test_an_undo_between_a_miss_and_its_next_step_takes_the_number_back(monkeypatch: pytest.MonkeyPatch) -> None:
    dice = _terminal(monkeypatch, "undone")
    dice.queue(1, 6, 10)
    out = CliRunner().invoke(app, ["chat", "-c", "undone"], input="/roll react under fire +edge\n/undo\n1\n").output
    assert "Undone: React Under Fire" in out, out
    assert "Pay the Price (rolled" not in out, out
    assert "A number picks one of the moves" in out, out


def test_a_capped_action_score_is_told_once_with_the_sum_it_capped() -> None:
    service.create_campaign("relay", "starforged", seed=3)
    dice = ScriptedDice(5)
    session = ChatSession.open("relay", rng=dice)
    dice.queue(6, 10, 8)  # Set a Course +supply: 6 + supply 5 = 11, capped at 10, against 10 and 8: a weak hit
    rolled = session.send("/roll set a course +supply")
    assert rolled.kind == "action", rolled.error
    assert "Action 6 + supply 5 = 11, capped at 10, against 10 and 8: a weak hit." in rolled.narration, rolled.narration
    assert "Action score 11 capped at 10." not in rolled.narration, rolled.narration


@pytest.mark.parametrize("words", ["hi, I'm new here. what do I do first?", "how do I play?", "where do I start"])
def test_a_new_player_asking_how_to_begin_gets_the_help_not_the_oracle(words: str) -> None:
    service.create_campaign(f"New {len(words)}", "starforged", seed=3)
    session = ChatSession.open(f"New {len(words)}", rng=ScriptedDice(5))
    told = session.send(words)
    assert told.kind == "meta" and not told.results, told.narration
    assert told.narration.startswith("Tell me what your character does"), told.narration
    assert "oracle answers yes/no" not in told.narration, told.narration
