"""Action turns: the player's words offered the moves that fit (see :mod:`assistant.chat.suggesting`), confirming a
move, the engine, then guarded narration."""

from __future__ import annotations

import logging
from collections.abc import Generator, Mapping
from typing import Any

from assistant.chat import brinks
from assistant.chat.carried_words import carried_said
from assistant.chat.citing import move_citations, retrieve_for
from assistant.chat.coin_raise import coin_offer
from assistant.chat.fitting import bind
from assistant.chat.followed_next import costs_left, open_follow_ups
from assistant.chat.moves_info import _odds_map, _task_for, moves_that_fit
from assistant.chat.narration import UNAVAILABLE_NOTE as UNAVAILABLE  # said once a session for the same cause
from assistant.chat.narration import NarrationOutcome, guarded_narration
from assistant.chat.narration_context import established_answers, narration_history, own_passages
from assistant.chat.narrator_choice import narrator_for
from assistant.chat.no_fit import nothing_offered
from assistant.chat.one_at_a_time import with_next
from assistant.chat.refusals import named_instead, refused_for
from assistant.chat.set_in_words import set_in_words, set_pointer
from assistant.chat.spell_refused import cast_at_you, spells_first
from assistant.chat.track_question import name_first
from assistant.chat.track_told import closed_now, started_or_not
from assistant.chat.turn import Turn, TurnEvent, TurnStream
from assistant.chat.turn import finish as _finish
from assistant.chat.unsheeted_damage import own_blow_refused
from assistant.chat.whose_spell import WhoseSpellMixin
from assistant.engine import AssistantError, InputError, Result, get_ruleset
from assistant.engine.doors import door_kind
from assistant.engine.ruleset import normalize_name
from assistant.store import service
from assistant.store.no_move import decides_nothing

log = logging.getLogger(__name__)


class ActingMixin(WhoseSpellMixin):
    """Action turns: the moves that fit the player's words, confirming one, the engine, then guarded narration."""

    # ---- actions --------------------------------------------------------------------------------
    def _action(self, text: str) -> TurnStream:
        command = set_in_words(text, self.system)  # "set my coin to 2" where no sheet has coin: refused, nothing changed
        self._last_intent = text
        self._spent_on = ""
        self._pending_plan = None
        if command:  # "set my coin to 2": the /set that does it, no moves
            self._suggestions = []
            said = set_pointer(command)
            return (yield from _finish(Turn(kind="meta", player_text=text, narration=said, narrator="template")))
        suggestions, notes, text = self._first_action(text)
        out = {
            who: said for who in self._makers(suggestions) if (said := brinks.ended(self.store, self.campaign, self._state, who))
        }
        if out:  # a character out of the story makes no more moves; another character's still go ("Mara ...")
            kept = [s for s in suggestions if self._makers([s])[0] not in out]
            others = [who for who in out if who != self._state.active_character]  # "Mara stabs me", Mara out cold
            if not kept or others:
                self._suggestions = []
                said = out[others[0]] if others else next(iter(out.values()))
                self._say("assistant", said)
                return (yield from _finish(Turn(kind="action", player_text=text, narration=said, narrator="template")))
            suggestions = kept
        if cast_at_you(text):  # "she casts magic missile at me": her spell, not one of the player's to pay for
            suggestions, notes = self._spell_at_me(text, suggestions, notes)
        elif refused := self._cast_refused(text, suggestions):  # "ilyana casts bless weapon" with no mana: told why
            self._suggestions = []
            self._say("assistant", refused)
            return (yield from _finish(Turn(kind="action", player_text=text, narration=refused, narrator="template")))
        suggestions = spells_first(text, suggestions)
        if not suggestions:
            self._suggestions = []  # "1" now picks nothing: the moves offered were for the words before
            said, notes = nothing_offered(self.system, text, notes)  # one clear thing: the note, or how to go on
            self._say("assistant", said)  # with the notes that say why: a reload shows them as they were read
            return (
                yield from _finish(
                    Turn(
                        kind="action",
                        player_text=text,
                        narrator="template",
                        notes=notes,
                        narration=said,
                    )
                )
            )
        self._suggestions = list(suggestions)
        top = suggestions[0]
        if self.auto_roll and top.request:
            request = dict(top.request)
            reading = self._read_words(text, request)
            if reading.options:
                request["options"] = {**(request.get("options") or {}), **reading.options}
            read = [reading.note()] if reading.notes else []
            odds = None if reading.options else top.odds
            turn = yield from self._resolve(request, player_text=text, odds=odds, read=read)
            turn.suggestions = suggestions
            turn.notes = notes + turn.notes
            return turn
        self._start_plan(text, suggestions)
        narration = moves_that_fit(suggestions)
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
                    refining=self._pending_plan is not None,
                )
            )
        )

    def _refuse_own_blow(self, request: Mapping[str, Any]) -> None:
        from assistant.chat.followed_next import open_follow_ups

        if get_ruleset(self.system).system_id != "dungeon-world" or "deal" not in str(request.get("move") or "").lower():
            return
        waiting = open_follow_ups(self.store, self.campaign, self.known.top)
        said = own_blow_refused(request, self._state.active_character, waiting, self._state.characters)
        if said:
            raise InputError(said)

    def _confirm(self, chosen: Any, *, stat: str | None, adds: int | None, burn: bool | None) -> TurnStream:
        if hasattr(chosen, "request"):
            request = dict(chosen.request or {})
            odds = getattr(chosen, "odds", None)
            if getattr(chosen, "target", None):  # a follow-up for the move's target (Deal Damage on the one attacked)
                request.setdefault("character_id", chosen.target)
        elif isinstance(chosen, Mapping):
            request, odds = dict(chosen), None
        else:
            raise InputError('Confirm a suggested move, or a request like {"move": "Face Danger", "stat": "edge"}.')
        if not request.get("move"):
            raise InputError("That suggestion has no move to roll; pick another or use /roll <move> +stat.")
        self._refuse_own_blow(request)  # "I hack at the orc", then Deal Damage: not on the attacker's own HP
        self._refuse_rolled_again(request)  # Fulfill Your Vow again over its own miss, its pick not made
        self._refuse_pick_waiting(request)  # before any question the move would ask: a price or a required pick comes first
        sheet = request.get("character")
        if isinstance(sheet, dict) and sheet.get("id") in self._state.characters:
            # a suggestion carries the sheet as it was when suggested: the move acts on the campaign's sheet now
            request.pop("character")
            request.setdefault("character_id", sheet["id"])
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
        move = (
            get_ruleset(self.system).find_move(str(request["move"]))
            if not str(request["move"]).startswith(("table:", "roll:")) and not door_kind(str(request["move"]))
            else None
        )
        intent = self._last_intent or str(getattr(chosen, "move", "") or (move.name if move else request["move"]))
        self._require_sheet(request)
        if not self._last_intent and request.get("character_id") not in (None, self._state.active_character):
            intent = f"{intent} on {self._who_is(str(request['character_id']))}"  # "Deal Damage on Mara"
        reading = self._read_words(intent if self._last_intent else "", request)
        if move is not None and move.roll.type == "oracle":
            # a suggested oracle move: ask the player's words as the question, at the odds they name (or 50/50)
            from assistant.chat.classify import odds_in

            options = dict(request.get("options") or {})
            options.setdefault("odds", odds_in(intent) or "50/50")
            request["options"] = options
            return (yield from self._resolve(request, player_text=intent, task="oracle", question=intent))
        if reading.options:
            request["options"] = {**(request.get("options") or {}), **reading.options}
            odds = None  # the suggestion's odds were for the request without them
        read = [reading.note()] if reading.notes else []
        if (
            self._last_intent
            and move is not None
            and (
                named_instead(self.system, intent, move.name)
                or refused_for(self._state, intent, move.name)
                or brinks.required(self.system, move.name)  # Last Gasp picked for "I attack Mara": the rules' roll
            )
        ):
            intent = move.name  # the words told another move: this one is told by its name, not as that attempt
        # the words are this move's now: should it ask first (or be refused), a move rolled after is told on its own
        self._spent_on = move.name if move is not None and self._last_intent else ""
        question = self._ask_first(request, intent, read)
        told_other = bool(self._last_intent) and move is not None and intent == move.name
        if told_other and isinstance((request.get("options") or {}).get("track"), dict):
            # "I reach a milestone on my elegy" rolled as Sing an Elegy: those words are no name for the new elegy
            request["options"] = {k: v for k, v in request["options"].items() if k != "track"}
        if question is None and (not self._last_intent or told_other):  # no words of the player's for the track's name
            question = name_first(request, move, words=self._last_intent if told_other else "")
        if question is not None:
            return (yield from self._ask(question))
        then, self._then = self._then, ""
        rolled = self._resolve(request, player_text=intent, odds=odds, read=read)
        return (yield from with_next(rolled, then) if then and self._last_intent else rolled)

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
        read: list[str] | None = None,
    ) -> TurnStream:
        """Resolve and store a move (or, with ``redo=(event, options, what)``, replace move ``event`` by itself
        with the same dice and those options), then narrate it. A value the move needs and nobody gave becomes
        a question (``read``: notes on what was read from the player's words, kept for the turn)."""
        request = {k: v for k, v in request.items() if v is not None}
        found: list[str] = []
        tracks_before = dict(self._state.tracks)
        placed = ""
        if redo is None:
            self._refuse_rolled_again(request)
            self._refuse_pick_waiting(request)  # a downtime activity's price, or a pick the rules require, comes first
            brinks.refuse_ended(self.store, self.campaign, self._state, request)
            placed = self._place_first(request)  # Strike while Enter the Fray's pick still says nothing of where you stand
        # a new move leaves the last move's open choice, and its effect on someone else not rolled yet
        left = " ".join(n for n in (self._choice_left(), self._follow_ups_left(request)) if n) if redo is None else ""
        costs = open_follow_ups(self.store, self.campaign, self.known.top) if redo is None else []
        read = [*(read or []), *([placed] if placed else [])]
        payer = self._price_payer() if redo is None and _prices(request) else ""
        if redo is None:
            request, found = bind(self._state, request, player_text, strict=True)
            while True:
                try:
                    result, seq = service.resolve_event(self.campaign, request, rng=self.rng, store=self.store)
                    break
                except AssistantError as exc:
                    retry = self._read_missing(exc, request, player_text)
                    if retry is not None:  # the words say what the engine asks for: "a dangerous vow"
                        request, note = retry
                        read.append(note)
                        continue
                    question = self._ask_instead(exc, request, player_text, read)
                    if question is None:
                        raise self._as_theirs(exc, request) from None
                    return (yield from self._ask(question))
        else:
            result, seq = service.redo_move(
                self.campaign, redo[0], redo[1], doing=redo[2], known=self.known.stack, store=self.store
            )
            # edits made while the pick waited (or since the roll, for a burn or coin) stand
            kept = carried_said(self.store, self.campaign, self._state, seq, since_roll="choose" not in redo[1])
            read += [kept] if kept else []
        self._last_intent = ""  # the intent is spent on this move; a later /roll is narrated on its own
        self._intents[seq] = player_text
        self.reload()
        found = started_or_not(found, tracks_before, self._state.tracks) + closed_now(tracks_before, self._state.tracks)
        yield TurnEvent("result", result=result)
        task = task or _task_for(result)
        actor = self._actor_of(request)  # "Mara attacks me": her move, told as hers
        actor = actor or payer  # the price of Mara's miss is hers
        narration = yield from self._narrate(
            task, player_text, [result], question=question, odds=_odds_map(odds), actor=actor, aided=self._aided(result, request)
        )
        if narration.text:  # written as the turn ends, with the notes shown under it
            self._untold.append((seq, narration.text, narration.narrator))
        turn = Turn(
            kind="oracle" if task == "oracle" else "action",
            player_text=player_text,
            results=[result],
            narration=narration.text,
            narrator=narration.narrator,
            violations=list(narration.violations),
            citations=move_citations(result),
            context_tokens=narration.context_tokens,
            context_report=narration.context_report,
            event_seq=seq,
            open_choices=list(result.choices),
            follow_ups=open_follow_ups(self.store, self.campaign, seq),  # with what the move it answered still offers
            notes=found + read + [n for n in narration.notes if not n.startswith(UNAVAILABLE) or self._once([n])],
        )
        if decides_nothing(result):  # the oracle asked, a table, free dice: no move, the open pick stays open
            turn.notes += [n for n in [self._choice_open_note()] if n]
        elif left:
            turn.notes.insert(0, left)
        turn.notes += [n for n in [costs_left(self.system, costs, result)] if n]  # a suffer move or a price not made
        turn.notes += self._brink_notes()
        offered = request if redo is None else {**request, "options": {**(request.get("options") or {}), **redo[1]}}
        turn.notes += [n for n in [coin_offer(self.system, result, offered)] if n]
        for stored in self.store.events(self.campaign, after=seq - 1, upto=seq):
            who, end = brinks.ending_of_event(self.system, stored)
            if end is not None:  # this move ended the story (Mara's failed Last Gasp: hers)
                turn.notes += [n for n in [brinks.ended(self.store, self.campaign, self._state, who)] if n]
        return (yield from _finish(turn))

    def _narrate(
        self, task: str, player_text: str, results: list[Result], *, question: str = "", odds: Mapping[str, float] | None = None,
        actor: str = "", aided: str | None = None,
    ) -> Generator[TurnEvent, None, NarrationOutcome]:  # fmt: skip
        from assistant.narrate import NarrationRequest

        rules: tuple[Any, ...] = ()
        if self.retrieve_rules and results and task == "narrate":  # an interpretation's facts carry its answer or row
            rules = tuple(own_passages(retrieve_for(results[0], self.system), results[0].move))
        request = NarrationRequest(
            task=task,
            system=self.system,
            player_text=player_text,
            results=tuple(results),
            character=self._state.active(),
            tracks=tuple(self._state.tracks.values()),
            clocks=tuple(self._state.clocks.values()),
            history=narration_history(self.history()),
            established=established_answers(self._state.transcript),
            recent=self.recent_narrations(),
            rules=rules,
            question=question,
            style=self.style,
            card=not self.cards_shown,
            actor=actor,
            aided=aided,
            story_turns=self.settings.llm.story_turns,
            story_sentences=self.settings.llm.story_sentences,
            narration_task=self.settings.llm.narration_task,
        )
        return (
            yield from guarded_narration(
                request,
                self._narrator_for(results, task),
                odds=odds,
                log_dir=self.settings.home / "logs",
                campaign=self.campaign,
                started=getattr(self, "turn_started", None),
            )
        )

    def _narrator_for(self, results: list[Result], task: str = "narrate") -> Any:
        return narrator_for(results, self.narrator, task=task, kinds=self.settings.llm.narrate_kinds)


def _prices(request: Mapping[str, Any]) -> bool:
    """Whether the request rolls Pay the Price (by the move's name or id, or its table's: "table:pay_the_price")."""
    return normalize_name(str(request.get("move") or "")).endswith("paytheprice")
