"""Helpers for playing a campaign through the chat session in tests: dice the test decides, and the check that
the store holds what each card shows."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

from assistant.chat.session import ChatSession
from assistant.chat.turn import Turn
from assistant.narrate import NarrationRequest, TemplateNarrator
from assistant.store.card_check import card_differences


class ScriptedDice(random.Random):
    """An RNG whose next dice are the faces the test queues (``dice.queue(6, 1, 1)``); seeded dice after that."""

    def __init__(self, seed: int = 7) -> None:
        super().__init__(seed)
        self.faces: list[int] = []

    def queue(self, *faces: int) -> ScriptedDice:
        self.faces.extend(faces)
        return self

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:  # type: ignore[override]
        if self.faces and stop is None:
            face = self.faces.pop(0)
            assert 1 <= face <= start, f"a queued face {face} does not fit a d{start}"
            return face - 1
        return super().randrange(start, stop, step) if stop is not None else super().randrange(start)


def assert_store_matches_card(session: ChatSession, turn: Turn) -> None:
    assert turn.kind != "error", turn.error
    state = session.reload()
    for result in turn.results:
        if result is turn.results[-1]:
            differences = card_differences(state, result)
            assert not differences, differences


def play(session: ChatSession, dice: ScriptedDice, text: str, *faces: int) -> Turn:
    """Send the player's words and confirm the top suggestion with these dice; checks store == card."""
    turn = session.send(text)
    assert turn.kind != "error", turn.error
    assert turn.suggestions, f"no suggestion for {text!r}"
    dice.queue(*faces)
    rolled = session.confirm(turn.suggestions[0])
    assert_store_matches_card(session, rolled)
    assert not dice.faces, f"{rolled.results[0].move} left dice unused: {dice.faces}"
    return rolled


def track_named(session: ChatSession, name: str) -> dict[str, Any]:
    found = [t for t in session.reload().tracks.values() if t.get("name") == name]
    assert len(found) == 1, session.state.tracks
    return found[0]


def character_named(session: ChatSession, name: str) -> dict[str, Any]:
    """The saved sheet of the character called ``name`` (read back from the store, as a reload shows it)."""
    return next(c for c in session.reload().characters.values() if c.get("name") == name)


def moves(turns: Iterable[Turn]) -> list[str]:
    return [t.results[0].move for t in turns if t.results]


def open_campaign(name: str, system: str, seed: int = 7) -> tuple[ChatSession, ScriptedDice]:
    """A new campaign of ``system`` opened in the chat, with dice a test can queue."""
    from assistant.store import service

    service.create_campaign(name, system, seed=seed)
    dice = ScriptedDice()
    return ChatSession.open(name, rng=dice), dice


def open_duel_of_three(name: str) -> tuple[ChatSession, ScriptedDice]:
    """A new Dungeon World campaign with Bart (a fighter) and Mia (a wizard) beside the one playing."""
    session, dice = open_campaign(name, "dungeon-world")
    for line in ("/character add Bart class=fighter", "/character add Mia class=wizard"):
        assert session.send(line).kind != "error"
    return session, dice


class Capturing(TemplateNarrator):
    """A narrator that keeps every request it is given and tells it as the offline narrator would."""

    name = "llm"

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[NarrationRequest] = []

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        yield from super().stream(request)
