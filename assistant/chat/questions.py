"""Questions in plain words: when a move needs a value that neither the campaign nor the player's words give
(how much harm, which stat, how loud the score was...), the chat asks for it instead of showing an error.

A :class:`Question` is built from the engine's refusal (``InputError.missing`` names the value, ``choices``
lists the values that would do) and the ruleset's own data for that value (its type, bounds, help and
question). It keeps the move's request, so the answer finishes the move::

    question = question_for(error, request, state, intent="I take a nasty hit")
    value = read_answer(question, "2")          # a number, a label, or words: "a serious one"
    request = question.answered(value)          # the move's request with the value filled in

Questions are kept in the campaign's log (``question_asked``), so a reload keeps them.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from dataclasses import field as _field
from typing import Any

from assistant.engine import AssistantError, InputError, get_ruleset
from assistant.engine.data import CORE_OPTIONS
from assistant.engine.options import cap, words
from assistant.engine.oracle import Odds
from assistant.engine.schema import MoveSpec, RequestOption
from assistant.engine.tracks import Rank
from assistant.guard.vocab import NUMBER_WORDS as GUARD_NUMBER_WORDS
from assistant.store.state import CampaignState

#: Values a question never asks for: they are the request's plumbing, not the player's fiction.
NEVER_ASKED = frozenset({"choose", "burn", "automatic", "character", "system", "move"})

#: Numbers in words an answer may use (the guard's list, and "no"/"none", "a"/"an").
NUMBER_WORDS = {**GUARD_NUMBER_WORDS, "none": 0, "no": 0, "a": 1, "an": 1}
YES = frozenset({"yes", "y", "yeah", "yep", "sure", "true", "it was", "indeed", "correct", "right"})
NO = frozenset({"no", "n", "nope", "false", "not really", "it wasn't", "it was not", "nah"})

#: Text a player should never see: option paths, snake_case ids, JSON.
DEVELOPER_WORDS = re.compile(r"options\.|character\.|\b[a-z]+_[a-z0-9_]+\b|[{}\[\]]")


@dataclass(frozen=True)
class Answer:
    """One answer on offer: what the player sees (``label``) and the value the move gets (``value``)."""

    label: str
    value: Any


@dataclass
class Question:
    """A value a move waits for, asked in plain words (see the module docstring)."""

    move: str
    """The move's name, as printed in the rules."""
    field: str
    """``stat`` or the option the value goes into."""
    text: str
    """The question, in the player's words."""
    kind: str = "pick"
    """``pick`` (one of :attr:`answers`), ``number`` (a whole number from :attr:`lo` to :attr:`hi`), ``yes_no``,
    or ``text`` (any words; :attr:`answers` are then suggestions)."""
    answers: list[Answer] = _field(default_factory=list)
    lo: int | None = None
    hi: int | None = None
    request: dict[str, Any] = _field(default_factory=dict)
    """The move's request, waiting for the value."""
    intent: str = ""
    """The player's words the move is for (narrated with the result)."""
    read: list[str] = _field(default_factory=list)
    """What was already read from the player's words (shown again when the move resolves)."""
    hint: str = ""
    """What a ``text`` question's answer is, in the rules' words ("the spell's name"): said with the question."""
    redo: int | None = None
    """When the question came up while picking a choice: the move (event) the choice belongs to; the answer
    resolves it again with its own dice, the picks (``request["options"]``) and the value."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Question:
        data = dict(data)
        data["answers"] = [Answer(**a) for a in data.get("answers") or []]
        known = set(cls.__dataclass_fields__)
        return cls(**{k: v for k, v in data.items() if k in known})

    def answered(self, value: Any) -> dict[str, Any]:
        """The move's request with ``value`` given."""
        request = dict(self.request)
        if isinstance(value, dict):  # an answer that gives another option instead (Elegy: the foe's rank for the harm)
            request["options"] = {**(request.get("options") or {}), **value}
        elif self.field == "stat":
            request["stat"] = value
        else:
            request["options"] = {**(request.get("options") or {}), self.field: value}
        return request

    def prompt(self) -> str:
        """The question and its answers, as the chat shows it."""
        lines = [self.text]
        if self.answers:
            lines.append("")
            numbers = [a.value for a in self.answers if isinstance(a.value, int) and not isinstance(a.value, bool)]
            if numbers and len(numbers) > 3 and all(a.label == str(a.value) for a in self.answers):
                lines.pop()  # ten bare numbers on ten lines say no more than their range
                if f"from {min(numbers)} to {max(numbers)}" not in self.text:
                    lines.append(f"(a number from {min(numbers)} to {max(numbers)})")
            elif numbers:
                lines += [f"- {a.label}" for a in self.answers]  # a number typed is the amount, not a place in the list
            else:
                lines += [f"{i}. {a.label}" for i, a in enumerate(self.answers, 1)]
                from assistant.chat.answer_reading import numbers_in_labels

                if self.kind == "pick" and numbers_in_labels(self):  # "3" is the third answer, not 3 of anything
                    lines.append(f"(Answer with its number in the list, 1 to {len(self.answers)}, or its words.)")
        if self.kind == "number" and not self.answers:
            lines.append(f"(a number from {self.lo} to {self.hi})")
        if self.kind == "text":  # the next message is taken as the answer: say so, and what to type
            what = self.hint or "a few words"
            lines.append(
                f"(Your next message is the answer: type {what} in words{', or pick one above' if self.answers else ''}.)"
            )
        return "\n".join(lines)

    def label_of(self, value: Any) -> str:
        for answer in self.answers:
            if answer.value == value:
                return answer.label
        return "yes" if value is True else "no" if value is False else str(value)


# ---- building a question -------------------------------------------------------------------------------


def plain(text: str) -> bool:
    """Whether ``text`` reads as the player's words (no option paths, ids or JSON)."""
    return not DEVELOPER_WORDS.search(text)


def _help_pairs(help_text: str) -> dict[str, str]:
    """``"1 minor, 2 serious, 3 major"`` -> ``{"1": "minor", ...}``; ``"smooth (0 heat)"`` -> ``{"smooth": "0 heat"}``."""
    pairs = {m.group(1): m.group(2) for m in re.finditer(r"\b(\d+)\s+([a-z][a-z -]*?)(?=[,;)]|\s+or\b|$)", help_text)}
    pairs.update({m.group(1): m.group(2) for m in re.finditer(r"\b([a-z]+)\s*\(([^)]*)\)", help_text)})
    return pairs


def _value_label(value: Any, help_text: str, field_name: str) -> str:
    if field_name == "grit" and isinstance(value, int):
        return f"d{value}"
    shown = words(str(value))
    extra = _help_pairs(help_text).get(str(value))
    if extra is None and " " in str(value).replace("_", " "):  # "under_fire": "under fire (2 / 0)"
        found = re.search(rf"\b{re.escape(str(value).replace('_', ' '))}\s*\(([^)]*)\)", help_text, re.I)
        extra = found.group(1) if found else None
    return f"{cap(shown)} ({extra})" if extra and extra != shown else cap(shown)


def _stat_answers(move: MoveSpec, choices: list[Any] | None) -> list[Answer]:
    by_stat: dict[str, str] = {}
    for option in move.roll.stats:
        for stat in option.stats:
            by_stat.setdefault(stat, option.when)
        if len(option.stats) > 1 and option.pick:
            joined = "/".join(option.stats)
            by_stat[joined] = option.when
    names = [str(c) for c in choices] if choices else list(by_stat)
    return [Answer(f"{cap(words(n))} — {by_stat[n]}" if by_stat.get(n) else cap(words(n)), n) for n in names]


def _track_answers(state: CampaignState, kind: str | None) -> list[Answer]:
    tracks = [t for t in state.tracks.values() if not t.get("status")]
    fitting = [t for t in tracks if kind and str(t.get("kind", "")).lower() == kind.split(":")[0]] or tracks
    return [
        Answer(f"{t.get('name')} ({t.get('rank')}, {int(t.get('ticks', 0)) // 4}/10 boxes)", str(t.get("name")))
        for t in fitting
        if t.get("name")
    ]


def _sheet_list(state: CampaignState, field_name: str) -> list[Answer]:
    """Answers from the character's own lists (City beliefs, secrets; Blades projects)."""
    character = state.active() or {}
    lists = {"use_belief": "beliefs", "belief": "beliefs", "secret": "secrets", "project": "projects"}
    entries = character.get(lists.get(field_name, ""), []) if field_name in lists else []
    out = []
    for entry in entries if isinstance(entries, list) else []:
        text = entry if isinstance(entry, str) else entry.get("text") or entry.get("name") if isinstance(entry, dict) else None
        if isinstance(text, str) and text.strip():
            out.append(Answer(text.strip(), text.strip()))
    return out


def _text_for(move: MoveSpec, field_name: str, spec: RequestOption | None, message: str) -> str:
    if field_name == "stat":
        return f"{move.name}: which stat do you roll?"
    if spec is not None and spec.question:
        return spec.question
    first = message.split("?")[0] + "?" if "?" in message else message
    if plain(first) and len(first) < 160:
        return first
    help_text = move.options.get(field_name) or (spec.help if spec else "") or words(field_name)
    help_text = re.sub(r"\(?options\.\w+\)?|\btrue (if|when|to)\b", "", help_text).strip(" :;,")
    return f"{move.name} needs {help_text.split(':')[0].split(';')[0].strip()}: what is it?"


def question_for(
    error: AssistantError, request: dict[str, Any], state: CampaignState, *, intent: str = "", read: list[str] | None = None
) -> Question | None:
    """The question that asks for what ``error`` says is missing from ``request``, or None when the error is not
    about a value the player can give (an unknown move, a rule that forbids the move...). When the request gave
    a value that won't do, the question starts with what was wrong with it."""
    question = _question_for(error, request, state, intent=intent, read=read)
    field_name = error.missing or ""
    given = field_name in request if field_name == "stat" else field_name in (request.get("options") or {})
    if question is not None and given and plain(error.message) and error.message not in question.text:
        question.text = f"{error.message} {question.text}"
    return question


def _question_for(
    error: AssistantError, request: dict[str, Any], state: CampaignState, *, intent: str, read: list[str] | None
) -> Question | None:
    field_name = error.missing
    move_name = str(request.get("move") or "")
    if not field_name or field_name in NEVER_ASKED or ":" in move_name:
        return None
    try:
        ruleset = get_ruleset(state.system)
        move = ruleset.find_move(move_name)
    except AssistantError:
        return None
    read = list(read or [])
    waiting = {k: v for k, v in request.items() if k != "character"}  # the campaign's sheet applies when answered
    base: dict[str, Any] = {"move": move.name, "request": waiting, "intent": intent, "read": read}
    if field_name == "stat" and not ruleset.plan(move).takes_stat:
        return None  # "Use Power takes no stat; leave the stat out": said as it is, no stat asked for
    if field_name == "stat":
        answers = _stat_answers(move, error.choices)
        text = _text_for(move, "stat", None, error.message)
        maker = request.get("character_id")
        if maker and maker != state.active_character and maker in state.characters:  # Mara's save: her stat
            text = text.replace("do you roll", f"does {state.characters[maker].get('name') or maker} roll")
        return Question(field="stat", text=text, answers=answers, **base)
    if field_name in ("track", "progress_boxes", "progress_ticks"):
        answers = _track_answers(state, move.roll.track)
        if answers:
            return Question(field="track", text=f"{move.name}: on which progress track?", answers=answers, **base)
        return Question(
            field="progress_boxes",
            kind="number",
            lo=0,
            hi=10,
            text=f"{move.name}: how many progress boxes are filled on the track (0 to 10)?",
            **base,
        )
    if field_name == "clock" and state.clocks:
        clocks = [c for c in state.clocks.values() if c.get("name")]
        answers = [Answer(f"{c['name']} ({c.get('filled', 0)}/{c.get('segments')})", str(c["name"])) for c in clocks]
        return Question(field="clock", text=f"{move.name}: which clock?", answers=answers, **base)
    options = ruleset.options_for(move)
    spec = options.get(field_name)
    if spec is None and field_name in CORE_OPTIONS:
        spec = CORE_OPTIONS[field_name]
    if spec is None:
        return None
    help_text = move.options.get(field_name) or spec.help
    text = _text_for(move, field_name, spec, error.message)
    choices = error.choices if error.choices is not None else spec.values
    if spec.type == "rank":
        choices = [r.value for r in Rank]
    elif spec.type == "odds":
        choices = [o.value for o in Odds]
    if spec.type == "bool":
        return Question(field=field_name, kind="yes_no", text=text, answers=[Answer("Yes", True), Answer("No", False)], **base)
    if spec.type == "int" and spec.min is not None and spec.max is not None:
        answers = (
            [Answer(_value_label(n, help_text, field_name), n) for n in range(spec.min, spec.max + 1)]
            if spec.max - spec.min < 12
            else []
        )
        named = [a for a in answers if a.label != str(a.value)]
        if named and len(named) < len(answers):  # Elegy's stress: 1 unsettling ... 5 soul-shattering, then bare 6-10
            answers = named
            text = f"{text.rstrip()} (Or type another amount, up to {spec.max}.)"
        if field_name == "amount" and "foe_rank" in options and "foe_rank" not in (request.get("options") or {}):
            whose = "your" if request.get("character_id") in (None, state.active_character) else "the"  # Mara's harm
            answers += [Answer(f"{cap(r.value)} ({whose} foe's rank)", {"foe_rank": r.value}) for r in Rank]
        return Question(field=field_name, kind="number", lo=spec.min, hi=spec.max, text=text, answers=answers, **base)
    if choices:
        answers = [Answer(_value_label(c, help_text, field_name), c) for c in choices]
        return Question(field=field_name, text=text, answers=answers, **base)
    if spec.type in ("text", "name", "any", "track", "clock"):
        listed = _sheet_list(state, field_name)
        if not listed and spec.type in ("track", "clock"):  # nothing to pick from: a question would never end
            start = "/clock <segments> <name>" if spec.type == "clock" else "/track <rank> <name>"
            raise InputError(f"{move.name} acts on a {spec.type}, and there is no open {spec.type} yet: start one with {start}.")
        hint = re.sub(r"\s*\([^)]*\)", "", help_text).split(":")[0].split(";")[0].strip(" ,.")  # "the spell's name"
        return Question(field=field_name, kind="text", text=text, answers=listed, hint=hint, **base)
    return None


def asked_before(
    ask: Any, request: dict[str, Any], state: CampaignState, *, intent: str = "", read: list[str] | None = None
) -> Question | None:
    """The question for a value the chat asks before the move resolves (``ask`` is a ``reading.Ask``)."""
    from assistant.engine import InputError

    question = _question_for(InputError(ask.question, missing=ask.option), request, state, intent=intent, read=read)
    if question is not None:
        question.text = ask.question or question.text
        if ask.answers:
            question.answers = [Answer(label, value) for label, value in ask.answers]
    return question


# the answer's reading lives beside the questions (re-exported here for their callers)
from assistant.chat.answer_reading import NO_ANSWER, ODD_NUMBER, near_miss, read_answer, read_by_place  # noqa: E402

__all__ = [
    "NO_ANSWER",
    "ODD_NUMBER",
    "Answer",
    "Question",
    "asked_before",
    "near_miss",
    "question_for",
    "read_answer",
    "read_by_place",
]
