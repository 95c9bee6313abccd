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
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from assistant.chat.classify import classify
from assistant.chat.commands import Command, help_text, parse_command
from assistant.chat.following import FollowingMixin
from assistant.chat.lookups import LookupsMixin
from assistant.chat.moves_info import oracle_move, yes_chance
from assistant.chat.turn import Turn, TurnEvent, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.config import Settings, load_settings
from assistant.engine import AssistantError, get_ruleset
from assistant.store.followups import StaleEventError

log = logging.getLogger(__name__)

META_REPLY = (
    'Tell me what your character does ("I slip past the sentry") and I\'ll suggest the moves that fit, with their '
    'odds; confirm one to roll it. Ask a rules question ("what happens when momentum is negative?") for cited '
    'rules, or a yes/no question about the story ("Is the station abandoned?") for the oracle.\n\n'
)


class ChatSession(FollowingMixin, LookupsMixin):
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
            from assistant.narrate import make_chat_model

            kwargs["chat_model"] = make_chat_model(settings, streaming=True)
            kwargs.setdefault("planner_model", make_chat_model(settings, streaming=False))
        return cls(campaign, settings=settings, narrator=narrator, store=store, auto_roll=auto_roll, style=style, **kwargs)

    # ---- public turns (each also has a streaming form) --------------------------------------------
    def send(self, text: str) -> Turn:
        return self._drain(self.stream(text))

    def stream(self, text: str) -> Iterator[TurnEvent]:
        return self._guarded(lambda: self._message(text), player_text=text)

    def confirm(
        self, suggestion_or_request: Any, *, stat: str | None = None, adds: int | None = None, burn: bool | None = None
    ) -> Turn:
        return self._drain(self.stream_confirm(suggestion_or_request, stat=stat, adds=adds, burn=burn))

    def stream_confirm(
        self, suggestion_or_request: Any, *, stat: str | None = None, adds: int | None = None, burn: bool | None = None
    ) -> Iterator[TurnEvent]:
        return self._guarded(lambda: self._confirm(suggestion_or_request, stat=stat, adds=adds, burn=burn))

    # Follow-ups name the event they act on (``event_seq``, e.g. the ``Turn.event_seq`` the player saw; default:
    # the last action this player knows of). Another writer's action in between makes them a ``conflict`` error.
    def choose(self, option_ids: Sequence[str] | str, *, event_seq: int | None = None) -> Turn:
        picks = [option_ids] if isinstance(option_ids, str) else list(option_ids)
        return self._drain(self._guarded(lambda: self._choose(picks, event_seq)))

    def undo(self, *, event_seq: int | None = None) -> Turn:
        return self._drain(self._guarded(lambda: self._undo(event_seq)))

    def burn(self, *, event_seq: int | None = None) -> Turn:
        """Burn momentum on the last move when that improves it (Starforged; same dice)."""
        return self._drain(self._guarded(lambda: self._burn(event_seq)))

    def oracle(self, question: str, odds: str = "50/50") -> Turn:
        return self._drain(self._guarded(lambda: self._oracle(question, odds), player_text=question))

    def roll_table(self, table: str) -> Turn:
        return self._drain(self._guarded(lambda: self._table(table)))

    def pay_the_price(self) -> Turn:
        return self._drain(self._guarded(self._pay_the_price))

    def roll_dice(self, notation: str) -> Turn:
        return self._drain(self._guarded(lambda: self._dice(notation)))

    def ask_rules(self, question: str, system: str | None = None) -> Turn:
        """Answer a rules question from the campaign's system (``system="all"``: every system's texts)."""
        return self._drain(self._guarded(lambda: self._rules(question, system=system), player_text=question))

    # ---- plumbing ---------------------------------------------------------------------------------
    @staticmethod
    def _drain(events: Iterator[TurnEvent]) -> Turn:
        turn: Turn | None = None
        for event in events:
            if event.kind == "done":
                turn = event.turn
        assert turn is not None
        return turn

    def _guarded(self, body: Callable[[], TurnStream], player_text: str = "") -> Iterator[TurnEvent]:
        """Run a turn; any error becomes an ``error`` turn (the player sees what to do, nothing breaks)."""
        try:
            yield from body()
        except AssistantError as exc:
            if isinstance(exc, StaleEventError):
                self.known.catch_up(exc.undo_stack)  # the message told the player what is there now
            yield TurnEvent("done", turn=Turn(kind="error", player_text=player_text, error=str(exc), narration=str(exc)))
        except Exception:  # noqa: BLE001 - the page must never crash on what a player types
            log.exception("unexpected error in a chat turn")
            message = "Something went wrong on our side; nothing was changed. Please try again."
            yield TurnEvent("done", turn=Turn(kind="error", player_text=player_text, error=message, narration=message))
        finally:
            self.appended = self.store.take()
            self.known.observe(self.appended)
            try:
                self.reload()
            except AssistantError:  # pragma: no cover - the campaign vanished under us
                log.exception("could not reload the campaign")

    # ---- a message --------------------------------------------------------------------------------
    def _message(self, text: str) -> TurnStream:
        c = classify(text, self.system)
        if c.kind == "command":
            command = parse_command(c.text)  # parse before anything is stored: a bad command changes nothing
            self._say("user", text)
            return (yield from self._command(command))
        if not c.text:
            return (yield from _finish(Turn(kind="meta", narration=META_REPLY + help_text(), narrator="template")))
        self._say("user", text)
        if c.kind == "meta":
            return (
                yield from _finish(Turn(kind="meta", player_text=text, narration=META_REPLY + help_text(), narrator="template"))
            )
        if c.kind == "rules":
            return (yield from self._rules(c.text, record_question=False))
        if c.kind == "oracle":
            return (yield from self._oracle_question(c))
        return (yield from self._action(c.text))

    def _command(self, command: Command) -> TurnStream:
        a = command.args
        name = command.name
        if name == "roll":
            request = {"move": a["move"], "adds": a["adds"], "options": a["options"]}
            if a["stat"]:
                request["stat"] = a["stat"]
            return (yield from self._resolve(request, player_text=self._last_intent))
        if name == "oracle":
            return (yield from self._oracle(a["question"], a["odds"]))
        if name == "table":
            return (yield from self._table(a["value"]))
        if name == "price":
            return (yield from self._pay_the_price())
        if name == "dice":
            return (yield from self._dice(a["value"]))
        if name == "ask":
            return (yield from self._rules(a["value"], record_question=False))
        if name == "undo":
            return (yield from self._undo(None))
        if name == "choose":
            return (yield from self._choose(a["options"], None))
        if name == "burn":
            return (yield from self._burn(None))
        if name == "progress":
            return (yield from self._progress(a["track"], a["times"]))
        if name == "meter":
            return (
                yield from self._tool(
                    "adjust_meter", {"meter": a["meter"], "delta": a["delta"], "reason": a["reason"]}, f"/{command.text}"
                )
            )
        if name == "track":
            track = {"name": a["name"], "rank": a["rank"]}
            return (yield from self._tool("start_track", track, f"/{command.text}"))
        if name == "clock":
            return (yield from self._tool("start_clock", {"name": a["name"], "segments": a["segments"]}, f"/{command.text}"))
        return (
            yield from _finish(
                Turn(kind="command", player_text=f"/{command.text}", narrator="template", narration=self._info(name))
            )
        )

    def _info(self, name: str) -> str:
        if name == "help":
            return help_text()
        ruleset = get_ruleset(self.system)
        if name == "moves":
            by_category: dict[str, list[str]] = {}
            for move in ruleset.moves:
                by_category.setdefault(move.category, []).append(move.name)
            return "\n".join(f"{cat}: {', '.join(names)}" for cat, names in by_category.items())
        if name == "tables":
            return "\n".join(f"{t.id}: {t.name}" for t in ruleset.tables.values()) or f"{self.system} has no tables."
        character = self._state.active() or {}
        stats = character.get("stats", {})
        lines = [f"{character.get('name', 'Your character')} ({self.system})"]
        if stats:
            lines.append("Stats: " + ", ".join(f"{k} {v}" for k, v in stats.items()))
        meters = [f"{m} {character[m]}" for m in ruleset.sheet.meters if m in character]
        if meters:
            lines.append("Meters: " + ", ".join(meters))
        if character.get("impacts"):
            lines.append("Impacts: " + ", ".join(character["impacts"]))
        for track in self._state.tracks.values():
            lines.append(f"Track: {track.get('name')} ({track.get('rank')}) {track.get('ticks', 0) // 4}/10 boxes")
        for clock in self._state.clocks.values():
            lines.append(f"Clock: {clock.get('name')} {clock.get('filled', 0)}/{clock.get('segments')}")
        return "\n".join(lines)


__all__ = ["ChatSession", "oracle_move", "yes_chance"]
