"""Turns that look something up: the oracle, tables, Pay the Price, plain dice and rules questions."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.acting import ActingMixin
from assistant.chat.classify import WHAT_NOW, Classification
from assistant.chat.foe_fate import decided_by_a_fight
from assistant.chat.game_lacks import example_question, gm_answers, oracle_instead
from assistant.chat.moves_info import oracle_move
from assistant.chat.rules_words import gm_defined
from assistant.chat.turn import Turn, TurnStream, with_notes
from assistant.chat.turn import finish as _finish
from assistant.engine import AssistantError, InputError, RulesError, get_ruleset

#: A question no yes or no answers ("What is in the box?", "who is behind the door").
_OPEN_QUESTION = re.compile(r"^\W*(?:how|what|when|why|which|where|who|whom|whose)\b", re.I)


class LookupsMixin(ActingMixin):
    """Turns that look something up: the oracle, tables, Pay the Price, plain dice and rules questions."""

    # ---- oracle, tables, price, dice ------------------------------------------------------------
    def _title(self) -> str:
        """The game's name as a player knows it ("Blades in the Dark", not ``blades``)."""
        return get_ruleset(self.system).title or self.system

    def _tables_hint(self) -> str:
        """The end of the sentence: a pointer to the game's tables when it has some, a full stop otherwise."""
        if not get_ruleset(self.system).tables:
            return "."
        return "; you can also roll one of the game's tables with /table <name> (/tables lists them)."

    def _offered_next(self) -> str:
        """What to say to a "yes" or "ok" when the last move offers a next step (Deal Damage, Pay the Price): how to
        play it, not "I didn't catch an action"."""
        from assistant.chat.followed_next import open_follow_ups

        names = list(dict.fromkeys(f.move for f in open_follow_ups(self.store, self.campaign, self.known.top) if f.move))
        if not names:
            return ""
        said = " or ".join(names)
        return f"Next, the rules offer {said}: say so (“{names[0].lower()}”) to play it, or tell me what your character does."

    def _oracle_question(self, c: Classification) -> TurnStream:
        gm = get_ruleset(self.system).gm  # who answers at the table ("the Magistrate (the GM)")
        if not c.yes_no:
            asks_what_now = bool(WHAT_NOW.match(c.text))
            if asks_what_now and (waiting := self._choice_open_note()):
                text = waiting  # "what now?" with a pick to make: the pick comes first, in every game
            elif asks_what_now and (offered := self._offered_next()):
                text = offered  # "what now?" after a miss: Pay the Price is what the rules say comes next
            elif asks_what_now:
                text = "What your character does next is yours to say: tell me in your own words and I'll suggest the "
                text += "moves that fit"
                if oracle_move(self.system) is not None:
                    text += ', or ask the oracle a yes/no question ("Is there something behind the door?")'
                text += self._tables_hint()
            elif oracle_move(self.system) is None:
                text = f"{self._title()} has no oracle: in this game {gm} answers questions about the story"
                instead = self._story_move(c.text, yes_no=False)
                if instead is not None:  # what the rules give for it: Entanglements, Perceive Demand...
                    text += f". For this, the rules have {instead.name}: {instead.trigger.rstrip('.')}. "
                    text += f"Play it with /roll {instead.name.lower()}, or tell me what your character does."
                else:
                    text += self._tables_hint()
            else:
                text = 'The oracle answers yes/no questions. Ask it as one ("Is there something behind the door?")'
                text += self._tables_hint()
            self._say("assistant", text)
            return (yield from _finish(Turn(kind="oracle", player_text=c.text, narration=text, narrator="template")))
        if oracle_move(self.system) is None:  # a story question in a game whose GM answers them: not an error
            text = f"{self._title()} has no yes/no oracle: in this game {gm} answers questions about the story. "
            instead = self._story_move(c.text, yes_no=True)
            if instead is not None:  # Blades: the GM's fortune roll decides what no one's action does
                text += f"To let the dice decide, the rules have {instead.name}: {instead.trigger.rstrip('.')}. "
                text += f"Roll it with /roll {instead.name.lower()}."
            else:  # the city game: the Magistrate answers, and its moves find things out (no dice for a yes or no)
                text = gm_answers(self.system)
            self._say("assistant", text)
            return (yield from _finish(Turn(kind="oracle", player_text=c.text, narration=text, narrator="template")))
        return (yield from self._oracle(c.text, c.odds or "50/50", record=False))

    def _story_move(self, question: str, yes_no: bool) -> Any:
        """The move the game's rules give for a question about the story when it has no oracle, or None; the
        move for any question (an empty pattern: Blades' fortune roll) answers only a yes/no one."""
        ruleset = get_ruleset(self.system)
        for pattern, name in ruleset.story_moves:
            if (pattern or yes_no) and re.search(pattern, question, re.I):
                try:
                    return ruleset.find_move(name)
                except AssistantError:
                    return None
        return None

    def _oracle(self, question: str, odds: str, record: bool = True) -> TurnStream:
        question = (question or "").strip()
        if not question:
            raise InputError('Ask the oracle a yes/no question, e.g. "Is the station abandoned?".')
        move = oracle_move(self.system)
        if move is not None and _OPEN_QUESTION.match(question):  # "what is in the box?" has no yes or no
            raise InputError(
                f'The oracle answers yes/no questions, and "{question}" is not one. Ask it as one '
                f'("{example_question(self.system)}"){self._tables_hint()}'
            )
        if move is None:
            fitting = self._story_move(question, yes_no=True)
            instead = f"{fitting.name} (/roll {fitting.name.lower()})" if fitting is not None else oracle_instead(self.system)
            raise RulesError(
                f"{self._title()} has no yes/no oracle; roll {instead} instead." if instead else gm_answers(self.system)
            )
        if record:
            self._say("user", f"Oracle ({odds}): {question}")
        fought = decided_by_a_fight(self._state, self.system, question)
        if fought is not None:  # "is the hunter dead?" mid-fight: the fight's roll decides, not a yes from the oracle
            self._say("assistant", fought)
            return (yield from _finish(Turn(kind="oracle", player_text=question, narration=fought, narrator="template")))
        return (
            yield from self._resolve(
                {"move": move.id, "options": {"odds": odds}}, player_text=question, task="oracle", question=question
            )
        )

    def _table(self, name: str) -> TurnStream:
        ruleset = get_ruleset(self.system)
        read: list[str] = []
        try:
            table = ruleset.find_table(name)
        except AssistantError:
            import re

            def words(text: str) -> str:
                return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "

            key = words(name)  # "/table weak hit cost": the one table whose name holds those words, in that order
            holding = [t for t in ruleset.tables.values() if key.strip() and key in words(t.name)]
            by = {t.move for t in holding}
            if len(holding) > 1 and len(by) == 1 and None not in by:  # "/table entanglements": its columns' move
                table = holding[0]
            elif len(holding) != 1:
                raise
            else:
                table = holding[0]
            if len(key.split()) * 2 < len(words(table.name).split()):  # "/table action": which table that is
                read = [
                    f"No table is called “{' '.join(name.split())}”: this is {table.name}, the one table whose name "
                    "holds those words (/tables lists them all)."
                ]
        move = self._move_rolling(table)
        if move is not None:  # the move rolls its own dice and reads the column (Blades: wanted level, heat)
            return (yield from self._resolve({"move": move.id}, player_text=self._last_intent or move.name))
        rolled = self._resolve({"move": f"table:{table.id}"}, player_text=self._last_intent or table.name)
        return (yield from with_notes(rolled, read + (self._only_the_roll(table) or self._not_the_move(name, table))))

    def _only_the_roll(self, table: Any) -> list[str]:
        """A note for a table read by its move's dice pool ("/table incarceration"): only the roll was made, and the
        move that changes the sheet is played by its own name."""
        if not table.pool or not table.move:
            return []
        try:
            move = get_ruleset(self.system).move_by_id(table.move)
        except AssistantError:
            return []
        return [
            f"Only the roll: nothing on the sheet changed. To play {move.name} itself, with what it changes, "
            f"/roll {move.name.lower()}."
        ]

    def _not_the_move(self, name: str, table: Any) -> list[str]:
        """A note when the player named a move and got one of its tables ("/table take decisive action" rolls the cost
        of its weak hit): the table is not the move, and how to play the move."""
        if not table.move or name.strip().lower() == table.name.lower():
            return []
        try:
            move = get_ruleset(self.system).find_move(name)
        except AssistantError:
            return []
        if move.id != table.move:
            return []
        return [
            f"That is a table of {move.name} ({table.name}), not the move itself: to play the move, /roll {move.name.lower()}."
        ]

    def _move_rolling(self, table: Any) -> Any:
        """The move that rolls ``table`` with dice of its own, when the table is one of its columns named after it
        ("Entanglements (Heat 4-5)": dice equal to the wanted level, the column of the crew's heat), else None. A
        table read by its move's pool ("Incarceration Roll") rolls that pool itself and changes nothing."""
        if not table.move or table.pool:
            return None
        ruleset = get_ruleset(self.system)
        try:
            move = ruleset.find_move(table.move)
        except AssistantError:
            return None
        columns = [t for t in ruleset.tables.values() if t.move == table.move and t.name.startswith(move.name)]
        return move if len(columns) > 1 and move.roll.type == "pool" else None

    def _pay_the_price(self) -> TurnStream:
        ruleset = get_ruleset(self.system)
        try:
            move = ruleset.find_move("Pay the Price")
        except AssistantError:
            raise RulesError(
                f"{ruleset.title or self.system} has no Pay the Price move; roll a table (/tables) instead."
            ) from None
        from assistant.chat.followed_next import LOOK_BACK
        from assistant.chat.price_owed import no_price_owed, price_owed

        owed, last = price_owed(self.store, self.campaign, self.known.top, LOOK_BACK)
        if not owed:  # no miss waiting: no surprise roll, and the way to make it anyway
            said = no_price_owed(last, game_rolls_it_anyway=True)
            self._say("assistant", said)
            return (yield from _finish(Turn(kind="meta", player_text="/price", narration=said, narrator="template")))
        return (yield from self._resolve({"move": move.id}, player_text=self._last_intent or move.name, task="pay_the_price"))

    def _dice(self, notation: str) -> TurnStream:
        return (yield from self._resolve({"move": f"roll:{notation.strip()}"}, player_text=f"roll {notation.strip()}"))

    # ---- rules questions --------------------------------------------------------------------------
    def _move_named_in(self, words: str) -> Any:
        """The open game's move the words name ("advance our tier" -> Advance Tier), or None."""
        from assistant.chat.fitting import names_move

        return next((m for m in get_ruleset(self.system).moves if names_move(words, m.name)), None)

    def _rules(self, question: str, record_question: bool = True, system: str | None = None) -> TurnStream:
        from rules_index.qa import answer

        question = (question or "").strip()
        if not question:
            raise InputError('Ask a rules question, e.g. "what happens when momentum is negative?".')
        if record_question:
            self._say("user", question)
        from assistant.chat.sheet_answers import sheet_answer

        on_sheet = sheet_answer(question, self.system, self._state, self.store.events(self.campaign))
        on_sheet = on_sheet if on_sheet is not None else gm_defined(question, self.system)  # "what's the magistrate?"
        if on_sheet is not None:  # "how much heat do we have?": the sheet's value, then the rule on offer
            if waiting := self._choice_open_note():  # a pick still waits: asked again under the answer
                on_sheet = f"{on_sheet}\n\n{waiting}"
            self._say("assistant", on_sheet)
            return (yield from _finish(Turn(kind="meta", player_text=question, narration=on_sheet, narrator="template")))
        llm = self.rules_model
        result = answer(question, system=system or self.system, llm=llm)
        text = result.render()
        elsewhere = system not in (None, self.system) or getattr(result, "system", None) not in (None, self.system)
        move = None if result.found or elsewhere else self._move_named_in(question)  # no move of a game not asked of
        if move is not None:  # "can we advance our tier?": the text is silent, but the game's move is here to make
            text += f" This game's {move.name} move can be made here: say what you do, or /roll {move.name.lower()}."
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
