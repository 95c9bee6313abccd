"""Reading a player's answer to a question the chat asks before a move: a number, one of the answers (by its number,
its label or its words), yes or no, or words; and what to say when a short message did not answer it ("-1" is no
answer to a quality from 0 to 6, though its digit is)."""

from __future__ import annotations

import re
from typing import Any

from assistant.chat.questions import NO, NUMBER_WORDS, YES, Answer, Question

# ---- reading an answer -----------------------------------------------------------------------------------
_NOTHING = object()
#: A line that opens as the player's deed ("I roll heat, we killed…"): a new action, not a number's answer.
_ACTION = re.compile(r"^\s*(?:i|we)\s+(?!(?:got|get|have|had|made|make|took|take|think|guess|say|said)\b)[a-z]+", re.I)


def has_words(text: str) -> bool:
    """Whether ``text`` holds a letter: "2", "?" or "-1" name no spell, no place, no answer in words."""
    return re.search(r"[^\W\d_]", text) is not None


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9+/ ]+", " ", text.lower().replace("_", " ")).split("—")[0].strip()


def _number(text: str) -> int | None:
    low = text.lower()
    digits = re.findall(r"(?<![\w.])-?\d+(?![\w.])", low)
    if len(set(digits)) == 1:
        return int(digits[0])
    words = re.findall(r"[A-Za-z]+", text)
    spelled = [  # "Six Towers" mid-line is a place, not a number
        NUMBER_WORDS[w.lower()]
        for i, w in enumerate(words)
        if w.lower() in NUMBER_WORDS and w.lower() not in ("a", "an", "no") and not (i and w[:1].isupper())
    ]
    return spelled[0] if len(set(spelled)) == 1 else None


def _whole_word(needle: str, haystack: str) -> bool:
    return bool(needle) and re.search(rf"(?<![a-z0-9]){re.escape(needle)}(?![a-z0-9])", haystack) is not None


def _pick(question: Question, text: str) -> Any:
    low = _norm(text)
    bare = low.lstrip("+").removeprefix("the ").strip()
    leading = re.match(r"(\d+)\s+(?:and|plus|but|with)\b", bare)  # "3, and there were bodies": 3, the rest read too
    bare = leading.group(1) if leading else bare
    if re.fullmatch(r"\d+", bare):
        n = int(bare)
        values = [a.value for a in question.answers]
        if any(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return n if n in values else _NOTHING
        return question.answers[n - 1].value if 1 <= n <= len(question.answers) else _NOTHING
    for answer in question.answers:  # the label or the value, as written
        if bare in (_norm(answer.label), _norm(str(answer.value)), _norm(answer.label.split(" — ")[0].split(" (")[0])):
            return answer.value
    hits = [  # the value's words in a longer answer ("it was loud", "with iron")
        a
        for a in question.answers
        if _whole_word(_norm(str(a.value)), low)
        or _whole_word(_norm(a.label.split(" — ")[0].split(" (")[0]), low)
        or any(_whole_word(w, low) for w in _aliases(a))
    ]
    if len({str(a.value) for a in hits}) == 1:
        return hits[0].value
    return _NOTHING


def _aliases(answer: Answer) -> list[str]:
    """The words in parentheses of a label (``"2 (serious)"`` -> ``serious``), when they are one word."""
    inner = re.findall(r"\(([^)]*)\)", answer.label)
    return [_norm(w) for w in inner if re.fullmatch(r"[a-z]+", _norm(w) or "-")]


#: A number no answer is given as: signed or with a fraction ("-1", "2.5"); "-1" once read as answer 1.
ODD_NUMBER = re.compile(r"-\s*\d+(?:[.,]\d+)?|\+?\d+[.,]\d+")
#: A minus sign as keyboards and phones type it (the minus sign, a dash) or said in words ("minus one").
_MINUS = re.compile(r"^\s*(?:[\u2212\u2013\u2014\ufe63\uff0d]|minus\s+)\s*(?P<n>\d+|[a-z]+)\s*\.?\s*$", re.I)


#: A stat's value as a move names it ("+1", "+ 2"): the answer to "which stat?" is then the stat with that value.
STAT_VALUE = re.compile(r"\+\s*(?P<n>\d+)\s*\.?")


def _signed(text: str) -> str:
    """``text`` with its minus sign as "-" ("\u22121", "\u20131", "minus one" are "-1": no answer 1), else as it is."""
    m = _MINUS.match(text)
    if not m:
        return text
    n = m.group("n").lower()
    if n.isdigit():
        return f"-{n}"
    return f"-{NUMBER_WORDS[n]}" if n in NUMBER_WORDS and n not in ("a", "an", "no") else text


def read_answer(question: Question, text: str) -> Any:
    """The value ``text`` gives for ``question`` (a number, a label or words), or :data:`NO_ANSWER`."""
    text = _signed(text.strip())
    if not text:
        return NO_ANSWER
    if ODD_NUMBER.fullmatch(text.rstrip(".")):  # never a pick: "-1" is not answer 1, nor a quality of 1
        whole = re.fullmatch(r"-\s*\d+", text.rstrip("."))
        n = int(text.rstrip(".").replace(" ", "")) if whole else None
        if n is not None and question.field == "amount" and n < 0:  # a cost as the rules print it: "suffer -2"
            n = -n
        lo, hi = question.lo, question.hi
        in_range = n is not None and lo is not None and hi is not None and lo <= n <= hi
        return n if question.kind == "number" and in_range else NO_ANSWER
    if STAT_VALUE.fullmatch(text) and (question.field == "stat" or _no_signed_answer(question)):
        return NO_ANSWER  # "+1" is a stat's value (or a bonus), never answer 1 of a list: "which xp track?" asks again
    low = _norm(text)
    if question.kind == "yes_no":
        if len(low.split()) > 4:  # "No, I run for the door instead" is a new action, not an answer
            return NO_ANSWER
        if low in YES or low.split(" ")[0] in YES:
            return True
        if low in NO or low.split(" ")[0] in NO:
            return False
        return NO_ANSWER
    if question.answers:
        picked = _pick(question, text)
        if picked is not _NOTHING:
            return picked
    if question.kind == "number":
        if _ACTION.match(text) and len(low.split()) > 4:  # "I roll heat, we killed a bluecoat": a new action
            return NO_ANSWER
        n = _number(text)
        if n is None:
            return NO_ANSWER
        assert question.lo is not None and question.hi is not None
        return n if question.lo <= n <= question.hi else NO_ANSWER
    if question.kind == "text":  # words: "2" or "?" names no spell nor place
        return text if has_words(text) else NO_ANSWER
    return NO_ANSWER


def _no_signed_answer(question: Question) -> bool:
    """Whether ``question`` picks from a list none of whose answers reads as a signed number ("+1 forward")."""
    return (
        question.kind == "pick"
        and bool(question.answers)
        and not any(str(a.label).lstrip().startswith(("+", "-")) for a in question.answers)
    )


NO_ANSWER: Any = _NOTHING
"""What :func:`read_answer` returns when the text does not answer the question."""


def _how_to_pick(question: Question) -> str:
    """How the answers of ``question`` are given: their numbers in the list, or, when the answers are numbers
    themselves (a die's sides: d4 to d12), those numbers, which a list number would be mistaken for."""
    values = [a.value for a in question.answers]
    if any(isinstance(v, int) and not isinstance(v, bool) for v in values):
        said = [str(v) for v in values]
        listed = ", ".join(said[:-1]) + f" or {said[-1]}" if len(said) > 1 else said[0]
        labels = [a.label.split(" — ")[0] for a in question.answers]
        shown = f" ({labels[0]} to {labels[-1]})" if labels != said and len(labels) > 1 else ""
        return f"give {listed}{shown}"
    return f"pick 1 to {len(question.answers)}, or one of the answers' words"


def near_miss(question: Question, said: str = "") -> str:
    """What to say when a short message did not answer the question (``said``: the message)."""
    number = _signed(said.strip()).rstrip(".")
    if question.field == "stat" and STAT_VALUE.fullmatch(number):
        names = ", ".join(a.label.split(" — ")[0] for a in question.answers)
        return (
            f"{number.replace(' ', '')} is a stat's value, not one of the answers: say which stat you roll "
            f"({names}), or its number in the list without the plus."
        )
    if ODD_NUMBER.fullmatch(number) and question.kind in ("number", "pick"):
        if question.kind == "number" and question.lo is not None and question.hi is not None:
            return f"{number} is not one of the answers: give a whole number from {question.lo} to {question.hi}."
        return f"{number} is not one of the answers: {_how_to_pick(question)}."
    if number.isdigit() and question.kind == "number" and question.lo is not None and question.hi is not None:
        return f"{number} is not one of the answers: give a number from {question.lo} to {question.hi}."
    if number.isdigit() and question.kind == "pick" and question.answers:  # "5" of three answers
        return f"There is no answer {number} here: {_how_to_pick(question)}, or tell me what your character does instead."
    if question.kind == "number" and question.lo is not None and question.hi is not None:
        how = f"a number from {question.lo} to {question.hi}"  # the answers listed are examples (a payoff's 2 to 10)
        how += " (one of those below, or another)" if question.answers else ""
    elif question.kind == "yes_no":
        how = "yes or no"
    elif question.kind == "text":
        what = question.hint or "a few words"
        if said.strip() and not has_words(said):  # "2" for a spell's name: no words at all
            return (
                f"{said.strip()} is not {what}: nothing was changed. Type {what} in words as your next message, "
                "or tell me what your character does instead."
            )
        how = what
    else:
        how = "one of the answers below (its number or its words)"
    return f"I didn't catch that. Answer with {how}, or tell me what your character does instead."


def numbers_in_labels(question: Question) -> bool:
    """Whether ``question`` lists answers picked by their place whose labels carry numbers of their own (Heat's "Loud
    (4)"): a number typed could be read either way, so the question says how it is read, and the answer says what it
    was read as."""
    values = [a.value for a in question.answers]
    if not values or any(isinstance(v, (int, bool)) for v in values):
        return False
    return any(re.search(r"\d", a.label) for a in question.answers)


def read_by_place(question: Question, said: str, value: Any) -> str:
    """The note for an answer given by its number in a list whose labels carry numbers ("3" to Heat's question: "Read
    3 as the third answer, Loud (4)."), "" for any other answer."""
    bare = re.match(r"\s*(\d+)\s*(?:[,.;)]|and\b|plus\b|with\b|but\b|$)", said.lower())
    if bare is None or not numbers_in_labels(question):
        return ""
    n = int(bare.group(1))
    if not 1 <= n <= len(question.answers) or question.answers[n - 1].value != value:
        return ""
    return f"Read {n} as answer {n} in the list: {question.answers[n - 1].label}."
