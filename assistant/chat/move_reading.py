"""Reading what a move needs from the player's words, and asking for it when they do not say it: the question a
move's data asks before it resolves (Payoff: how much coin), a value the engine asks for read from the words, or a
question kept in the campaign's log until answered."""

from __future__ import annotations

from typing import Any

from assistant.chat.suggesting import SuggestingMixin
from assistant.chat.turn import Turn, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.engine import AssistantError, get_ruleset
from assistant.store import service


class MoveReadingMixin(SuggestingMixin):
    """What a move needs, read from the words or asked."""

    def _ask_first(self, request: dict[str, Any], intent: str, read: list[str]) -> Any:
        """A question the move's data says to ask before it resolves (Payoff: how much coin), or None."""
        from assistant.chat.questions import asked_before
        from assistant.chat.reading import asks_for

        try:
            move = get_ruleset(self.system).find_move(str(request.get("move") or ""))
        except AssistantError:
            return None
        for ask in asks_for(self.system, move.id, dict(request.get("options") or {})):
            question = asked_before(ask, request, self._state, intent=intent, read=read)
            if question is not None:
                return question
        return None

    def _read_words(self, text: str, request: dict[str, Any]) -> Any:
        """What the player's words say about the move's values (see :mod:`assistant.chat.reading`)."""
        from assistant.chat.reading import Reading, read_words
        from assistant.chat.tie_reading import with_tie

        if not text:
            return Reading()
        given = dict(request.get("options") or {})
        reading = read_words(text, str(request.get("move") or ""), self._state, given)
        try:
            move = get_ruleset(self.system).find_move(str(request.get("move") or ""))
        except AssistantError:
            return reading
        return with_tie(reading, text, move, self._state, given)

    def _read_missing(self, error: AssistantError, request: dict[str, Any], text: str) -> tuple[dict[str, Any], str] | None:
        """The request with the value ``error`` asks for, when the player's words say it (and it was not given)."""
        from assistant.chat.reading import read_missing

        options = dict(request.get("options") or {})
        if not error.missing or error.missing in options or not text:
            return None
        reading = read_missing(text, str(request.get("move") or ""), self._state, error.missing)
        if not reading.options:
            return None
        return {**request, "options": {**options, **reading.options}}, reading.note()

    def _ask_instead(self, error: AssistantError, request: dict[str, Any], player_text: str, read: list[str]) -> Any:
        """The question that asks for what ``error`` says is missing, or None (the error stands)."""
        from assistant.chat.questions import question_for

        return question_for(self._as_theirs(error, request), request, self._state, intent=player_text, read=read)  # Mara's harm

    def _ask(self, question: Any, *, notes: list[str] | None = None, lead: str = "") -> TurnStream:
        """Ask ``question``: kept in the campaign's log (a reload keeps it) until answered or set aside."""
        service.ask_question(self.campaign, question.to_dict(), store=self.store)
        text = (lead + "\n\n" if lead else "") + question.prompt()
        self._say("assistant", text)
        return (
            yield from _finish(
                Turn(
                    kind="question",
                    player_text=question.intent,
                    narration=text,
                    narrator="template",
                    # the moves offered for the player's words stay on offer; after a button (no words) they are spent
                    suggestions=list(self._suggestions) if self._last_intent else [],
                    notes=list(notes if notes is not None else question.read),
                    question=question,
                )
            )
        )
