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

import contextlib
import logging
import random
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any

from assistant.chat.classify import Classification, classify
from assistant.chat.commands import Command, help_text, parse_command
from assistant.chat.narration import NarrationOutcome, guarded_narration
from assistant.chat.turn import Turn, TurnEvent
from assistant.config import Settings, load_settings
from assistant.engine import AssistantError, InputError, Result, RulesError, get_ruleset
from assistant.store import service
from assistant.store.followups import KnownLog, RecordingStore, StaleEventError, describe
from assistant.store.state import CampaignState

log = logging.getLogger(__name__)

HISTORY_TURNS = 8
META_REPLY = (
    'Tell me what your character does ("I slip past the sentry") and I\'ll suggest the moves that fit, with their '
    'odds; confirm one to roll it. Ask a rules question ("what happens when momentum is negative?") for cited '
    'rules, or a yes/no question about the story ("Is the station abandoned?") for the oracle.\n\n'
)

TurnStream = Generator[TurnEvent, None, Turn]


def _finish(turn: Turn) -> TurnStream:
    yield TurnEvent("done", turn=turn)
    return turn


class ChatSession:
    """One player's conversation with one campaign (see the module docstring)."""

    def __init__(
        self,
        campaign: str,
        *,
        settings: Settings | None = None,
        narrator: Any = None,
        store: Any = None,
        auto_roll: bool = False,
        style: str = "vivid",
        chat_model: Any = None,
        planner_model: Any = None,
        rng: random.Random | None = None,
        embedder: Any = None,
        budget_tokens: int = 1200,
        retrieve_rules: bool | None = None,
    ) -> None:
        self.campaign = campaign
        self.settings = settings or load_settings()
        self.store = RecordingStore(store)
        """The campaign store, remembering what this session appended (for :attr:`known`)."""
        self.auto_roll = auto_roll
        self.style = style
        self.rng = rng
        self.embedder = embedder
        self.budget_tokens = budget_tokens
        self.chat_model = chat_model
        self.planner_model = planner_model
        self.narrator = narrator or self._default_narrator()
        self.retrieve_rules = (getattr(self.narrator, "name", "") != "template") if retrieve_rules is None else retrieve_rules
        self._state = service.load_campaign(campaign, store=self.store)
        self.known = KnownLog(self._state)
        """The undo stack as this player knows it: /choose, /burn and /undo act on its top."""
        self.appended: list[Any] = []
        """The events the last turn appended (``StoredEvent``s), in order."""
        self._last_intent = ""

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

    def _default_narrator(self) -> Any:
        from assistant.narrate import LLMNarrator, TemplateNarrator

        if self.chat_model is not None:
            return LLMNarrator(self.chat_model, budget_tokens=self.budget_tokens)
        return TemplateNarrator()

    # ---- state ----------------------------------------------------------------------------------
    @property
    def state(self) -> CampaignState:
        return self._state

    @property
    def system(self) -> str:
        return self._state.system

    def reload(self) -> CampaignState:
        self._state = service.load_campaign(self.campaign, store=self.store)
        return self._state

    def history(self, limit: int = HISTORY_TURNS) -> list[tuple[str, str]]:
        """The last ``limit`` chat lines, narrations and moves (not undone), oldest first."""
        lines = [
            (e.role if e.kind == "chat" else ("narrator" if e.kind == "narration" else "engine"), e.text)
            for e in self._state.transcript
            if e.kind in {"chat", "narration", "move"} and not e.undone
        ]
        return lines[-limit:]

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

    def ask_rules(self, question: str) -> Turn:
        return self._drain(self._guarded(lambda: self._rules(question), player_text=question))

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

    def _say(self, role: str, text: str) -> None:
        if text.strip():
            service.append_chat(self.campaign, role, text.strip(), store=self.store)

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

    # ---- actions and suggestions ----------------------------------------------------------------
    def _suggest_context(self) -> Any:
        from assistant.suggest import SuggestContext

        character = self._state.active()
        position = (character or {}).get("position")
        crew = self._state.slots.get("crew", {})
        mode = crew.get("mode") if crew.get("mode") in ("downtime", "free_play") else None
        return SuggestContext(
            system=self.system,
            character=character,
            position=position if position in ("in_control", "bad_spot") else None,
            mode=mode,
        )

    def _action(self, text: str) -> TurnStream:
        from assistant.suggest import suggest

        self._last_intent = text
        suggestions = suggest(text, self._suggest_context(), k=3, embedder=self.embedder)
        notes: list[str] = []
        if self.planner_model is not None:
            suggestions, plan_notes = self._plan(text, suggestions)
            notes += plan_notes
        if not suggestions:
            return (
                yield from _finish(
                    Turn(
                        kind="action",
                        player_text=text,
                        narrator="template",
                        notes=notes,
                        narration="No move fits that yet. Describe what your character does, "
                        "or roll a move with /roll <move> +stat.",
                    )
                )
            )
        top = suggestions[0]
        if self.auto_roll and top.request:
            turn = yield from self._resolve(dict(top.request), player_text=text, odds=top.odds)
            turn.suggestions = suggestions
            turn.notes = notes + turn.notes
            return turn
        lines = ["Moves that fit:"]
        for s in suggestions:
            lines.append(f"- {s.move}{f' (+{s.stat})' if s.stat else ''}{_odds_line(s.odds)}")
        narration = "\n".join(lines) + "\n\nConfirm one to roll it."
        self._say("assistant", narration)
        return (
            yield from _finish(
                Turn(
                    kind="action",
                    player_text=text,
                    narration=narration,
                    narrator="template",
                    suggestions=suggestions,
                    notes=notes,
                )
            )
        )

    def _plan(self, text: str, suggestions: list[Any]) -> tuple[list[Any], list[str]]:
        """Let the LLM propose a move through its tools; a proposed roll leads the suggestions."""
        from assistant.chat.planner import PlanFailed, plan_turn

        try:
            plan = plan_turn(
                self.planner_model,
                player_text=text,
                system=self.system,
                state=self._state,
                suggestions=suggestions,
                history=self.history(),
            )
        except (PlanFailed, AssistantError) as exc:
            return suggestions, [f"The LLM could not plan this turn ({exc}); the suggestions are offline."]
        notes = [f"Rejected tool call: {err}" for _call, err in plan.rejected]
        proposed: list[Any] = []
        for action in plan.actions:
            if action.tool == "roll_move" and action.request:
                proposed.append(_suggestion_from_request(action.request, self.system, self._state, action.summary))
            else:
                notes.append(f"The narrator proposes: {action.summary} (use the matching /command to apply it).")
        keys = {s.move_id for s in proposed}
        return proposed + [s for s in suggestions if s.move_id not in keys], notes

    def _confirm(self, chosen: Any, *, stat: str | None, adds: int | None, burn: bool | None) -> TurnStream:
        if hasattr(chosen, "request"):
            request = dict(chosen.request or {})
            odds = getattr(chosen, "odds", None)
        elif isinstance(chosen, Mapping):
            request, odds = dict(chosen), None
        else:
            raise InputError('Confirm a suggested move, or a request like {"move": "Face Danger", "stat": "edge"}.')
        if not request.get("move"):
            raise InputError("That suggestion has no move to roll; pick another or use /roll <move> +stat.")
        if stat is not None:
            request["stat"] = stat
        if adds is not None:
            request["adds"] = adds
        if burn is not None:
            request["options"] = {**(request.get("options") or {}), "burn": burn}
            if not burn:
                request["options"].pop("burn")
        if stat is not None or adds is not None or burn is not None:
            odds = None  # the suggestion's odds were for another stat/adds
        intent = self._last_intent or str(request["move"])
        move = (
            get_ruleset(self.system).find_move(str(request["move"]))
            if not str(request["move"]).startswith(("table:", "roll:"))
            else None
        )
        if move is not None and move.roll.type == "oracle":
            # a suggested oracle move: ask the player's words as the question, at the odds they name (or 50/50)
            from assistant.chat.classify import odds_in

            options = dict(request.get("options") or {})
            options.setdefault("odds", odds_in(intent) or "50/50")
            request["options"] = options
            return (yield from self._resolve(request, player_text=intent, task="oracle", question=intent))
        return (yield from self._resolve(request, player_text=intent, odds=odds))

    # ---- the engine, then narration ------------------------------------------------------------
    def _resolve(
        self,
        request: dict[str, Any],
        *,
        player_text: str,
        odds: Any = None,
        task: str | None = None,
        question: str = "",
        say: str | None = None,
        redo: tuple[int, dict[str, Any], str] | None = None,
    ) -> TurnStream:
        """Resolve and store a move (or, with ``redo=(event, options, what)``, replace move ``event`` by itself
        with the same dice and those options), then narrate it."""
        request = {k: v for k, v in request.items() if v is not None}
        if redo is None:
            result, seq = service.resolve_event(self.campaign, request, rng=self.rng, store=self.store)
        else:
            result, seq = service.redo_move(self.campaign, redo[0], redo[1], doing=redo[2], store=self.store)
        self._last_intent = ""  # the intent is spent on this move; a later /roll is narrated on its own
        self.reload()
        yield TurnEvent("result", result=result)
        task = task or _task_for(result)
        narration = yield from self._narrate(task, player_text, [result], question=question, odds=_odds_map(odds))
        if narration.text:
            service.record_narration(self.campaign, seq, narration.text, store=self.store)
        turn = Turn(
            kind="oracle" if task == "oracle" else "action",
            player_text=player_text,
            results=[result],
            narration=narration.text,
            narrator=narration.narrator,
            violations=list(narration.violations),
            citations=self._citations(result),
            context_tokens=narration.context_tokens,
            context_report=narration.context_report,
            event_seq=seq,
            open_choices=list(result.choices),
            follow_ups=list(result.follow_ups),
            notes=list(narration.notes),
        )
        return (yield from _finish(turn))

    def _narrate(
        self, task: str, player_text: str, results: list[Result], *, question: str = "", odds: Mapping[str, float] | None = None
    ) -> Generator[TurnEvent, None, NarrationOutcome]:
        from assistant.narrate import NarrationRequest

        rules: tuple[Any, ...] = ()
        if self.retrieve_rules and results:
            rules = tuple(self._retrieve(results[0]))
        request = NarrationRequest(
            task=task,
            system=self.system,
            player_text=player_text,
            results=tuple(results),
            character=self._state.active(),
            tracks=tuple(self._state.tracks.values()),
            clocks=tuple(self._state.clocks.values()),
            history=tuple(self.history()),
            rules=rules,
            question=question,
            style=self.style,
        )
        return (
            yield from guarded_narration(
                request, self.narrator, odds=odds, log_dir=self.settings.home / "logs", campaign=self.campaign
            )
        )

    def _retrieve(self, result: Result) -> list[Any]:
        try:
            from rules_index.search import search

            return list(search(f"{result.move} {result.outcome.replace('_', ' ')}", system=self.system, k=3))
        except Exception as exc:  # noqa: BLE001 - narration goes on without retrieved rules
            log.warning("rules retrieval failed: %s", exc)
            return []

    def _citations(self, result: Result) -> list[str]:
        from rules_index.chunk import format_citation

        ruleset = get_ruleset(result.system)
        try:
            if result.move_id.startswith("table:"):
                table = next(t for t in ruleset.table_specs if t.id == result.move_id[6:])
                if table.source is None:
                    return [table.source_note] if table.source_note else []
                a, b = table.source.lines
                return [format_citation(result.system, [table.name], table.source.file, a, b)]
            move = ruleset.move_by_id(result.move_id)
        except (AssistantError, StopIteration):
            return []
        a, b = move.source.lines
        return [format_citation(result.system, [move.name], move.source.file, a, b)] if move.source.file else []

    # ---- oracle, tables, price, dice ------------------------------------------------------------
    def _oracle_question(self, c: Classification) -> TurnStream:
        if not c.yes_no:
            text = (
                'The oracle answers yes/no questions. Ask it as one ("Is there something behind the door?"), '
                "or roll one of the system's tables with /table <name> (/tables lists them)."
            )
            self._say("assistant", text)
            return (yield from _finish(Turn(kind="oracle", player_text=c.text, narration=text, narrator="template")))
        return (yield from self._oracle(c.text, c.odds or "50/50", record=False))

    def _oracle(self, question: str, odds: str, record: bool = True) -> TurnStream:
        question = (question or "").strip()
        if not question:
            raise InputError('Ask the oracle a yes/no question, e.g. "Is the station abandoned?".')
        move = oracle_move(self.system)
        if move is None:
            raise RulesError(f"{self.system} has no yes/no oracle; roll a table (/tables) or dice (/dice) instead.")
        if record:
            self._say("user", f"Oracle ({odds}): {question}")
        return (
            yield from self._resolve(
                {"move": move.id, "options": {"odds": odds}}, player_text=question, task="oracle", question=question
            )
        )

    def _table(self, name: str) -> TurnStream:
        table = get_ruleset(self.system).find_table(name)
        return (yield from self._resolve({"move": f"table:{table.id}"}, player_text=self._last_intent or table.name))

    def _pay_the_price(self) -> TurnStream:
        ruleset = get_ruleset(self.system)
        try:
            move = ruleset.find_move("Pay the Price")
        except AssistantError:
            raise RulesError(f"{self.system} has no Pay the Price move.") from None
        return (yield from self._resolve({"move": move.id}, player_text=self._last_intent or move.name, task="pay_the_price"))

    def _dice(self, notation: str) -> TurnStream:
        return (yield from self._resolve({"move": f"roll:{notation.strip()}"}, player_text=f"roll {notation.strip()}"))

    # ---- choices, undo, progress, meters ----------------------------------------------------------
    def _followed(self, event_seq: int | None, doing: str) -> tuple[int, Any]:
        """The event a follow-up acts on: ``event_seq``, or the last action this player knows of."""
        seq = event_seq if event_seq is not None else self.known.top
        found = (
            self.store.events(self.campaign, after=seq - 1, upto=seq)
            if isinstance(seq, int) and not isinstance(seq, bool) and seq > 0
            else []
        )
        if not found:
            raise InputError(f"Could not {doing}: there is no move to act on yet; roll a move first.")
        return found[0].seq, found[0]

    def _followed_move(self, event_seq: int | None, doing: str) -> tuple[int, Any]:
        seq, stored = self._followed(event_seq, doing)
        if stored.event.type != "move_resolved":
            raise InputError(f"Could not {doing}: the last action was {describe(stored)}, not a move.")
        return seq, stored.event

    def _choose(self, picks: list[str], event_seq: int | None) -> TurnStream:
        """Pick open choices of the last move: it is resolved again with the same dice and the picks."""
        seq, event = self._followed_move(event_seq, "choose")
        result = Result.model_validate(event.result)
        if not result.choices:
            raise InputError(f"{result.move} has no open choices.")
        offered = {o.id for c in result.choices for o in c.options}
        unknown = [p for p in picks if p not in offered]
        if unknown:
            raise InputError(f"Can't choose {unknown}; the open options are {sorted(offered)}.")
        previous = (event.request.get("options") or {}).get("choose") or []
        chosen = ([previous] if isinstance(previous, str) else list(previous)) + list(picks)
        return (yield from self._redo(seq, event, {"choose": chosen}, f"choose for {result.move}"))

    def _burn(self, event_seq: int | None) -> TurnStream:
        """Burn momentum on the last move (after seeing the dice, as the rules allow): the same dice, burned."""
        seq, event = self._followed_move(event_seq, "burn momentum")
        result = Result.model_validate(event.result)
        if not (result.burn and result.burn.available):
            raise RulesError(f"Burning would not improve {result.move}; nothing was changed.")
        return (yield from self._redo(seq, event, {"burn": True}, f"burn momentum on {result.move}"))

    def _redo(self, seq: int, event: Any, options_update: dict[str, Any], doing: str) -> TurnStream:
        """Replace move ``seq`` by itself with its own dice and updated options (one atomic undo + move, refused
        when ``seq`` is no longer the last action, or when the engine refuses the new request)."""
        move_name = str(event.result.get("move") or "the move")
        return (
            yield from self._resolve(
                dict(event.request), player_text=self._last_intent or move_name, redo=(seq, options_update, doing)
            )
        )

    def _undo(self, event_seq: int | None) -> TurnStream:
        if not self.known.top and event_seq is None:
            raise InputError("Nothing to undo yet.")
        seq, stored = self._followed(event_seq, "undo")
        if stored.event.type == "character_added" and len(self._state.characters) <= 1:
            raise InputError("Nothing to undo yet (undo never removes your only character).")
        undo = service.undo_last(self.campaign, expect=seq, store=self.store)
        return (
            yield from _finish(
                Turn(
                    kind="command",
                    player_text="/undo",
                    narration=f"Undone: {describe(stored)}.",
                    narrator="template",
                    event_seq=undo.seq,
                )
            )
        )

    def _progress(self, track: str | None, times: int) -> TurnStream:
        if not track:
            if not self._state.tracks:
                text = "No progress tracks yet. Start one with /track <rank> <name>."
            else:
                text = "\n".join(
                    f"- {t.get('name')} ({t.get('rank')}): {t.get('ticks', 0) // 4}/10 boxes, "
                    f"{t.get('ticks', 0) % 4} ticks (id {tid})"
                    for tid, t in self._state.tracks.items()
                )
            return (yield from _finish(Turn(kind="command", player_text="/progress", narration=text, narrator="template")))
        return (yield from self._tool("mark_progress", {"track": track, "times": times}, f"/progress {track} {times}"))

    def _tool(self, name: str, args: dict[str, Any], player_text: str) -> TurnStream:
        from assistant.chat.tools import apply_action, validate_tool_call

        action = validate_tool_call(name, args, system=self.system, state=self._state, player=True)
        outcome = apply_action(self.campaign, action, rng=self.rng, store=self.store)
        self.reload()
        results = [outcome.result] if outcome.result is not None else []
        for result in results:
            yield TurnEvent("result", result=result)
        return (
            yield from _finish(
                Turn(
                    kind="command",
                    player_text=player_text,
                    results=results,
                    narration=action.summary,
                    narrator="template",
                    event_seq=outcome.event_seq,
                )
            )
        )

    # ---- rules questions --------------------------------------------------------------------------
    def _rules(self, question: str, record_question: bool = True) -> TurnStream:
        from rules_index.qa import answer

        question = (question or "").strip()
        if not question:
            raise InputError('Ask a rules question, e.g. "what happens when momentum is negative?".')
        if record_question:
            self._say("user", question)
        llm = self.planner_model if self.planner_model is not None else None
        result = answer(question, system=self.system, llm=llm)
        text = result.render()
        self._say("assistant", text)
        return (
            yield from _finish(
                Turn(
                    kind="rules",
                    player_text=question,
                    narration=text,
                    narrator="template" if getattr(result, "mode", "") != "llm" else "llm",
                    answer=result,
                    citations=list(result.citations),
                )
            )
        )


# ---- helpers ---------------------------------------------------------------------------------------


def oracle_move(system: str) -> Any | None:
    """The system's yes/no oracle move (Starforged and Elegy have one), or None."""
    return next((m for m in get_ruleset(system).moves if m.roll.type == "oracle"), None)


def yes_chance(system: str, odds: str) -> float | None:
    """The exact chance (percent) of a yes from the system's oracle at these odds, through the engine itself
    (Starforged says yes on N or less, Elegy on N or greater); None when the system has no oracle."""
    from assistant.engine.probability import odds_for_request

    move = oracle_move(system)
    if move is None:
        return None
    table = odds_for_request({"system": system, "move": move.id, "options": {"odds": odds}})
    return float(table.outcomes.get("yes", 0)) * 100


def _task_for(result: Result) -> str:
    if result.roll == "oracle":
        return "oracle"
    if result.move_id in {"pay_the_price", "table:pay_the_price"}:
        return "pay_the_price"
    if result.roll == "table":
        return "table"
    return "narrate"


def _odds_map(odds: Any) -> dict[str, float] | None:
    """The outcome percentages of an odds table (``{"strong_hit": 15.17, ...}``, as the player saw them) or None."""
    if not odds:
        return None
    if isinstance(odds, Mapping):
        source = odds.get("outcomes", odds)
        if isinstance(source, Mapping):
            out = {str(k): float(v) for k, v in source.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
            return out or None
    return None


def _odds_line(odds: Any) -> str:
    probabilities = _odds_map(odds)
    if not probabilities:
        return ""
    parts = [f"{k.replace('_', ' ')} {v:g}%" for k, v in probabilities.items() if k != "match"]
    return " — " + ", ".join(parts) if parts else ""


def _suggestion_from_request(request: dict[str, Any], system: str, state: CampaignState, why: str) -> Any:
    """A Suggestion for a move the LLM proposed through its tools (validated by the tools layer)."""
    from assistant.engine.probability import odds_for_request
    from assistant.suggest import Suggestion

    ruleset = get_ruleset(system)
    move = ruleset.find_move(str(request["move"]))
    character = state.active()
    stat = request.get("stat")
    stat_value = None
    if stat and character:
        stat_value = (character.get("stats") or {}).get(stat, character.get(stat))
    odds = None
    with contextlib.suppress(AssistantError):
        odds = odds_for_request({**request, "system": system, **({"character": character} if character else {})}).to_dict()
    return Suggestion(
        move=move.name,
        move_id=move.id,
        system=system,
        stat=stat,
        stat_value=stat_value,
        score=1.0,
        why=why or move.trigger,
        approach=None,
        odds=odds,
        burn_odds=None,
        request={k: v for k, v in request.items() if k != "dice"},
        from_ruleset=True,
        ranked_by="llm",
    )
