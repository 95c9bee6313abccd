"""What the narrator is given of earlier turns: the player's words and the story told, never the dice cards'
numbers or the assistant's other lines (a small model copies "Moves that fit…" into its story); for an action
roll only the played move's own rules passage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from assistant.chat.narration_context import own_passages
from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Settings
from assistant.store import service
from tests.session_helpers import Capturing


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_the_narrator_sees_the_players_words_and_the_story_not_cards_or_suggestions(tmp_path: Path) -> None:
    service.create_campaign("history-saga", "starforged", seed=3)
    narrator = Capturing()
    session = ChatSession.open("history-saga", settings=Settings(home=tmp_path, llm=LLMSettings()), narrator=narrator)
    for words in ("I creep through the derelict's dark corridor", "I force the jammed airlock open"):
        turn = session.send(words)
        assert turn.suggestions
        session.confirm(turn.suggestions[0])
    history = narrator.requests[-1].history
    roles = {role for role, _ in history}
    assert roles <= {"user", "player", "narrator"} and "narrator" in roles
    text = " ".join(t for _, t in history)
    assert "I creep through the derelict's dark corridor" in text

    assert "Moves that fit" not in text and " vs " not in text and "→" not in text


class _Hit:
    def __init__(self, section: str) -> None:
        self.section = section


def test_an_action_roll_keeps_only_its_own_rules_passage() -> None:
    hits: list[Any] = [
        _Hit("Moves › Face Danger (Scene Challenge)"),
        _Hit("Moves › Adventure Moves › Face Danger"),
        _Hit("X › Face Desolation"),
    ]
    assert own_passages(hits, "Face Danger") == [hits[1]]
    assert own_passages(hits, "Gather Information") == [hits[0]]
    assert own_passages([], "Face Danger") == []


def test_free_dice_are_told_by_the_card_not_by_the_model(tmp_path: Path) -> None:
    service.create_campaign("dice-saga", "starforged", seed=3)
    narrator = Capturing()
    session = ChatSession.open("dice-saga", settings=Settings(home=tmp_path, llm=LLMSettings()), narrator=narrator)
    turn = session.send("/dice 2d6+1")
    assert turn.results and turn.narrator == "template" and not narrator.requests
    turn = session.send("/roll face danger +edge")
    assert turn.narrator == "llm" and narrator.requests


@pytest.mark.parametrize(
    ("system", "command", "told"),
    [("city", "/roll new session", "A new session begins."), ("starforged", "/roll end a session", ""),
     ("starforged", "/roll set a flag", "")],
)  # fmt: skip
def test_a_move_about_the_game_is_told_by_the_engine_not_the_model(tmp_path: Path, system: str, command: str, told: str) -> None:
    """A model asked to tell the city's New Session wrote "What did she do?": a move about the game, not the story,
    is the engine's words; a move of the story after it is the model's again."""
    service.create_campaign("session-saga", system, seed=3)
    narrator = Capturing()
    session = ChatSession.open("session-saga", settings=Settings(home=tmp_path, llm=LLMSettings()), narrator=narrator)
    turn = session.send(command)
    assert turn.results and turn.narrator == "template" and not narrator.requests, turn.narration
    assert told in turn.narration
    turn = session.send("/roll face danger +edge" if system == "starforged" else "/roll take a big risk +sway")
    assert turn.narrator == "llm" and narrator.requests


def test_a_story_run_together_with_its_dice_card_keeps_the_story_and_drops_the_card() -> None:
    from assistant.chat.narration_context import narration_history

    told = narration_history(
        [
            ("user", "I creep through the corridor"),
            ("narrator", "You try to creep through the corridor. The moment turns on you. Face Danger, +shadow. "
                         "Action 3 + shadow 1 = 4 against 4 and 4: a miss."),
            ("narrator", "The hatch groans.\n\nFace Danger, +edge. Action 3 + edge 2 = 5 against 6 and 8: a miss."),
        ]
    )  # fmt: skip
    assert told == (
        ("user", "I creep through the corridor"),
        ("narrator", "You try to creep through the corridor. The moment turns on you."),
        ("narrator", "The hatch groans."),
    )
