"""A typed message as a turn: a command, a pick by number or in words, a name typed first, a rules or sheet
question, an oracle question, or an action (suggestions); a line that is none of these says what to type and
stores nothing."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.chat_words import could_be_action, meta_reply, no_action_reply, waits_first
from assistant.chat.choosing import DECLINE
from assistant.chat.classify import classify
from assistant.chat.command_turns import PICK
from assistant.chat.help_text import parse_for, system_help
from assistant.chat.naming import NAMED_NOTE, bare_name
from assistant.chat.pick_reminder import PickReminderMixin
from assistant.chat.set_in_words import set_in_words
from assistant.chat.sheet_answers import character_names, sheet_question
from assistant.chat.turn import Turn, TurnStream, with_notes
from assistant.chat.turn import finish as _finish
from assistant.engine import AssistantError, InputError, get_ruleset
from assistant.inputs import MAX_MESSAGE, clean_text

_SIGNED = re.compile(r"\s*[+-]\s*\d{1,2}\s*")
"""A signed number alone ("+1"): a bonus with no move; read as an answer only where a question asks for a number."""


#: A note of the player's to themselves ("note: ilse owes me for keeping quiet about her brother", "nb - the sexton
#: saw me"): kept in the campaign's chat, no move, no answer to a waiting question (it named a new connection).
_NOTE = re.compile(
    r"^\s*\(?\s*(?:note(?:\s+to\s+(?:self|me))?|nb|n\.b\.|memo|reminder|remember)\s*[:\-–—]\s*(?P<n>.+?)\s*\)?\s*$", re.I
)

#: Commands that only show what is kept (the sheet, the tracks, the clocks, the commands): typed while a move's
#: question waits, they leave it waiting ("/tracks" set aside the question naming a new connection).
_LOOK_UPS = re.compile(r"^(?:sheet(?:\s+\S.*)?|tracks?|clocks?|progress|help|commands|\?)\s*$", re.I)


class MessagesMixin(PickReminderMixin):
    """What a typed line is, and the turn it makes."""

    # ---- a message --------------------------------------------------------------------------------
    def _message(self, text: str) -> TurnStream:
        text = clean_text(text, "Your message", max_chars=MAX_MESSAGE)  # refused before anything is stored
        if note := _NOTE.match(text):
            return (yield from self._note(text, note.group("n")))
        c = classify(text, self.system)
        if c.kind == "command" and c.text.strip().lower() == "choose" and (waiting := self._choice_open_note()):
            return (yield from _finish(Turn(kind="meta", player_text=text, narration=waiting, narrator="template")))
        if c.kind == "command":
            parse_for(self.system, c.text)  # a bad command changes nothing, not even the open question
        reply = self._reply(text, c.kind)
        if reply is not None:
            return (yield from reply)
        asked = self.pending_question
        if c.kind == "command" and c.text.strip().lower() == "undo" and asked is not None and asked.redo is None:
            # the move asked about never rolled: /undo takes back the question, not the move before it
            self._set_aside()
            said = (
                f"Set aside the question about {asked.move}: it was never rolled, so nothing was undone. Type /undo "
                "again to take back the last change."
            )
            return (yield from _finish(Turn(kind="meta", player_text=text, narration=said, narrator="template")))
        if asked is not None and (on_sheet := self._sheet_aside(c)):  # "how much health do I have?": answered, then
            self._say("user", text)  # the waiting question is asked again, not set aside
            return (yield from self._ask(asked, lead=on_sheet))
        if asked is not None and (c.kind == "rules" or c.kind == "command" and _LOOK_UPS.match(c.text.strip())):
            # "what's a demand?" or "/tracks" while the move's question waits: answered, and the question still waits
            return (yield from with_notes(self._message_body(text, c), [f"Still waiting for your answer: {asked.text}"]))
        raw = self._state.pending_question
        notes = self._set_aside()
        if c.kind == "action" and not PICK.fullmatch(c.text) and self._picked_in_words(c.text) is None:
            notes += self._open_reminder()
        try:
            return (yield from with_notes(self._message_body(text, c), notes))
        except AssistantError:
            self._reopen(raw, notes)
            raise

    def _message_body(self, text: str, c: Any) -> TurnStream:
        if c.kind in ("action", "meta") and DECLINE.fullmatch(c.text) and self._open_choice():
            self._say("user", text)
            return (yield from self._decline())
        if c.kind == "action" and PICK.fullmatch(c.text) and self._last_intent and self._suggestions:
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
            if PICK.fullmatch(c.text):
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
            and not sheet_question(c.text, self.system, character_names(self._state))
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
        if c.kind == "rules" and set_in_words(c.text, self.system):  # "could you set my coin to 2": asked, not a rule
            return (yield from self._action(c.text))
        if c.kind == "rules" or sheet_question(
            c.text, self.system, character_names(self._state)
        ):  # "whats our heat at": the sheet answers
            return (yield from self._rules(c.text, record_question=False))
        if c.kind == "oracle":
            return (yield from self._oracle_question(c))
        return (yield from self._action(c.text))

    def _sheet_aside(self, c: Any) -> str:
        """The sheet's answer to a question about a value on it ("how much health do I have?"), or "": asked while
        a move's question waits, it leaves that question open."""
        from assistant.chat.sheet_answers import sheet_answer

        if c.kind not in ("rules", "action") or set_in_words(c.text, self.system):
            return ""
        return sheet_answer(c.text, self.system, self._state, self.store.events(self.campaign)) or ""

    def _note(self, text: str, note: str) -> TurnStream:
        """A note of the player's: kept in the chat's log with its answer; nothing rolls, nothing on the sheet
        changes, and a waiting question or pick still waits (it is asked again under the answer)."""
        self._say("user", text)
        said = f"Noted: “{note.rstrip('.')}”. It is kept in this campaign's chat; nothing on the sheet changes."
        asked = self.pending_question
        if asked is not None:
            return (yield from self._ask(asked, lead=said))
        waiting = self._choice_open_note()
        if waiting:
            said += f"\n\n{waiting}"
        self._say("assistant", said)
        return (yield from _finish(Turn(kind="meta", player_text=text, narration=said, narrator="template")))

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
        from assistant.chat.fitting import names_move

        moves = get_ruleset(self.system).moves
        if any(names_move(text, n) and len(text.split()) <= len(n.split()) for m in moves for n in (m.name, *m.aliases)):
            return None  # "DSA", "Face Danger": a move's name typed alone, not the character's
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
