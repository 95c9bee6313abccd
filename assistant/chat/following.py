"""Follow-ups on a move the player saw: choose, burn, undo; progress and the player's own tools."""

from __future__ import annotations

from typing import Any

from assistant.chat.carried_words import carried_said
from assistant.chat.game_lacks import lacking
from assistant.chat.redoing import RedoingMixin
from assistant.chat.turn import Turn, TurnEvent, TurnStream, with_notes
from assistant.chat.turn import finish as _finish
from assistant.chat.undone_words import undone_words
from assistant.engine import AssistantError, InputError, Result, RulesError, get_ruleset
from assistant.engine.outcomes import Outcome
from assistant.engine.registry import results_by_die
from assistant.engine.tracks import kind_word
from assistant.engine.word_lists import possessive
from assistant.narrate.their_words import of_them
from assistant.store import service
from assistant.store.followups import StaleEventError, describe, made_again_after_the_roll
from assistant.store.no_move import decides_nothing


class FollowingMixin(RedoingMixin):
    """Follow-ups on a move the player saw: choose, burn, undo; progress and the player's own tools."""

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
            if not any(e.kind == "move" and not e.undone for e in self._state.transcript):  # only the campaign's start
                raise InputError(f"Could not {doing}: there is no move to act on yet; roll a move first.")
            raise InputError(f"Could not {doing}: the last action was {describe(stored)}, not a move.")
        return seq, stored.event

    def _choose(self, picks: list[str], event_seq: int | None) -> TurnStream:
        """Pick open choices of the last move (by id, number or label): it is resolved again with the same dice and
        the picks. A pick that names no open option, or that the rules refuse, keeps the choice open."""
        from assistant.chat.choosing import open_options, options_in_words, resolve_picks

        opened = self._open_choice() if event_seq is None else None
        under = self._last_move_seq() if event_seq is None else event_seq  # under bookkeeping made since (/set spirit 4)
        seq, event = self._followed_move(opened[0] if opened else under, "choose")  # under the oracle asked since
        result = Result.model_validate(event.result)
        if not result.choices and decides_nothing(result):  # "/dice 2d6", then "/choose 1"
            raise InputError(
                f"Nothing waits for a pick now: your last roll ({result.move}) offers none, and no move before it left "
                "a choice open. /choose picks one of the options a move's card lists; tell me what your character does "
                "next."
            )
        if not result.choices:
            made = [e.reason.strip().rstrip(".") for e in result.effects if e.kind == "choice" and e.reason]
            if made:  # a second "/choose" on a move already picked on: what was chosen, and that nothing waits
                whose = self._actor_of({**event.request, "character_id": event.state_change.character_id})
                told = "; ".join(m[:1].lower() + m[1:] for m in made)
                told = of_them(told) if whose else told  # Mara's picks, told of her
                raise InputError(
                    f"{possessive(result.move)} choice is already made ({whose or 'you'} chose: {told}): nothing is left to "
                    "pick. Tell me what your character does next."
                )
            step = self._next_step(picks, seq)
            if step is not None:  # "/choose 1" under "What comes next: [1] Pay the Price": the step, as "1" makes it
                return (yield from self._confirm(step, stat=None, adds=None, burn=None))
            raise InputError(
                f"{result.move} has no open choices: nothing waits for a pick now. /choose picks one of the options a "
                f"move's card lists; {self._steps_said(seq) or 'tell me what your character does next.'}"
            )
        options = open_options(result.choices)
        chosen_ids = resolve_picks(picks, options)
        if chosen_ids is None:
            said = " ".join(picks).strip()
            message = (
                f"“{said}” is not one of the open choices of {result.move}. Pick by number or by name: "
                f"{options_in_words(options)}."
            )
            return (yield from self._choice_kept(message, result, seq))
        previous = (event.request.get("options") or {}).get("choose") or []
        chosen = ([previous] if isinstance(previous, str) else list(previous)) + chosen_ids
        try:
            return (yield from self._redo(seq, event, {"choose": chosen}, f"choose for {result.move}"))
        except StaleEventError:
            raise
        except AssistantError as exc:
            question = self._ask_instead(exc, {"move": result.move, "options": {"choose": chosen}}, self._last_intent, [])
            if question is not None:  # the pick needs a value first (the rival's Tier): ask, then pick
                question.redo = seq
                return (yield from self._ask(question))
            return (yield from self._choice_kept(f"{exc} The choice is still open.", result, seq))

    def _steps_after(self, seq: int) -> list[tuple[str, dict[str, Any]]]:
        """The next steps move ``seq`` leaves (Pay the Price after a miss), when it is the last action played (under
        bookkeeping made since: ``/set spirit 4``, a clock's step)."""
        from assistant.chat.followed_next import open_follow_ups
        from assistant.chat.next_steps import next_steps

        if seq != self._last_move_seq():
            return []
        return next_steps(self, open_follow_ups(self.store, self.campaign, self.known.top))

    def _next_step(self, picks: list[str], seq: int) -> dict[str, Any] | None:
        """The next step a pick names, by its number or its words ("/choose 1", "/choose pay the price"), else None."""
        steps = self._steps_after(seq)
        said = " ".join(picks).strip().lower()
        if not steps or not said:
            return None
        if said.isdigit():
            return steps[int(said) - 1][1] if 1 <= int(said) <= len(steps) else None
        named = [request for label, request in steps if label.lower() == said]
        return named[0] if len(named) == 1 else None

    def _steps_said(self, seq: int) -> str:
        """What comes next, as a pick makes it ("what comes next is Pay the Price: /choose 1 makes it."), or ""."""
        steps = self._steps_after(seq)
        if not steps:
            return ""
        listed = "; ".join(f"/choose {i} for {label}" for i, (label, _request) in enumerate(steps, 1))
        return f"what comes next: {listed}."

    def _choose_offered(self, number: int, offered: list[Any]) -> TurnStream:
        """ "/choose 2" just after "Moves that fit": with no move's choice open, the 2nd move offered (as a bare "2"
        picks it); with one open, that choice's 2nd option, and a note says so and how to roll the move instead."""
        if self._open_choice() is None:
            if not 1 <= number <= len(offered):
                raise InputError(f"Pick a suggested move by its number, 1 to {len(offered)}.")
            return (yield from self._confirm(offered[number - 1], stat=None, adds=None, burn=None))
        opened = self._open_choice()
        said = (
            [
                f"/choose {number} picked from {opened[1].move}'s open choice. To roll the move offered as {number} "
                f"({offered[number - 1].move}), type {number} alone."
            ]
            if opened is not None and 1 <= number <= len(offered)
            else []
        )
        return (yield from with_notes(self._choose([str(number)], None), said))

    def _decline(self) -> TurnStream:
        """ "No thanks" to the open choice: an optional one (you *may*...) is left, and said so; one the rules make
        the player pick stays open, and the turn says so and what to pick."""
        from assistant.chat.choosing import open_options, options_in_words

        opened = self._open_choice()
        assert opened is not None
        seq, result = opened
        if any(c.pick != 0 for c in result.choices):
            message = (
                f"{result.move} does not leave this out: {result.choices[0].prompt[:1].lower()}{result.choices[0].prompt[1:]}. "
                f"Pick by number or by name: {options_in_words(open_options(result.choices))}."
            )
            return (yield from self._choice_kept(message, result, seq))
        self._declined = seq
        offer = " or ".join(o.label for o in open_options(result.choices))
        said = f"You leave {result.move}'s offer ({offer}): nothing taken. Tell me what your character does next."
        self._say("assistant", said)
        return (yield from _finish(Turn(kind="command", narration=said, narrator="template", event_seq=seq)))

    def _choice_kept(self, message: str, result: Result, seq: int) -> TurnStream:
        """An error turn that keeps the move's open choices on offer."""
        return (
            yield from _finish(
                Turn(
                    kind="error",
                    error=message,
                    narration=message,
                    open_choices=list(result.choices),
                    event_seq=seq,
                    follow_ups=list(result.follow_ups),
                )
            )
        )

    def _burn(self, event_seq: int | None) -> TurnStream:
        """Burn momentum on the last move (after seeing the dice, as the rules allow): the same dice, burned."""
        ruleset = get_ruleset(self.system)
        spec = ruleset.sheet.spec.burn
        if spec is None:
            raise RulesError(
                f"{ruleset.title or self.system} has no momentum to burn: /burn is for Starforged's momentum and "
                "Elegy's focus. Nothing was changed."
            )
        seq, event = self._followed_move(event_seq if event_seq is not None else self._last_move_seq(), "burn")
        result = Result.model_validate(event.result)
        if result.roll != "action":
            raise RulesError(
                f"{spec.meter.capitalize()} burns on an action roll, and your last roll ({result.move}) was not one. "
                "Nothing was changed."
            )
        if not (result.burn and result.burn.available):
            meter = (result.character_before or {}).get(spec.meter)
            why = (
                "it is already a strong hit"
                if result.outcome is Outcome.STRONG_HIT
                else f"{spec.meter}{f' {meter}' if meter is not None else ''} would not beat more challenge dice than "
                f"your action score {result.score} did"
            )
            raise RulesError(f"Burning {spec.meter} would not improve {result.move}: {why}. Nothing was changed.")
        return (yield from self._redo(seq, event, {"burn": True}, f"burn {result.burn.meter} on {result.move}"))

    @property
    def can_undo(self) -> bool:
        """Whether an undo would take something back now (the app offers its undo button only then): an action in
        effect, and not the campaign's only character."""
        stack = self._state.undo_stack
        if not stack:
            return False
        if len(self._state.characters) > 1:
            return True
        found = self.store.events(self.campaign, after=stack[-1] - 1, upto=stack[-1])
        return not (found and found[0].event.type == "character_added")

    def _undo(self, event_seq: int | None) -> TurnStream:
        if not self.known.top and event_seq is None:
            raise InputError("Nothing to undo yet.")
        seq, stored = self._followed(event_seq, "undo")
        if stored.event.type == "character_added" and len(self._state.characters) <= 1:
            raise InputError("Nothing to undo yet (undo never removes your only character).")
        appended = service.undo_events(self.campaign, expect=seq, store=self.store)
        undo = appended[0]
        # a pick or a burn undone: the roll is back as first rolled (the event the undo appended with it; another
        # writer's move after the undo is not it), its choices open again
        remade = [e for e in appended[1:2] if made_again_after_the_roll(e.event, stored.event)]
        carried: Any = next((e.event for e in appended if e.event.type == "edits_carried"), None)
        if carried is not None:  # the pick was made over edits, which stand: the pick is what was undone
            picked = [e.event.target_seq for e in appended if e.event.type == "undo"][-1]
            stored = self.store.events(self.campaign, after=picked - 1, upto=picked)[0]
            remade = [e for e in appended if e.seq == carried.move_seq]
        if remade:
            first: Any = remade[0].event
            result = Result.model_validate(first.result)
            self.reload()
            burned = bool(((getattr(stored.event, "request", None) or {}).get("options") or {}).get("burn"))
            outcome = ": " + str(result.outcome.value).replace("_", " ")
            if results_by_die(str(result.system), str(result.move_id)):  # the die ("rolled 1" above), not a success
                outcome = ""
            open_now = "; its choices are open again" if result.choices else ""
            earlier = ((getattr(first, "request", None) or {}).get("options") or {}).get("choose")
            stands = "as it was before that pick" if earlier else "as first rolled"  # an earlier pick of it stays
            kept = carried_said(self.store, self.campaign, self._state, remade[0].seq, since_roll=True)
            return (
                yield from _finish(
                    Turn(
                        kind="command",
                        player_text="/undo",
                        narration=f"Undone: {_whose_pick(stored, self._state, burned)}. The roll stands "
                        f"{stands}{outcome}{open_now}." + (f" {kept}" if kept else ""),
                        narrator="template",
                        results=[result],
                        open_choices=list(result.choices),
                        follow_ups=list(result.follow_ups),
                        event_seq=remade[0].seq,
                    )
                )
            )
        said = undone_words(stored, self._state)
        self.reload()
        waiting = self._open_choice() if decides_nothing(getattr(stored.event, "result", None) or {}) else None
        still = ""
        if waiting is not None:  # the oracle asked over Endure Harm's open pick: that roll and its pick stand
            result = waiting[1]
            whose = f"{possessive(maker)} " if (maker := self._maker_of(waiting[0])) else ""
            still = (
                f" {whose}{result.move} still stands and waits for its pick (/choose <number or words>); "
                f"/undo again takes back its roll."
            )
        return (
            yield from _finish(
                Turn(
                    kind="command",
                    player_text="/undo",
                    narration=f"Undone: {said}.{still}",
                    narrator="template",
                    event_seq=undo.seq,
                    open_choices=list(waiting[1].choices) if waiting is not None else [],
                )
            )
        )

    def _progress(self, track: str | None, times: int) -> TurnStream:
        open_tracks = [t for t in self._state.tracks.values() if not t.get("status")]
        if not track and times > 1 and len(open_tracks) == 1:  # "/progress 3" with one track open: that one
            track = str(open_tracks[0].get("name"))
        if not track:
            if not self._state.tracks:  # a game without progress tracks says what it keeps count with instead
                text = lacking(self.system, "progress") or "No progress tracks yet. Start one with /track <rank> <name>."
            else:
                text = "\n".join(
                    f"- {t.get('name')} ({t.get('rank')} {kind_word(str(t.get('kind', 'vow')))}): {t.get('ticks', 0) // 4}/10"
                    " boxes"
                    + (f" and {t['ticks'] % 4} tick{'s' if t['ticks'] % 4 > 1 else ''}" if t.get("ticks", 0) % 4 else "")
                    + (f" — {t['status']}" if t.get("status") else "")
                    for t in self._state.tracks.values()
                )
            self._say("assistant", text)  # kept in the log: a reload shows the list as it was shown
            return (yield from _finish(Turn(kind="command", player_text="/progress", narration=text, narrator="template")))
        return (yield from self._tool("mark_progress", {"track": track, "times": times}, f"/progress {track} {times}"))

    def _tool(self, name: str, args: dict[str, Any], player_text: str) -> TurnStream:
        from assistant.chat.tools import apply_action, validate_tool_call

        action = validate_tool_call(name, args, system=self.system, state=self._state, player=True)
        with self._over_pick():  # kept over a pick still to make, unless the pick may change it
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

    def _clock_step(self, name: str, by: int, player_text: str) -> TurnStream:
        """Advance or wind back a campaign clock by its name (``/clock +1 The raiders close in``)."""
        from assistant.chat.clock_finder import clock_step

        request = {"system": self.system, **clock_step(self._state, name, by)}
        with self._over_pick():  # kept over a pick still to make, unless the pick may change it
            result, seq = service.resolve_event(self.campaign, request, rng=self.rng, store=self.store)
        self.reload()
        yield TurnEvent("result", result=result)
        clock = result.clock or {}
        said = f"The clock “{clock.get('name')}”: {clock.get('filled')}/{clock.get('segments')}"  # "the bells ring…" as named
        said += " — full." if clock.get("full") else "."
        return (
            yield from _finish(
                Turn(
                    kind="command", player_text=player_text, results=[result], narration=said, narrator="template", event_seq=seq
                )
            )
        )


def _whose_pick(stored: Any, state: Any, burned: bool) -> str:
    """ "your pick on Resupply (+heart) ...", or, on another character's move, "the pick on Mara's Hack & Slash ..."."""
    theirs = describe(stored, state)
    if theirs != describe(stored):
        return f"the {'burn' if burned else 'pick'} on {theirs}"
    return f"{'the burn' if burned else 'your pick'} on {theirs}"
