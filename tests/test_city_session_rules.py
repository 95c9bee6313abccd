"""The city game's rules that span moves, played through the chat: a scheme set up from the player's words is
the one Run the Scheme checks in on (once per session, open again after New Session); Use Belief asks which
belief and the next roll leans on it; Meet Demand offers Retire at the last Demand the Magistrate set."""

from __future__ import annotations

from typing import Any

import pytest

from assistant.chat.session import ChatSession
from tests.session_helpers import ScriptedDice, assert_store_matches_card, open_campaign

pytestmark = pytest.mark.usefixtures("hash_embedder")


def open_city(name: str) -> tuple[ChatSession, ScriptedDice]:
    return open_campaign(name, "city")


def sheet(session: ChatSession) -> dict[str, Any]:
    return session.reload().active() or {}


def confirm(session: ChatSession, dice: ScriptedDice, move: str, *faces: int) -> Any:
    dice.queue(*faces)
    turn = session.confirm({"move": move})
    assert turn.kind != "error", turn.error
    if turn.results:
        assert_store_matches_card(session, turn)
    return turn


def test_a_scheme_set_up_in_words_is_the_one_run_once_per_session() -> None:
    session, dice = open_city("schemes")
    session.send("I set up a scheme to smuggle wine past the customs house")
    confirm(session, dice, "Set Up a Scheme", 5, 6)
    assert sheet(session)["schemes"] == [{"name": "Smuggle wine past the customs house", "productivity": 0}]
    ran = confirm(session, dice, "Run the Scheme", 5, 5)
    assert ran.results[0].outcome == "strong_hit"
    assert sheet(session)["session_used"] == ["run_the_scheme"] and sheet(session)["assets"] == 1
    again = session.confirm({"move": "Run the Scheme"})
    assert again.kind == "error" and "once per session" in (again.error or "")
    confirm(session, dice, "New Session")
    assert sheet(session)["session_used"] == []
    confirm(session, dice, "Run the Scheme", 1, 2)


def test_use_belief_asks_which_belief_and_the_next_roll_leans_on_it() -> None:
    session, dice = open_city("beliefs")
    session.send("/add belief Family comes first")
    session.send("/add belief The city owes me")
    asked = session.confirm({"move": "Use Belief"})
    assert asked.kind == "question" and asked.question is not None
    assert [a.label for a in asked.question.answers] == ["Family comes first", "The city owes me"]
    leaned = session.answer("2")
    assert leaned.kind == "action" and sheet(session)["leaning_on"] == "The city owes me"
    rolled = confirm(session, dice, "Transit", 2, 5, 6)
    assert rolled.results[0].score == 11 and any("advantage" in n for n in rolled.results[0].notes)
    after = sheet(session)
    assert after["leaning_on"] == "" and after["beliefs"][1]["marked"] is True


def test_the_last_demand_offers_retire_and_retire_waits_for_it() -> None:
    session, dice = open_city("demands")
    session.send("/set demands_to_retire 2")
    assert sheet(session)["demands_to_retire"] == 2
    for demand in ("Bring me the ledger", "Burn the mill"):
        session.confirm({"move": "Perceive Demand", "options": {"demand": demand}})
        early = session.confirm({"move": "Retire"})
        assert early.kind == "error" and "unmet" in (early.error or "")
        met = confirm(session, dice, "Meet Demand")
        confirm(session, dice, "New Session")
    assert [f.move for f in met.results[0].follow_ups] == ["Retire"]
    retired = confirm(session, dice, "Retire")
    assert retired.results[0].move == "Retire"


def test_recall_and_perceive_demand_ask_what_they_write_down() -> None:
    session, dice = open_city("asked")
    session.send("/add history The Docks")
    session.send("/add history Old Quarter")
    asked = session.confirm({"move": "Recall Neighborhood Connection"})
    assert asked.kind == "question" and asked.question is not None
    assert [a.label for a in asked.question.answers] == ["The Docks", "Old Quarter"]
    session.answer("Old Quarter")
    after = sheet(session)
    assert after["histories"][1] == {"neighborhood": "Old Quarter", "marked": True}
    assert after["connections"] == ["Old Quarter"]
    demand = session.confirm({"move": "Perceive Demand"})
    assert demand.kind == "question" and demand.question is not None and demand.question.kind == "text"
    session.answer("Bring me the harbourmaster's ledger")
    assert sheet(session)["demands"] == [{"text": "Bring me the harbourmaster's ledger", "met": False}]
