"""Suggesting moves for the player's words: the offline suggestions that fit the moment (the fight's position, a
track to act on, a follow-up the last move offered, a brink move at 0), and the LLM's plan that refines them in the
background (see :mod:`assistant.chat.refining`)."""

from __future__ import annotations

from typing import Any

from assistant.chat import brinks
from assistant.chat.beside_attack import beside_a_song, beside_an_attack, other_class_last
from assistant.chat.characters import their_words
from assistant.chat.class_words import other_class_notes
from assistant.chat.companions import as_companion, companion_names
from assistant.chat.fitting import fit_suggestions
from assistant.chat.followed_next import as_followed, open_follow_ups
from assistant.chat.game_lacks import absent_move_notes
from assistant.chat.goal_reached import offer_goal_moves
from assistant.chat.moves_info import moves_that_fit
from assistant.chat.open_choice import OpenChoiceMixin
from assistant.chat.refusals import calls_for_any, only_for_a_pointless_move, rolled_by_name, why_not_now
from assistant.chat.sheet_text import shown_name
from assistant.chat.turn import Turn, TurnStream
from assistant.chat.turn import finish as _finish

#: How many offline suggestions are weighed before the three that fit the moment are shown.
SHORTLIST = 8


class SuggestingMixin(OpenChoiceMixin):
    """The moves that fit the player's words, and the LLM's plan that refines them."""

    def _maker_named(self, text: str) -> str | None:
        """Another character the words make the one acting, on no one here ("Mara makes her last gasp", "Mara resists
        my charm"): the moves are offered for their sheet (Last Gasp at her 0 HP), not the one playing's; None when
        the one playing acts, or the named one acts on them ("Mara attacks me": Defend is the one playing's)."""
        target = self._target_in(text)
        if target is None or target not in self._state.characters or self._alongside(text, target):
            return None
        return target if self._leads(text, target) and not self._acts_on_me(text, target) else None

    def _suggest_context(self, text: str = "", maker: str | None = None) -> Any:
        from assistant.chat.fitting import fight_open, fight_position, open_kinds, standing_position
        from assistant.suggest import SuggestContext

        character = self._state.characters.get(maker) if maker else self._state.active()
        unpicked = (character or {}).get("position") not in ("in_control", "bad_spot") and fight_open(self._state)
        position = fight_position(self._state, text, self.embedder)
        if character and position is None and character.get("position") in ("in_control", "bad_spot"):
            character = {**character, "position": None}  # the fight is over, or the scene moved on
        crew = self._state.slots.get("crew", {})
        mode = crew.get("mode") if crew.get("mode") in ("downtime", "free_play") else None
        return SuggestContext(
            system=self.system,
            character=character,
            position=position if position in ("in_control", "bad_spot") else None,
            mode=mode,
            standing=standing_position(self._state),  # no Strike in a bad spot, even for words not about the fight
            in_combat=unpicked,  # a fight on, its position not picked yet (Enter the Fray's pick open)
            open_tracks=open_kinds(self._state),  # an expedition under way: travel words are its next segment
        )

    def _suggestions_for(self, text: str) -> tuple[list[Any], list[str]]:
        from assistant.suggest import suggest

        maker = self._maker_named(text)
        befallen = self._befallen(text) if maker is None else None  # "the hunter stakes Mara": Mara meets it
        words = befalling_me(text, self._who_is(befallen)) if befallen else text  # ranked as "the hunter stakes me"
        if maker is None and befallen is None:  # "pip gets clipped", Pip named as "my drone Pip" before
            words = as_companion(words, companion_names(line for role, line in self.history(40) if role == "user"))
        maker = maker or befallen
        context = self._suggest_context(words, maker)
        shortlist = suggest(words, context, k=SHORTLIST, embedder=self.embedder)
        # the whole shortlist is aimed, then the best three kept: Mara's spell ranks by her mana, not the player's
        suggestions = _without_far_behind(fit_suggestions(self._state, shortlist, words, k=SHORTLIST))
        suggestions = beside_an_attack(self.system, suggestions, words)  # "my turn, i attack": not Your Turn Begins
        suggestions = beside_a_song(self.system, suggestions, words)  # Arcane Art: not the ally's Receive Arcane Art
        leads = maker or self._maker_in(text)  # "Mara flings a fireball at me": her class's moves, not the player's
        maker_sheet = self._state.characters.get(leads) if leads else self._state.active()
        suggestions = other_class_last(self.system, maker_sheet, suggestions, words)  # a Fighter's "i hit mara": no Arcane Art
        suggestions, notes = self._aim(text, suggestions, k=3)  # "I strike Mara": aimed at Mara, who plays stays
        if maker is None:  # "I finally find my brother": the vow to find him is fulfilled, or a milestone reached
            suggestions = offer_goal_moves(
                self._state, suggestions, words, lambda name: suggest(name, context, k=3, embedder=self.embedder)
            )
        following = open_follow_ups(self.store, self.campaign, self.known.top)
        suggestions = as_followed(self.system, suggestions, following, self._state.active_character)
        sheet = self._state.active() if maker is None else None  # her words: the one playing's brink is not offered
        suggestions = brinks.offer_brink_moves(  # health 0: Face Death is on offer
            self.system,
            sheet,
            suggestions,
            lambda name: suggest(name, context, k=3, embedder=self.embedder),
            lambda brink: brinks.made_at_brink(self.store, self.campaign, self._state, brink),
        )
        absent = absent_move_notes(self.system, text)  # "I defy danger": not in this game
        fighting = context.fighting or context.standing is not None
        if absent and not calls_for_any(self.system, suggestions, text, fighting):
            return [], absent  # "spout lore about the temple": the note says what to do, not Defend or Hack & Slash
        aim_notes, notes = notes, notes + self._brink_notes() + absent
        notes += other_class_notes(self.system, sheet, suggestions[:1])  # Magic Missile first for a Fighter
        theirs = self._state if maker is None else self._state.model_copy(update={"active_character": maker})
        refusals = why_not_now(theirs, suggestions, words)
        refused = [their_words(n, shown_name(self._state, maker)) if maker else n for n in refusals]
        if only_for_a_pointless_move(self._state, suggestions, refused, words):
            # the refusal is the answer (see ``_action``), not three moves that do not fit, nor whose they would be
            return [], [n for n in notes if n not in aim_notes] + refused
        by_name = [s for s in suggestions if rolled_by_name(words, str(getattr(s, "move", "")))]  # "I roll payoff"
        suggestions = by_name + [s for s in suggestions if s not in by_name]
        return _instead_first(suggestions, refused), notes + refused

    def resume_suggestions(self, text: str) -> list[Any]:
        """The suggestions for the player's last action ``text`` again, without storing anything (a reload shows the
        moves it offered, and confirming one plays it as if the page had never gone; of two actions, the first)."""
        self._last_intent = text
        suggestions, _notes, _words = self._first_action(text)
        return suggestions

    def _first_action(self, text: str) -> tuple[list[Any], list[str], str]:
        """The moves that fit the player's words and the notes on them, and the words they are for: the first of two
        actions a "then" joins (the second is kept for next, :mod:`assistant.chat.one_at_a_time`), unless the first
        clearly starts a track that the whole line names ("I swear a vow to find Kira and then avenge her")."""
        from assistant.chat.one_at_a_time import split_actions
        from assistant.chat.track_finder import track_need
        from assistant.engine import get_ruleset

        self._then = ""
        split = split_actions(text)
        if split is None:
            return (*self._suggestions_for(text), text)
        suggestions, notes = self._suggestions_for(split.first)
        top = suggestions[0] if suggestions else None
        score = getattr(top, "score", None)
        if top is not None and isinstance(score, float) and score >= CLEAR_FIT:
            need = track_need(get_ruleset(self.system).find_move(str(top.move)))
            if need is not None and need.starts:
                return (*self._suggestions_for(text), text)
        self._last_intent = split.first
        self._then = split.then
        return suggestions, [*notes, split.offer_note()] if suggestions else notes, split.first

    def _start_plan(self, text: str, suggestions: list[Any]) -> None:
        """Let the LLM plan in the background; :meth:`refine` collects it (not when planning is switched off: the
        player chose offline suggestions, and the turn neither waits nor says the model could not plan)."""
        if self.planner_model is None or str(getattr(self.planner_model, "planning", "") or "") == "off":
            return
        from assistant.chat.refining import plan_in_background

        self._pending_plan = plan_in_background(
            self.planner_model,
            text=text,
            system=self.system,
            state=self._state,
            suggestions=suggestions,
            history=self.history(),
        )

    def _refine(self) -> TurnStream:
        from assistant.chat.refining import wait_for

        pending, self._pending_plan = self._pending_plan, None
        if pending is None:
            return (yield from _finish(Turn(kind="action", narrator="none")))
        refined = wait_for(pending)
        # the plan's moves pass the same checks as the offline ones (a track to act on, not a certain miss)
        suggestions = fit_suggestions(self._state, refined.suggestions, pending.text, k=len(refined.suggestions))
        if suggestions:  # aimed as the offline list is: "I swing at Duke" is Hack & Slash at Duke, his sheet takes it
            suggestions, _ = self._aim(pending.text, suggestions, k=len(suggestions))
        if suggestions and self._last_intent == pending.text:  # "#1" now picks the first of the list the player reads
            self._suggestions = list(suggestions)
        return (
            yield from _finish(
                Turn(
                    kind="action",
                    player_text=pending.text,
                    narration=moves_that_fit(suggestions),
                    narrator="llm" if refined.planned else "template",
                    suggestions=suggestions,
                    notes=self._once(refined.notes),
                )
            )
        )


#: A best fit this strong (the words name its move: "I swear an iron vow to ...") ...
CLEAR_FIT = 0.9
#: ... is offered without the moves that score under this share of it (Heal, Endure Harm): only the nearest of the rest.
FAR_BEHIND = 0.25


def befalling_me(text: str, name: str) -> str:
    """``text`` told of the one playing instead of ``name``: "the hunter stakes Mara" -> "the hunter stakes me" (what
    befalls a companion is met with the moves it would call for if it befell the one playing)."""
    import re

    said = re.sub(rf"\b{re.escape(name)}(?:'s|’s)", "my", text, flags=re.IGNORECASE)
    return re.sub(rf"\b{re.escape(name)}\b", "me", said, flags=re.IGNORECASE)


def _without_far_behind(suggestions: list[Any]) -> list[Any]:
    """The suggestions without those far behind a clear best fit; all of them when no fit is clear."""
    scores = [getattr(s, "score", None) for s in suggestions]
    if not suggestions or not isinstance(scores[0], float) or scores[0] < CLEAR_FIT:
        return suggestions
    return [
        s for s, score in zip(suggestions, scores, strict=True) if not isinstance(score, float) or score >= FAR_BEHIND * scores[0]
    ]


def _instead_first(suggestions: list[Any], refused: list[str]) -> list[Any]:
    """The move a refusal names to make instead ("Strike is made when you are in control ... Make Clash instead.") first
    among the suggestions, so "1" plays what the note says."""
    import re

    named = {m.group(1) for note in refused for m in [re.search(r"\bMake (.+?) instead\.", note)] if m}
    front = [s for s in suggestions if str(getattr(s, "move", "")) in named]
    return front + [s for s in suggestions if s not in front]
