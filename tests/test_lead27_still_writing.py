"""While a model still writes a turn's story, the page says so under what is shown; the finished turn does not. A
sentence from a small local model can come half a minute after the engine's opening, and a player who typed the next
line meanwhile ended the story there without knowing more was coming."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

import pytest

from assistant.chat.turn import TurnEvent
from assistant.ui.components import turn_view
from assistant.ui.components.turn_view import WRITING, render_stream, while_writing


class _Slot:
    def __init__(self, drawn: list[str]) -> None:
        self.drawn = drawn

    def markdown(self, text: str) -> None:
        self.drawn.append(text)

    def caption(self, text: str) -> None:
        self.drawn.append(f"caption: {text}")

    def empty(self) -> None:
        self.drawn.append("")


class _St:
    def __init__(self) -> None:
        self.drawn: list[str] = []

    def empty(self) -> _Slot:
        return _Slot(self.drawn)

    def markdown(self, text: str) -> None:
        self.drawn.append(text)

    @contextmanager
    def chat_message(self, role: str) -> Any:
        yield None


def test_the_story_says_more_is_coming_until_the_turn_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _St()
    monkeypatch.setattr(turn_view, "st", fake)
    seen_while_waiting: list[str] = []

    def events() -> Any:
        yield TurnEvent("narration", text="You slip into the fog. It goes wrong. ")
        seen_while_waiting.append(fake.drawn[-1])  # what the page shows while the model has not answered yet
        yield TurnEvent("narration", text="The fog swallows the lamps behind you.")

    render_stream(events(), None)
    stories = [d for d in fake.drawn if d.startswith("You slip")]
    assert seen_while_waiting[0].startswith("You slip into the fog.") and seen_while_waiting[0].endswith(WRITING)
    assert stories[-1] == "You slip into the fog. It goes wrong. The fog swallows the lamps behind you."


def test_a_retry_cleared_shows_only_that_the_story_is_coming() -> None:
    assert while_writing("") == WRITING
    assert while_writing("Moves that fit:\n- Face Danger (+edge) — strong hit 20%\n").startswith("Moves that fit: Face Danger")


def test_a_card_drawn_first_keeps_the_bubble_thinking_until_its_story_begins(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _St()
    monkeypatch.setattr(turn_view, "st", fake)
    monkeypatch.setattr(turn_view, "render_dice_card", lambda result, *a: fake.drawn.append("card"))
    seen: list[str] = []

    def events() -> Any:
        yield TurnEvent("result", result=object())  # type: ignore[arg-type]
        seen.append(fake.drawn[-1])  # the card is drawn; the model has not begun the story
        yield TurnEvent("narration", text="You strike. It works. ")

    render_stream(events(), None)
    assert fake.drawn[0] == "caption: Thinking…" and seen == ["card"]
    assert fake.drawn.index("") > fake.drawn.index("card")  # "Thinking…" cleared only once the story began
