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
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from assistant.chat.chat_words import could_be_action, in_chat_words, meta_reply, no_action_reply, waits_first
from assistant.chat.choosing import DECLINE
from assistant.chat.classify import classify
from assistant.chat.clock_finder import check_new_clock
from assistant.chat.commands import CHARACTER_USAGE, Command
from assistant.chat.help_text import parse_for, system_help
from assistant.chat.lookups import LookupsMixin
from assistant.chat.moves_info import oracle_move, yes_chance
from assistant.chat.naming import NAMED_NOTE, bare_name
from assistant.chat.roll_command import RollCommandMixin
from assistant.chat.sheet_answers import sheet_question
from assistant.chat.sheet_view import clocks_text, info_text
from assistant.chat.track_finder import typed_track
from assistant.chat.turn import Turn, TurnEvent, TurnStream, with_notes
from assistant.chat.turn import finish as _finish
from assistant.config import Settings, load_settings
from assistant.engine import AssistantError, InputError
from assistant.engine.character_edit import Edit
from assistant.inputs import MAX_MESSAGE, clean_text, printable
from assistant.store.followups import StaleEventError

log = logging.getLogger(__name__)

#: A message that is only a number ("1", "#2", "3."): a pick from a list, never an action.
_PICK = re.compile(r"\s*#?\s*\d{1,2}\s*[.)]?\s*")
_SIGNED = re.compile(r"\s*[+-]\s*\d{1,2}\s*")
"""A signed number alone ("+1"): a bonus with no move; read as an answer only where a question asks for a number."""


class ChatSession(RollCommandMixin, LookupsMixin):
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

    # ---- a message --------------------------------------------------------------------------------
    def _message(self, text: str) -> TurnStream:
        text = clean_text(text, "Your message", max_chars=MAX_MESSAGE)  # refused before anything is stored
        c = classify(text, self.system)
        if c.kind == "command" and c.text.strip().lower() == "choose" and (waiting := self._choice_open_note()):
            return (yield from _finish(Turn(kind="meta", player_text=text, narration=waiting, narrator="template")))
        if c.kind == "command":
            parse_for(self.system, c.text)  # a bad command changes nothing, not even the open question
        reply = self._reply(text, c.kind)
        if reply is not None:
            return (yield from reply)
        raw = self._state.pending_question
        notes = self._set_aside()
        if c.kind == "action" and not _PICK.fullmatch(c.text) and self._picked_in_words(c.text) is None:
            notes += [n for n in [self._choice_open_note()] if n]
        try:
            return (yield from with_notes(self._message_body(text, c), notes))
        except AssistantError:
            self._reopen(raw, notes)
            raise

    def _message_body(self, text: str, c: Any) -> TurnStream:
        if c.kind in ("action", "meta") and DECLINE.fullmatch(c.text) and self._open_choice():
            self._say("user", text)
            return (yield from self._decline())
        if c.kind == "action" and _PICK.fullmatch(c.text) and self._last_intent and self._suggestions:
            # the moves just offered for a new action come before an older move's open choice
            return (yield from self._pick_suggestion(int(c.text.strip(" .)#")), text))
        if c.kind == "action" and (name := self._first_name(c.text)):  # "Kira Vance" typed first: the name
            self._say("user", text)
            return (yield from with_notes(self._command(parse_for(self.system, f"/set name {name}")), [NAMED_NOTE]))
        if c.kind == "action":
            picks = self._picked_in_words(c.text)
            if picks is not None:
                self._say("user", text)
                return (yield from self._choose(picks, None))
            if (coin := self._coin_on_last(c.text)) is not None:  # "spend 1 coin": on the last downtime roll
                self._say("user", text)
                return (yield from self._spend_coin(*coin))
            ranked = self._new_track_ranked(c.text)
            if ranked is not None:
                self._say("user", text)
                return (yield from self._rerank(*ranked))
            if _PICK.fullmatch(c.text):
                return (yield from self._pick_suggestion(int(c.text.strip(" .)#")), text))
        if c.kind == "command":
            command = parse_for(self.system, c.text)  # parse before anything is stored: a bad command changes nothing
            self._say("user", text)
            return (yield from self._command(command))
        if c.kind == "action" and _SIGNED.fullmatch(c.text):  # "+1" with no question open: no action, nothing stored
            waiting = len(self._suggestions) if self._last_intent else 0
            then = f"; to roll one of the moves offered, type its number (1 to {waiting})" if waiting else ""
            said = (
                f"“{c.text.strip()}” alone plays nothing: a bonus goes with its move (“/roll <move> +stat {c.text.strip()}”), "
                f"or tell me what your character does{then}."
            )
            return (yield from _finish(Turn(kind="meta", player_text=text, narration=said, narrator="template")))
        if not c.text:
            return (
                yield from _finish(
                    Turn(kind="meta", narration=meta_reply(self.system) + system_help(self.system), narrator="template")
                )
            )
        if (
            c.kind == "action"
            and not sheet_question(c.text, self.system)
            and not could_be_action(
                c.text, self.system, tuple(str(ch.get("name") or cid) for cid, ch in self._state.characters.items())
            )
        ):
            return (yield from self._no_action(c.text))
        self._say("user", text)
        if c.kind == "meta":
            return (
                yield from _finish(
                    Turn(
                        kind="meta",
                        player_text=text,
                        narration=waits_first(self._choice_open_note()) + meta_reply(self.system) + system_help(self.system),
                        narrator="template",
                    )
                )
            )
        if c.kind == "rules" or sheet_question(c.text, self.system):  # "whats our heat at": the sheet answers
            return (yield from self._rules(c.text, record_question=False))
        if c.kind == "oracle":
            return (yield from self._oracle_question(c))
        return (yield from self._action(c.text))

    def _no_action(self, text: str) -> TurnStream:
        """A line that is no action, question or command ("banana", "asdf"): what to type; nothing stored."""
        waiting = len(self._suggestions) if self._last_intent else 0
        said = (
            f"To roll one of the moves offered, type its number (1 to {waiting}); or tell me what your character does next."
            if waiting
            else self._choice_open_note() or self._offered_next() or no_action_reply(text, self.system)
        )
        return (yield from _finish(Turn(kind="meta", player_text=text, narration=said, narrator="template")))

    def _first_name(self, text: str) -> str | None:
        """The name a bare name typed while the character has none and no move was played yet is (else None)."""
        if (self._state.active() or {}).get("name") or self._state.moves:
            return None
        return bare_name(text)

    def _pick_suggestion(self, number: int, text: str) -> TurnStream:
        """A bare number picks that suggestion for the action still waiting; it is never an action itself."""
        offered = list(self._suggestions) if self._last_intent else []
        if not offered:
            raise InputError(
                "A number picks one of the moves suggested for your action, and none is waiting now"
                " (a rolled action is done: /undo takes it back). Tell me what your character does."
            )
        if not 1 <= number <= len(offered):
            raise InputError(f"Pick a suggested move by its number, 1 to {len(offered)}.")
        self._say("user", text)
        return (yield from self._confirm(offered[number - 1], stat=None, adds=None, burn=None))

    def _meter_on_another(self, typed: str) -> None:
        """ "/meter Mara: blood -1": /meter changes the one playing, so another's meter is set by name instead."""
        who, colon, meter = typed.partition(":")
        if colon and self._names_character(who):
            key = who.strip().lower()
            chars = self._state.characters.items()
            name = next((str(c["name"]) for cid, c in chars if key in (cid.lower(), str(c.get("name", "")).lower())), who)
            raise InputError(
                f"/meter changes the one playing. To change {name}'s {meter.strip()}, set it: "
                f"/set {name}: {meter.strip()} <value>."
            )

    def _command(self, command: Command) -> TurnStream:
        a = command.args
        name = command.name
        if name in ("set", "add", "remove", "meter", "progress", "track") or (name == "clock" and a):
            # a change stored over the roll would put its required pick out of reach
            self._refuse_pick_waiting(doing="changing the sheet, a track or a clock")
        if name in CHARACTER_USAGE:
            return (yield from self._character_command(name, a["value"], f"/{command.text}"))
        if name == "roll":
            return (yield from self._roll_command(a))
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
        offered = list(self._suggestions) if self._last_intent else []
        if name == "choose" and offered and _PICK.fullmatch(" ".join(a["options"])):
            return (yield from self._choose_offered(int(" ".join(a["options"]).strip(" .)#")), offered))
        if name == "choose":
            return (yield from self._choose(a["options"], None))
        if name == "burn":
            return (yield from self._burn(None))
        if name == "progress":
            return (yield from self._progress(a["track"], a["times"]))
        if name == "meter":
            self._meter_on_another(a["meter"])
            return (
                yield from self._tool(
                    "adjust_meter", {"meter": a["meter"], "delta": a["delta"], "reason": a["reason"]}, f"/{command.text}"
                )
            )
        if name == "track" and not a:
            return (yield from self._progress(None, 1))
        if name == "track":
            track = {**typed_track(self.system, a["name"]), "rank": a["rank"]}  # "/track formidable fight The raider"
            return (yield from self._tool("start_track", track, f"/{command.text}"))
        if name == "clock" and "by" in a:
            return (yield from self._clock_step(a["name"], a["by"], f"/{command.text}"))
        if name == "clock" and not a:
            return (
                yield from self._shown(Turn(kind="command", player_text="/clock", narrator="template", narration=self._clocks()))
            )
        if name == "clock":
            check_new_clock(self._state, a["name"])
            return (yield from self._tool("start_clock", {"name": a["name"], "segments": a["segments"]}, f"/{command.text}"))
        return (
            yield from self._shown(
                Turn(kind="command", player_text=f"/{command.text}", narrator="template", narration=self._info(name))
            )
        )

    def _shown(self, turn: Turn) -> TurnStream:
        """A command's answer that changed nothing (/sheet, /clock, /help), kept in the log as the chat's reply: after
        a reload the player still sees what they typed and what it showed, as at the time."""
        self._say("assistant", turn.narration)
        return (yield from _finish(turn))

    def _clocks(self) -> str:
        return clocks_text(self._state)

    def _info(self, name: str) -> str:
        return info_text(name, self.system, self._state)


__all__ = ["ChatSession", "oracle_move", "yes_chance"]
