"""A chat session over one campaign: classify → (suggest/plan) → engine → narrate → guard → store.

Usage::

    session = ChatSession.open("iron-saga")
    turn = session.send("I slip past the sentry")         # suggestions, nothing rolled yet
    turn = session.confirm(turn.suggestions[0])            # the engine rolls; guarded narration
    for event in session.stream("/oracle likely Is the station abandoned?"):
        ...                                                # result, narration chunks, replace, done

Every public method returns a :class:`Turn` and never raises on bad input: an error is a ``Turn`` of kind
``error`` whose message says what to do, and nothing was changed. Each turn is stored in the campaign's log
(the player's message, the move, the narration shown), so a reload loses nothing.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from assistant.chat.chat_words import in_chat_words
from assistant.chat.messages import MessagesMixin
from assistant.chat.moves_info import oracle_move, yes_chance
from assistant.chat.turn import Turn, TurnEvent, TurnStream
from assistant.config import Settings, load_settings
from assistant.engine import AssistantError
from assistant.engine.character_edit import Edit
from assistant.inputs import MAX_MESSAGE, printable
from assistant.store.followups import StaleEventError

log = logging.getLogger(__name__)


class ChatSession(MessagesMixin):
    """One player's conversation with one campaign (see the module docstring)."""

    # ---- construction ---------------------------------------------------------------------------
    @classmethod
    def open(
        cls,
        campaign: str,
        *,
        settings: Settings | None = None,
        narrator: Any = None,
        store: Any = None,
        auto_roll: bool = False,
        style: str = "vivid",
        **kwargs: Any,
    ) -> ChatSession:
        """Open a session on an existing campaign. With an LLM endpoint configured (and no ``narrator`` given),
        narration and move planning use it; otherwise everything is offline."""
        settings = settings or load_settings()
        if narrator is None and kwargs.get("chat_model") is None and settings.llm.enabled:
            from assistant.llm import chat_model
            from assistant.narrate import make_chat_model

            kwargs["chat_model"] = make_chat_model(settings, streaming=True)
            kwargs.setdefault("planner_model", chat_model(settings, task="plan"))
            kwargs.setdefault("rules_model", chat_model(settings, task="rules"))
        return cls(campaign, settings=settings, narrator=narrator, store=store, auto_roll=auto_roll, style=style, **kwargs)

    # ---- public turns (each also has a streaming form) --------------------------------------------
    def send(self, text: str) -> Turn:
        return self._drain(self.stream(text))

    def stream(self, text: str) -> Iterator[TurnEvent]:
        shown = printable(text[:MAX_MESSAGE]) if isinstance(text, str) else ""
        return self._guarded(lambda: self._message(text), player_text=shown)

    def refine(self) -> Turn:
        """The last action's suggestions as the LLM's plan refined them, once it arrives (never past the player's
        timeout plus a little). Without a plan on its way, an empty ``action`` turn. Changes nothing."""
        return self._drain(self._guarded(self._refine, keep_plan=True))

    def confirm(
        self, suggestion_or_request: Any, *, stat: str | None = None, adds: int | None = None, burn: bool | None = None
    ) -> Turn:
        return self._drain(self.stream_confirm(suggestion_or_request, stat=stat, adds=adds, burn=burn))

    def stream_confirm(
        self, suggestion_or_request: Any, *, stat: str | None = None, adds: int | None = None, burn: bool | None = None
    ) -> Iterator[TurnEvent]:
        return self._guarded(
            lambda: self._moving_on(lambda: self._confirm(suggestion_or_request, stat=stat, adds=adds, burn=burn))
        )

    # Follow-ups name the event they act on (``event_seq``, e.g. the ``Turn.event_seq`` the player saw; default:
    # the last action this player knows of). Another writer's action in between makes them a ``conflict`` error.
    def choose(self, option_ids: Sequence[str] | str, *, event_seq: int | None = None) -> Turn:
        picks = [option_ids] if isinstance(option_ids, str) else list(option_ids)
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._choose(picks, event_seq))))

    def answer(self, value: Any) -> Turn:
        """Answer the open question (:attr:`pending_question`): one of its answers' values, or the player's words."""
        return self._drain(self._guarded(lambda: self._answer(value)))

    def undo(self, *, event_seq: int | None = None) -> Turn:
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._undo(event_seq))))

    def burn(self, *, event_seq: int | None = None) -> Turn:
        """Burn momentum on the last move when that improves it (Starforged; same dice)."""
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._burn(event_seq))))

    def oracle(self, question: str, odds: str = "50/50") -> Turn:
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._oracle(question, odds)), player_text=question))

    def roll_table(self, table: str) -> Turn:
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._table(table))))

    def pay_the_price(self) -> Turn:
        return self._drain(self._guarded(lambda: self._moving_on(self._pay_the_price)))

    def roll_dice(self, notation: str) -> Turn:
        return self._drain(self._guarded(lambda: self._moving_on(lambda: self._dice(notation))))

    def ask_rules(self, question: str, system: str | None = None) -> Turn:
        """Answer a rules question from the campaign's system (``system="all"``: every system's texts)."""
        return self._drain(
            self._guarded(lambda: self._moving_on(lambda: self._rules(question, system=system)), player_text=question)
        )

    # Characters: checked against the system's sheet (the text's bounds); a refusal changes nothing.
    def create_character(self, character: Mapping[str, Any] | None = None, *, play: bool = False) -> Turn:
        """Add a character (a companion, an opponent); it plays only with ``play=True``."""
        return self._drain(self._guarded(lambda: self._create_character(character, play)))

    def edit_character(self, edits: Mapping[str, Any] | Sequence[Edit], *, character: str | None = None) -> Turn:
        """Change fields of a character (default: the one playing): ``{"edge": 3}`` or :class:`Edit` s (a list
        field's ``add``/``remove``)."""
        return self._drain(self._guarded(lambda: self._edit_character(edits, character)))

    # ---- plumbing ---------------------------------------------------------------------------------
    @staticmethod
    def _drain(events: Iterator[TurnEvent]) -> Turn:
        turn: Turn | None = None
        for event in events:
            if event.kind == "done":
                turn = event.turn
        assert turn is not None
        return turn

    def _guarded(self, body: Callable[[], TurnStream], player_text: str = "", keep_plan: bool = False) -> Iterator[TurnEvent]:
        """Run a turn; any error becomes an ``error`` turn (the player sees what to do, nothing breaks). A new
        turn drops the last action's plan if it has not been collected (the player moved on)."""
        self.turn_started = time.monotonic()  # a narration's deadline counts from here, not from when it begins
        if not keep_plan and self._pending_plan is not None:
            self._pending_plan.drop()
            self._pending_plan = None
        refused = True  # until the body runs through: the player's line of a refused turn is not logged
        stream, finished = body(), None
        try:
            for event in stream:
                finished = event.turn if event.kind == "done" else finished
                yield event
            refused = False
        except GeneratorExit:  # the page stopped reading after the turn was shown: it went through
            refused = False
            raise
        except AssistantError as exc:
            if isinstance(exc, StaleEventError):
                self.known.catch_up(exc.undo_stack)  # the message told the player what is there now
            # the moves suggested for the action still waiting stay on offer (another one may do)
            waiting = list(self._suggestions) if self._last_intent else []
            said = in_chat_words(str(exc))
            turn = Turn(kind="error", player_text=player_text, error=said, narration=said, suggestions=waiting)
            yield TurnEvent("done", turn=turn)
        except Exception:  # noqa: BLE001 - the page must never crash on what a player types
            log.exception("unexpected error in a chat turn")
            message = "Something went wrong on our side; nothing was changed. Please try again."
            yield TurnEvent("done", turn=Turn(kind="error", player_text=player_text, error=message, narration=message))
        finally:
            stream.close()  # a page that stopped reading: the move's own clean-up runs now
            self._end_turn(finished, refused=refused)
            try:
                self.reload()
            except AssistantError:  # pragma: no cover - the campaign vanished under us
                log.exception("could not reload the campaign")


__all__ = ["ChatSession", "oracle_move", "yes_chance"]
