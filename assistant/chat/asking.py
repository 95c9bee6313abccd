"""The session's open question and open choice, answered in the player's words.

While a question is open (:attr:`AskingMixin.pending_question`), the next message answers it when it can be
read as an answer (a number, a label, words); a short message that is not an answer asks again; anything else
(a new action, a rules question, a command) sets the question aside politely and is played as usual. While
a move's choice is open, a message that names one of its options ("pay 1 rep", "I choose 2") picks it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from assistant.chat.answer_reading import STAT_VALUE, has_words, read_by_place
from assistant.chat.chat_words import and_list
from assistant.chat.coin_raise import coin_in_words
from assistant.chat.following import FollowingMixin
from assistant.chat.questions import NO_ANSWER, ODD_NUMBER, Question, near_miss, read_answer
from assistant.chat.track_question import FIELD as NEW_TRACK_NAME
from assistant.chat.track_question import answered as name_answered
from assistant.chat.turn import TurnStream, with_notes
from assistant.engine import AssistantError, InputError
from assistant.store import service
from assistant.store.followups import StaleEventError

#: Messages this long or longer that don't answer the question are a new action, not a failed answer.
NEW_ACTION_WORDS = 5
#: A free answer (a name, a place) is at most this many words; a longer message is a new action.
FREE_ANSWER_WORDS = 8
#: The most words an answer naming a new track may have (a vow in a sentence); longer is a new action.
NAME_ANSWER_WORDS = 30


class AskingMixin(FollowingMixin):
    """Questions kept open across turns (and reloads), and choices picked in words."""

    @property
    def pending_question(self) -> Question | None:
        """The question the player has not answered yet (it survives a reload), or None."""
        raw = self._state.pending_question
        if not raw:
            return None
        try:
            return Question.from_dict(raw)
        except (TypeError, ValueError):  # a question written by another version: not askable any more
            return None

    def _answer(self, value: Any) -> TurnStream:
        """Answer the open question with ``value`` (one of its answers' values, or the player's words)."""
        question = self.pending_question
        if question is None:
            raise InputError("There is no open question to answer; tell me what your character does.")
        offered = any(a.value == value and type(a.value) is type(value) for a in question.answers)
        chosen = value if offered else read_answer(question, str(value))
        if chosen is NO_ANSWER:
            raise InputError(near_miss(question, str(value)))
        self._check_still_open(question)
        self._say("user", question.label_of(chosen))
        return (yield from self._answered(question, chosen))

    def _check_still_open(self, question: Question) -> None:
        """Refuse an answer (a :class:`StaleEventError`, nothing changed) when the campaign's open question is no
        longer the one this player was shown: another player's turn set it aside or asked their own since."""
        current = service.load_campaign(self.campaign, store=self.store)
        if current.pending_question == self._state.pending_question:
            return
        if current.pending_question is None:
            why = "another player's turn set it aside in the meantime"
        else:
            try:
                other = Question.from_dict(current.pending_question).move
            except (TypeError, ValueError):
                other = "another move"
            why = f"someone else acted since you looked, and the open question is now theirs, about {other}"
        raise StaleEventError(
            f"Could not answer the question about {question.move}: {why}. Nothing was changed; look at the campaign "
            f"again and confirm {question.move} again if you still want it.",
            current.undo_stack,
        )

    def _answered(self, question: Question, value: Any, said: str = "") -> TurnStream:
        """Finish the waiting move with the answer; a further missing value is the next question. ``said``: the
        answer as typed, whose words may give the move more than was asked ("loud, and there were bodies")."""
        self._last_intent = question.intent
        if question.field == NEW_TRACK_NAME:  # the words name the track the move starts
            request, note = name_answered(question, str(value), self.system)
            turn = yield from self._resolve(request, player_text=question.move, read=[*question.read, note])
        elif question.redo is not None:
            seq, event = self._followed_move(question.redo, "choose")
            update = dict(question.answered(value).get("options") or {})
            turn = yield from self._redo(seq, event, update, f"choose for {question.move}")
        else:
            request, read = _also_said(question, question.answered(value), said, self._state)
            read = [*read, *[n for n in [read_by_place(question, said, value)] if n]]
            turn = yield from self._resolve(request, player_text=question.intent or question.move, read=read)
        if turn.kind != "question":
            service.settle_question(self.campaign, "answered", expect=question.to_dict(), store=self.store)
        return turn

    def _reply(self, text: str, kind: str) -> TurnStream | None:
        """The turn for ``text`` (classified as ``kind``) when it answers the open question or asks it again;
        None when the message is something else (the question is then set aside)."""
        question = self.pending_question
        if question is None:
            return None
        if kind == "command":
            picked = _CHOOSE.match(text)  # "/choose 2" while a question is open and no choice: the answer
            if picked is None or self._open_choice() is not None:
                return None
            text, kind = picked.group(1), "action"
        words = len(text.split())
        if question.field == NEW_TRACK_NAME and words <= NAME_ANSWER_WORDS and not text.rstrip().endswith("?"):
            # "to make amends with the archivists, a dangerous vow", even "I swear to ...": the words asked for
            self._check_still_open(question)
            self._say("user", text)
            return self._answered(question, text)
        if (kind != "action" and words > 2) or (question.kind == "text" and words > FREE_ANSWER_WORDS):
            return None  # a rules or oracle question, or a new action, not an answer
        if question.kind == "text" and not has_words(text):
            raise InputError(near_miss(question, text))  # "2" for the spell's name: refused, the question stays open
        if question.kind == "text" and _acts_or_asks(text, kind):
            return None  # "I search the warehouse", "who runs the docks?": the next action, not the words asked for
        if kind == "action" and words >= NEW_ACTION_WORDS and _BLOW_TAKEN.search(text):
            return None  # "the hunter stakes me, a formidable foe": a new blow, not the rank of the last question
        if kind == "action" and _another_move_called(self.system, text, question.move):
            return None  # "now entanglements" while Heat asks how loud: the next move called for, not an answer
        if kind == "action" and coin_in_words(text) is not None:
            return None  # "spend 1 crew coin" while the payoff asks how much coin: spending, not the amount asked
        same = self._stats_of_value(question, text)
        if len(same) > 1:  # "+1" with Shadow and Wits both at 1: which of them, in words
            self._say("user", text)
            labels = [question.label_of(v).split(" — ")[0] for v in same]
            both = "both" if len(labels) == 2 else "all"
            return self._ask(question, lead=f"{and_list(labels)} are {both} {text.strip()}: which of them do you roll?")
        value = same[0] if same else read_answer(question, text)
        if value is NO_ANSWER and kind == "action":  # the move's own words for it: "a standard score" is 6 coin
            value = _in_move_words(question, text, self._state)
        if value is not NO_ANSWER:
            self._check_still_open(question)
            self._say("user", text)
            return self._answered(question, value, said=text)
        if (kind == "action" or ODD_NUMBER.fullmatch(text.strip().rstrip("."))) and (
            len(text.split()) < NEW_ACTION_WORDS and not _first_person(text)
        ):
            self._say("user", text)
            return self._ask(question, lead=near_miss(question, text))
        return None

    def _stats_of_value(self, question: Question, text: str) -> list[Any]:
        """The stats among a "which stat?" question's answers that ``text`` names by their value ("+1": the
        character's stats at 1); empty for any other question or text."""
        found = STAT_VALUE.fullmatch(text.strip())
        if question.field != "stat" or found is None:
            return []
        who = question.request.get("character_id") or self._state.active_character
        stats = ((self._state.characters.get(who) or {}).get("stats") or {}) if who else {}
        return [a.value for a in question.answers if str(stats.get(str(a.value), "")) == found.group("n")]

    def _moving_on(self, body: Callable[[], TurnStream]) -> TurnStream:
        """Run ``body`` (a turn other than an answer: a confirm, a choice, an oracle...) with the open question
        set aside first."""
        raw = self._state.pending_question
        notes = self._set_aside()
        try:
            return (yield from with_notes(body(), notes))
        except AssistantError:
            self._reopen(raw, notes)
            raise

    def _reopen(self, raw: dict[str, Any] | None, notes: list[str]) -> None:
        """Open again the question set aside for a turn the rules or the input refused (it changed nothing)."""
        self.store.drop_held()  # the refused turn's line is not logged, not even ahead of the question asked again
        if raw and notes:  # notes: the question was set aside by this turn
            service.ask_question(self.campaign, raw, store=self.store)

    def _set_aside(self) -> list[str]:
        """Close the open question because the player moved on; the note that says so."""
        question = self.pending_question
        if question is None:
            return []
        if service.settle_question(self.campaign, "cancelled", expect=self._state.pending_question, store=self.store) is None:
            return []  # not the question this player saw (someone else's, or already closed): left as it is
        return [f"The question about {question.move} was set aside; confirm the move again when you want it."]

    def _picked_in_words(self, text: str) -> list[str] | None:
        """The options of the last move's open choice that ``text`` names, or None."""
        from assistant.chat.choosing import open_options, said_choice

        opened = self._open_choice()
        return said_choice(text, open_options(opened[1].choices)) if opened else None


def _in_move_words(question: Question, text: str, state: Any) -> Any:
    """The value the move's own words give for what ``question`` asks ("a standard score": 6 coin, "it went loud":
    loud), else :data:`NO_ANSWER`."""
    from assistant.chat.reading import read_missing

    found = read_missing(text, question.move, state, question.field).options
    return found.get(question.field, NO_ANSWER)


def _also_said(question: Question, request: dict[str, Any], said: str, state: Any) -> tuple[dict[str, Any], list[str]]:
    """The answered request with what else the answer's words give the move ("loud, and there were bodies": the
    killing's heat too, not only the exposure asked), and the notes read so far with it."""
    from assistant.chat.reading import read_words

    if len(said.split()) < 2:
        return request, list(question.read)
    given = dict(request.get("options") or {})
    more = read_words(said, question.move, state, given=given)
    more.options.pop(question.field, None)
    if not more.options:
        return request, list(question.read)
    notes = [n for n in more.notes if not n.startswith(f"{question.field.replace('_', ' ')} ")]
    return {**request, "options": {**given, **more.options}}, [*question.read, "Read from your answer: " + "; ".join(notes) + "."]


#: Someone else acting on the character ("the hunter stakes me", "he shoots at me"): a new event in the story.
_BLOW_TAKEN = re.compile(r"\b(?!i\b)[a-z]+\s+[a-z]+(?:s|ed)\s+(?:at\s+)?me\b", re.IGNORECASE)

_CHOOSE = re.compile(r"^\s*/\s*choose\s+(\S.*?)\s*$", re.IGNORECASE)

_I_DO = re.compile(r"^\s*(?:i|we)\s+(?!(?:dunno|guess|think|mean)\b)[a-z]{2,}", re.IGNORECASE)


#: First-person words that still answer a question asked for words ("I owe the Watch a name", "I must find her").
_I_SAY = re.compile(r"^\s*(?:i|we)\s+(?:must|need|have|had|should|will|shall|owe|want|wish|would|am|was|were|are)\b", re.I)


def _acts_or_asks(text: str, kind: str) -> bool:
    """A message that is the player's next action or question, not the words a question asked for: a question
    ("who runs the docks?"), a rules or oracle question, or "I"/"we" doing something ("I search the warehouse")."""
    if kind in ("rules", "oracle", "command") or text.rstrip().endswith("?"):
        return True
    return _first_person(text) and not _I_SAY.match(text)


def _first_person(text: str) -> bool:
    """Short words that are the player's next action ("i make a discovery"), not a try at the answer ("hmm big"): the
    question is set aside for them, not asked again."""
    return bool(_I_DO.match(text))


#: Words before a move's name called for on its own ("now entanglements", "ok, payoff time", "let's do the heat").
_CALLING = re.compile(
    r"^(?:(?:now|ok|okay|so|then|next|and|alright|right)[,\s]+)*(?:(?:let'?s|lets)\s+(?:do|roll|make)\s+|roll\s+|time\s+for\s+)?"
    r"(?:the\s+)?(?P<name>.+?)(?:\s+(?:now|time|next|please))?[.!]*$",
    re.IGNORECASE,
)


def _another_move_called(system: str, text: str, asking: str) -> bool:
    """Whether ``text`` is only a move's name called for ("now entanglements"), a move other than ``asking``'s."""
    from assistant.engine import get_ruleset
    from assistant.engine.data import normalize_name

    found = _CALLING.match(text.strip())
    if found is None:
        return False
    said = normalize_name(found.group("name"))
    for move in get_ruleset(system).moves:
        names = {normalize_name(n) for n in (move.name, *move.aliases)}
        if said in names or said.rstrip("s") in {n.rstrip("s") for n in names}:
            return normalize_name(move.name) != normalize_name(asking)
    return False
