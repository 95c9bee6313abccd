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
    assert [e.role for e in after.transcript[len(before.transcript) :]] == ["user"]  # the words kept, nothing rolled
