"""Action turns: suggestions for the player's words, the LLM's plan, confirming a move, the engine, then
guarded narration."""

from __future__ import annotations

import logging
from collections.abc import Generator, Mapping
from typing import Any

from assistant.chat.moves_info import _odds_line, _odds_map, _suggestion_from_request, _task_for
from assistant.chat.narration import NarrationOutcome, guarded_narration
from assistant.chat.session_base import SessionBase
from assistant.chat.turn import Turn, TurnEvent, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.engine import AssistantError, InputError, Result, get_ruleset
from assistant.store import service

log = logging.getLogger(__name__)


class ActingMixin(SessionBase):
    """Action turns: suggestions for the player's words, the LLM's plan, confirming a move, the engine, then"""

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
            recent=self.recent_narrations(),
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
