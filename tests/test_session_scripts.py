"""Scripted sessions: a whole evening of play per system in the player's own words, through the chat session API.
Each line is sent; when moves are suggested the top one is confirmed. No turn is an error, and after every turn
the store holds what the card shows (tracks, clocks, meters, positions...)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.chat.turn import Turn
from assistant.store import service
from assistant.store.card_check import card_differences
from rules_index.embed import get_embedder

SCRIPTS = Path(__file__).parent / "scripts"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def script(system: str) -> list[str]:
    lines = (SCRIPTS / f"{system}.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _answer(session: ChatSession, turn: Turn) -> Turn:
    """Answer a question the turn asks with its first answer (a number's lowest value), as a player clicking."""
    for _ in range(4):
        if turn.kind != "question" or turn.question is None:
            return turn
        question = turn.question
        typed = "Something" if question.kind == "text" else "1"  # a free answer is words ("1" names no demand)
        value = question.answers[0].value if question.answers else (question.lo if question.lo is not None else typed)
        turn = session.answer(value)
    return turn


def _picked_first(session: ChatSession, turn: Turn) -> bool:
    """When the turn is refused because the last move waits for a pick the rules require (an overindulgence, a spell's
    penalties, Blades' price for an extra activity), make the first pick it names that can be made, as a player reading
    it does; whether a pick was made."""
    said = turn.error or ""
    if turn.kind != "error" or not ("still waits for a pick the rules require" in said or "not paid for yet" in said):
        return False
    ways = re.findall(r"/choose (?:a number from )?(\d+)", said)  # a price: coin, or else rep
    ways += re.findall(r"(\d+)(?: to \d+)? for “", said)  # many options: "1 to 6 for “Choose the cost ...”"
    assert any(_answer(session, session.send(f"/choose {n}")).kind != "error" for n in ways), said
    return True


@pytest.mark.parametrize("system", ["starforged", "elegy", "blades", "city", "dungeon-world"])
def test_a_scripted_session_holds_together(system: str) -> None:
    lines = script(system)
    assert len(lines) >= 30
    service.create_campaign("evening", system, seed=7)
    try:
        session = ChatSession.open("evening", rng=random.Random(5), embedder=get_embedder("hash"))
        rolled = 0
        for line in lines:
            turn = _answer(session, session.send(line))
            for _ in range(3):  # a pick the rules require comes first: the player makes it as the refusal says
                if not _picked_first(session, turn):
                    break
                turn = _answer(session, session.send(line))
            assert turn.kind != "error", f"{line!r}: {turn.error}"
            # a player confirms the first move that can be made: one the rules refuse as the sheet stands says so
            # where its odds would be ("not now: you cannot cast a spell unless you have mana …")
            makeable = [s for s in turn.suggestions if not (s.odds_words or "").startswith("not now")]
            if makeable and not turn.results:
                turn = _answer(session, session.confirm(makeable[0]))
                for _ in range(4):
                    if _picked_first(session, turn):
                        turn = _answer(session, session.confirm(session.send(line).suggestions[0]))
                        continue
                    if turn.kind != "error" or "not paid for yet" not in (turn.error or ""):
                        break
                    # a pick the rules require waits (Blades: an activity's coin or rep; a cost on a weak hit): the
                    # player makes it as the refusal says (the first way that goes), then makes the move
                    ways = re.findall(r"/choose \d+", turn.error or "")
                    assert any(_answer(session, session.send(way)).kind != "error" for way in ways), turn.error
                    turn = _answer(session, session.confirm(session.send(line).suggestions[0]))
                assert turn.kind != "error", f"{line!r} -> {turn.results or turn.error}"
                rolled += 1
            if turn.results:
                differences = card_differences(session.reload(), turn.results[-1])
                assert not differences, f"{line!r}: {differences}"
        state = session.reload()
        assert rolled >= 20
        if system in ("starforged", "elegy"):
            statuses = {t.get("status") for t in state.tracks.values()}
            assert "completed" in statuses and None in statuses  # a vow fulfilled, others still open
            assert len(state.clocks) == 1  # /clock +1 and -1 moved the one clock
    finally:
        service.close_stores()
