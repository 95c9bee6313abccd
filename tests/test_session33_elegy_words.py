"""Round 33, Elegy played in the terminal with the real embedding model: "I swear an elegy to destroy Father Anselm,
the priest who burned my sire" offered Endure Harm second (the sire's burning is the reason for the elegy, not damage
the character faces), and "i drink from the dying ghoul to get my strength back" offered Aid Your Ally ("When you
Secure an Advantage in direct support of an ally": no ally in the words)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from assistant.chat.session import ChatSession
from assistant.store import service

if TYPE_CHECKING:
    from rules_index.embed import MiniLMEmbedder


def _session(name: str, embedder: MiniLMEmbedder) -> ChatSession:
    service.create_campaign(name, "elegy", seed=311)
    return ChatSession.open(name, embedder=embedder)


@pytest.mark.parametrize(
    ("said", "first", "not_offered"),
    [
        ("I swear an elegy to destroy Father Anselm, the priest who burned my sire", "Sing an Elegy", "Endure Harm"),
        ("I swear to hunt down the hunter who killed my brother", "Sing an Elegy", "Endure Harm"),
        ("i drink from the dying ghoul to get my strength back", "Feed", "Aid Your Ally"),
    ],
)
def test_the_words_offer_no_move_whose_situation_they_lack(
    embedder: MiniLMEmbedder, said: str, first: str, not_offered: str
) -> None:
    session = _session("Words " + said.split()[3], embedder)
    turn = session.send(said)
    offered = [s.move for s in turn.suggestions]
    assert offered and offered[0] == first, offered
    assert not_offered not in offered, offered
    service.close_stores()


def test_harm_taken_now_still_offers_endure_harm(embedder: MiniLMEmbedder) -> None:
    session = _session("Burned now", embedder)
    offered = [s.move for s in session.send("the hunter's torch burns me as I flee the chapel").suggestions]
    assert "Endure Harm" in offered, offered
    service.close_stores()
