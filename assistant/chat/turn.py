"""What one chat turn produced (:class:`Turn`) and the events a streamed turn emits (:class:`TurnEvent`)."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, Literal

from assistant.engine.model import Choice, FollowUp, Result

TurnKind = Literal["action", "rules", "oracle", "command", "meta", "question", "error"]
NarratorName = Literal["template", "llm", "llm-retry", "template-fallback", "none"]


@dataclass
class Turn:
    """Everything one turn decided and showed. The UI draws it; the CLI prints it; tests read it."""

    kind: TurnKind
    player_text: str = ""
    results: list[Result] = field(default_factory=list)
    """What the engine resolved this turn, in order."""
    narration: str = ""
    """The text shown to the player (already checked by the guard)."""
    narrator: NarratorName = "none"
    violations: list[Any] = field(default_factory=list)
    """Guard violations found on the way (in discarded attempts too); see ``assistant.guard.Violation``."""
    suggestions: list[Any] = field(default_factory=list)
    """Moves that fit an action (``assistant.suggest.Suggestion``), best first; confirm one to roll it."""
    answer: Any = None
    """A rules answer (``rules_index.qa.Answer``) for rules questions."""
    citations: list[str] = field(default_factory=list)
    context_tokens: int | None = None
    """Prompt tokens sent to the LLM narrator this turn (None when narration was offline)."""
    context_report: dict[str, Any] | None = None
    error: str | None = None
    event_seq: int | None = None
    """The campaign event this turn appended (the move), if any."""
    open_choices: list[Choice] = field(default_factory=list)
    follow_ups: list[FollowUp] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    refining: bool = False
    """The LLM is planning this action in the background: ``ChatSession.refine()`` returns the refined suggestions."""
    question: Any = None
    """The question this turn asks (``assistant.chat.questions.Question``): the move waits for its answer."""

    @property
    def ok(self) -> bool:
        return self.kind != "error"

    def to_dict(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if hasattr(value, "to_dict"):
                return value.to_dict()
            if hasattr(value, "as_dict"):
                return value.as_dict()
            return value

        return {
            "kind": self.kind,
            "player_text": self.player_text,
            "results": [r.to_dict() for r in self.results],
            "narration": self.narration,
            "narrator": self.narrator,
            "violations": [plain(v) for v in self.violations],
            "suggestions": [plain(s) for s in self.suggestions],
            "answer": plain(self.answer) if self.answer is not None else None,
            "citations": list(self.citations),
            "context_tokens": self.context_tokens,
            "context_report": self.context_report,
            "error": self.error,
            "event_seq": self.event_seq,
            "open_choices": [c.model_dump(mode="json") for c in self.open_choices],
            "follow_ups": [f.model_dump(mode="json") for f in self.follow_ups],
            "notes": list(self.notes),
            "refining": self.refining,
            "question": plain(self.question) if self.question is not None else None,
        }


@dataclass(frozen=True)
class TurnEvent:
    """One step of a streamed turn.

    ``result``: the engine decided (``result``); ``narration``: a guarded chunk of text to append;
    ``replace``: the text shown so far is replaced by ``text`` (a retry or the offline fallback);
    ``done``: the finished :class:`Turn`.
    """

    kind: Literal["result", "narration", "replace", "done"]
    text: str = ""
    result: Result | None = None
    turn: Turn | None = None


TurnStream = Generator[TurnEvent, None, Turn]
"""A turn as it happens: events (result, narration chunks, ...), returning the finished :class:`Turn`."""


def finish(turn: Turn) -> TurnStream:
    """End a turn stream with ``turn``."""
    yield TurnEvent("done", turn=turn)
    return turn


def with_notes(stream: TurnStream, notes: list[str]) -> TurnStream:
    """``stream`` with ``notes`` put first on its finished turn (before the turn is handed on)."""
    if not notes:
        return (yield from stream)
    while True:
        try:
            event = next(stream)
        except StopIteration as stop:
            return stop.value
        if event.kind == "done" and event.turn is not None:
            event.turn.notes[:0] = notes
        yield event
