"""Narration with a scripted model: its drafts given in turn, run through the chat's guarded narration; and the
engine's opening of a model-narrated move (the player's words as an attempt and a line for the outcome's tier, shown
before the model's story: :func:`assistant.narrate.story_facts.move_opening`) told apart from the model's story."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from assistant.chat.narration import guarded_narration
from assistant.narrate import NarrationRequest
from assistant.narrate.outcome_prose import TONES


class Scripted:
    """A model that writes the given drafts in turn, streamed word by word; records each request."""

    name = "scripted"

    def __init__(self, *texts: str) -> None:
        self.texts = list(texts)
        self.requests: list[NarrationRequest] = []

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        self.requests.append(request)
        yield from (w + " " for w in self.texts.pop(0).split(" "))


def narrate(narrator: Any, request: NarrationRequest) -> Any:
    """The :class:`~assistant.chat.narration.NarrationOutcome` of ``request`` narrated by ``narrator`` under the guard."""
    gen = guarded_narration(request, narrator)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        return stop.value


def split_opening(text: str, family: str) -> tuple[str, str]:
    """The opening (ending with a line of ``family``'s tone: "strong", "weak" or "miss") and the model's story after it."""
    for line in TONES[family]:
        head, sep, rest = text.partition(line)
        if sep and head.count(".") <= 2:
            return (head + sep).strip(), rest.strip()
    raise AssertionError(f"no {family} opening in {text!r}")
