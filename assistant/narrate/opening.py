"""The opening sentence of a narrated turn, written from the player's line whatever its shape.

:func:`frame` writes one sentence from each shape :func:`assistant.narrate.line_grammar.shape` finds, without adding
facts: the attempt is told as an attempt, never as done, because the engine's outcome comes after it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.narrate.line_grammar import _DETERMINERS, _WORD, QUESTION_WORDS, Shape, shape
from assistant.narrate.long_subject import long_subject_clause
from assistant.narrate.tried import AGAIN, AGAIN_BARE, SPOKEN, as_tried, without_done, without_rank
from assistant.narrate.variety import choose, said_before
from assistant.narrate.verbs import is_verb

_ATTEMPT_VERBS = (
    "You try to", "You set out to", "You attempt to", "You make your move to", "You steel yourself to", "You go all in to"
)  # fmt: skip
_AGAIN = AGAIN
_PHRASE_FRAMES = (
    "You turn your attention to {}.", "You set your sights on {}.", "You focus on {}.", "Your attention turns to {}."
)  # fmt: skip
#: Deeds done by saying them: a vow, an oath, a promise is made whatever the roll (Swear an Iron Vow's miss is a vow
#: sworn with an obstacle before it), so it is told as done.
_SPOKEN_DEED = re.compile(r"(?:swear|vow|pledge|promise|take an oath|make a vow|make an oath)\b", re.I)
_QUESTION_TAILS = ("You put it to the test.", "There is one way to find out.", "You go and find out.")
#: "can you hack the panel" (a player asking whether they can do something, then doing it): the words after the
#: modal are the attempt.
_ASKED_ATTEMPT = re.compile(
    r"^(?:can|could|may|might|should|shall|will|would|do|did)\s+you\s+(?:still\s+|just\s+|also\s+|even\s+)?"
    r"(?:try\s+and\s+|try\s+to\s+|attempt\s+to\s+)?(?P<rest>\S.*)$",
    re.I,
)


def _lower_first(text: str) -> str:
    """The words after a framing ("You try to ..."): the first letter lowered, unless it starts a name ("Hack &
    Slash", "Defy Danger", "Kara's ship", "I")."""
    found = _WORD.findall(text)
    if not found or text.startswith(("I ", "I'", "I’")) or text == "I":
        return text
    first = found[0]
    named = len(found) > 1 and found[1][:1].isupper() or re.match(r"[A-Z][a-z]+['’]s\b", text)
    if named and first[:1].isupper() and first.lower() not in _DETERMINERS | QUESTION_WORDS | {"you", "your"}:
        return text
    return text[:1].lower() + text[1:]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _asked_attempt(intent: str) -> str:
    """The attempt a "can I ...?" question declares ("you hack the door panel"), or "" for another question."""
    match = _ASKED_ATTEMPT.match(intent)
    if not match:
        return ""
    rest = match.group("rest")
    first = rest.split(" ", 1)[0].lower()
    if not is_verb(first) and first not in {"try", "attempt"} or first in {"be", "have"}:
        return ""  # "can you see the ship?" reads as an attempt; "could you be followed?" does not
    return rest


def _opener(openers: Sequence[str], words: str, seed: object, recent: Sequence[str]) -> str:
    """``words`` after one of ``openers`` ("You try to", or "You focus on {}."), the opener chosen among those the
    recent narrations did not use, so two turns do not open alike even when their words differ."""
    heads = [o.split("{}")[0].strip() if "{}" in o else o for o in openers]
    said = " ".join(words.lower().split()[:3])
    first = said.split(" ", 1)[0]
    fitting = (
        [
            h
            for h in heads  # "go for the kill": not "You go all in to go for the kill"
            if not said.startswith(h.lower().removeprefix("you ").removesuffix(" to")) and h.lower().split()[1:2] != [first]
        ]
        or heads
    )
    head = choose(fitting, seed, recent)  # "set out for the station": not "You set out to set out for the station"
    template = openers[heads.index(head)]
    return template.format(words) if "{}" in template else f"{template} {words}."


_QUOTE_END = re.compile(r"([.!?,][\"”])\.$")
_SENTENCE_START = re.compile(r"([.!?]\s+)([a-z])")


def frame(
    player_text: str,
    seed: object,
    recent: Sequence[str] = (),
    *,
    attempt: bool = True,
    failed: bool = False,
    names: tuple[str, ...] = (),
) -> str:
    """One sentence (or two, for a question) opening the narration, or "" when the words cannot be used.

    With ``attempt`` (a move follows) the action is told as tried, since the engine's outcome comes next;
    without (a story beat), the player's "I walk into the bar" is told as done. With ``failed`` (a miss follows),
    words that read as done ("You feed on the priest.") are told as tried ("You try to feed on the priest.")."""
    player_text = without_rank(player_text)
    told = _frame(player_text, seed, recent, attempt=attempt)
    kind, intent = shape(player_text)
    if failed and kind in (Shape.ATTEMPT, Shape.CLAUSE) and not _SPOKEN_DEED.match(intent.removeprefix("you ")):
        told = as_tried(told, intent, names)
    if failed:  # "You set out to fulfil your vow; your sister is finally safe": the goal is not reached on a miss
        told = without_done(told)
    told = _QUOTE_END.sub(r"\1", told)  # 'You say, "Stand down!".': the quote's own mark ends the sentence
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), told)  # "the heat. it was loud": "It was"


def once_more(told: str, seed: object, recent: Sequence[str]) -> str:
    """``told``, or, when a recent narration said it (the same words again), told as another go ("Again, a combat
    round ends."), not as the same sentence."""
    if not told or not said_before(told, recent):
        return told
    if SPOKEN.match(told):  # "Again, you see the doctor" would read as "again, you see, ..."
        return f"{AGAIN_BARE} {_lower_first(told)}"
    return choose([f"{again} {_lower_first(told)}" for again in _AGAIN], seed, recent)


def _frame(player_text: str, seed: object, recent: Sequence[str], *, attempt: bool) -> str:
    kind, intent = shape(player_text)
    if kind is Shape.NONE:
        return ""
    if not attempt and kind is Shape.FIRST_PERSON:
        return once_more(f"{_upper_first(intent)}.", seed, recent)
    if kind is Shape.QUESTION:
        asked = _asked_attempt(intent)
        if asked and not attempt:  # "can I train prowess?" and a move without a roll: done, not asked back
            return f"You {_lower_first(asked)}."
        if asked:  # "can I hack the door panel?" is the player's move: told as the attempt, not asked back
            first = asked.split(" ", 1)[0].lower()
            return f"You {_lower_first(asked)}." if first in {"try", "attempt"} else _opener(_ATTEMPT_VERBS, asked, seed, recent)
        return f"{_upper_first(intent)}? " + choose(_QUESTION_TAILS, seed, recent)
    if kind is Shape.ATTEMPT:
        told = f"{_upper_first(intent)}." if intent.lower().startswith("you") else f"You {_lower_first(intent)}."
        return once_more(told, seed, recent)
    if kind is Shape.FIRST_PERSON:
        rest = intent.split(" ", 1)[1]
        if _SPOKEN_DEED.match(rest):  # "I swear to find…": a vow is made by saying it, not tried ("You set out to swear")
            return once_more(f"You {rest}.", seed, recent)
        return _opener(_ATTEMPT_VERBS, rest, seed, recent)
    if kind is Shape.VERB:
        return _opener(_ATTEMPT_VERBS, _lower_first(intent), seed, recent)
    if kind is Shape.GERUND:
        return choose([f"You try {_lower_first(intent)}.", f"You set about {_lower_first(intent)}."], seed, recent)
    if kind is Shape.CLAUSE or long_subject_clause(intent):  # "A bounty hunter in red armor steps out ...": as said
        return f"{_upper_first(intent)}."
    return _opener(_PHRASE_FRAMES, _lower_first(intent), seed, recent)


def as_clause(player_text: str) -> str:
    """The intent as a clause after "as" ("you dash across"), or "" when it is not an action of the character."""
    kind, intent = shape(player_text)
    if kind is Shape.FIRST_PERSON or kind is Shape.ATTEMPT and intent.lower().startswith("you "):
        return _lower_first(intent)
    if kind is Shape.VERB:
        return f"you {_lower_first(intent)}"
    if kind is Shape.ATTEMPT:
        return f"you {_lower_first(intent)}"
    asked = _asked_attempt(intent) if kind is Shape.QUESTION else ""
    if not asked:
        return ""
    trying = asked.split(" ", 1)[0].lower() in {"try", "attempt"}
    return f"you {_lower_first(asked)}" if trying else f"you try to {_lower_first(asked)}"
