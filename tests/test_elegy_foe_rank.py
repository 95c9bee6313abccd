"""Elegy's Endure Stress and Endure Harm by the foe's rank, played through the chat: a rank in the player's words
is the foe's; without an amount or a rank the chat asks for either (never a default rank), and answering with a
rank suffers what a foe of that rank deals."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from assistant.chat.questions import read_answer
from assistant.chat.session import ChatSession
from assistant.store import service


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    yield
    service.close_stores()


def open_elegy(name: str) -> ChatSession:
    service.create_campaign(name, "elegy", seed=7)
    return ChatSession.open(name, rng=random.Random(3))


def test_a_rank_in_the_words_is_the_foe_s() -> None:
    session = open_elegy("rank-words")
    session.send("I face mental shock as an extreme foe tears into my mind")
    turn = session.confirm({"move": "Endure Stress"})
    assert turn.kind == "action"
    assert (session.reload().active() or {})["spirit"] == 2  # an extreme foe deals 3 stress
    assert any("extreme foe deals 3 stress" in n for n in turn.results[0].notes)


@pytest.mark.parametrize(("answer", "spirit"), [("dangerous", 3), ("4", 1), ("an epic foe", 2)])
def test_without_amount_or_rank_the_chat_asks_for_either(answer: str, spirit: int) -> None:
    session = open_elegy(f"rank-asked-{spirit}")
    session.send("I despair at what I have become")
    asked = session.confirm({"move": "Endure Stress"})
    assert asked.kind == "question" and asked.question is not None
    assert "by your foe's rank" in asked.question.text
    labels = [a.label for a in asked.question.answers]
    assert "Formidable (your foe's rank)" in labels and "1 (unsettling)" in labels
    assert read_answer(asked.question, "formidable") == {"foe_rank": "formidable"}
    done = session.answer(answer)
    assert done.kind == "action", done.error
    assert (session.reload().active() or {})["spirit"] == spirit
