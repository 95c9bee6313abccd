"""The yes/no oracle through the chat: every answer is told, however often it was said before, and a question no yes
or no answers is refused in words before anything is rolled."""

from __future__ import annotations

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service
from rules_index.embed import get_embedder
from tests.session_helpers import ScriptedDice

pytestmark = pytest.mark.usefixtures("hash_embedder")


def _session() -> tuple[ChatSession, ScriptedDice]:
    service.create_campaign("oracle-questions", "starforged", seed=3)
    dice = ScriptedDice(5)
    return ChatSession.open("oracle-questions", rng=dice, embedder=get_embedder("hash")), dice


def test_every_answer_is_told_even_when_the_last_ones_said_it() -> None:
    session, dice = _session()
    for question in ("/oracle likely the door is locked", "/oracle Kira hears the guard", "/oracle likely anyone home"):
        dice.queue(20)  # yes on 75 or less (likely) and on 50 or less (50/50)
        turn = session.send(question)
        assert turn.kind == "oracle" and turn.results[0].outcome == "yes"
        assert "The answer is yes." in turn.narration, turn.narration


@pytest.mark.parametrize("typed", ["/oracle what is in the box?", "/oracle likely who is behind the door"])
def test_an_open_question_is_refused_in_words_and_nothing_is_rolled(typed: str) -> None:
    session, _ = _session()
    before = session.reload()
    turn = session.send(typed)
    assert turn.kind == "error" and not turn.results
    assert "yes/no questions" in turn.error and "/table" in turn.error and "Traceback" not in turn.error
    after = session.reload()
    assert after.moves == before.moves == 0 and after.characters == before.characters
    assert after.transcript == before.transcript  # a refused turn leaves no line without an answer in the log


@pytest.mark.parametrize(
    ("typed", "odds", "question"),
    [
        ("maybe Is it raining?", "50/50", "Is it raining?"),
        ("probably is the hatch sealed?", "likely", "Is the hatch sealed?"),
        ("long shot: does the courier still have the map?", "small chance", "Does the courier still have the map?"),
        ("doubtful, is anyone awake?", "unlikely", "Is anyone awake?"),
        ("even if it rains, is the road open?", "50/50", "even if it rains, is the road open?"),
    ],
)
def test_odds_in_everyday_words_before_the_question_are_the_oracles_odds(typed: str, odds: str, question: str) -> None:
    from assistant.chat.commands import parse_oracle

    assert parse_oracle(typed) == {"question": question, "odds": odds}


def test_a_maybe_before_the_question_asks_the_question_and_tells_the_answer_in_its_words() -> None:
    session, dice = _session()
    dice.queue(20)  # yes on 50 or less
    turn = session.send("/oracle maybe Is it raining?")
    assert "Maybe" not in turn.narration and "raining" in turn.narration
    assert "Odds 50/50" in turn.narration
