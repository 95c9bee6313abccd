"""A second attempt told: "You try again, but the clerk still ignores you.", "you take a step back and prepare to fight
again", "you try to shoot him again".

Another try is the player's next action, and its own roll: the story tells the one attempt the engine resolved. A
clause whose subject is you and whose verb is an attempt (trying, striking, shooting, asking, pressing...) with "again",
"once more" or "a second time", or "another try", is that next attempt taken for the player. The player's own words
that say it ("I try again to pick the lock"), a supposed or offered attempt ("you could try again", "you must decide
whether to try again") and what others do again ("the raider lunges at you again") pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

_VERBS = (
    r"try|tries|tried|attempt|attempts|attempted|prepare|prepares|prepared|ready|readies|readied|swing|swings|swung"
    r"|strike|strikes|struck|lunge|lunges|lunged|shoot|shoots|shot|fire|fires|fired|fight|fights|fought|attack|attacks"
    r"|attacked|ask|asks|asked|press|presses|pressed|push|pushes|pushed|heave|heaves|heaved|throw|throws|threw|aim|aims"
    r"|aimed|charge|charges|charged|stab|stabs|stabbed|slash|slashes|slashed|pull|pulls|pulled|reach|reaches|reached"
)
_AGAIN = r"again|once\s+more|a\s+second\s+time|one\s+more\s+time"
_SECOND_TRY = (
    re.compile(rf"\byou\s+(?:\w+\s+){{0,5}}?(?:{_VERBS})\b[^.!?;:]{{0,50}}?\b(?:{_AGAIN})\b"),
    re.compile(
        r"\byou\s+(?:\w+\s+){0,2}?(?:make|makes|made|take|takes|took|give|gives|gave)\s+(?:it\s+|him\s+|her\s+|them\s+"
        r"|the\s+\w+\s+)?(?:another|a\s+second|one\s+more)\s+(?:try|attempt|go|shot|swing|stab)\b"
    ),
)
#: The player's own words that make the attempt theirs ("I try again", "one more time").
_SAID_AGAIN = re.compile(rf"\b(?:{_AGAIN}|another|second)\b")


def check_second_try(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A second attempt of yours told as taken (see the module's docstring)."""
    if sentence.question or not intent or _SAID_AGAIN.search(intent.lower()):
        return []  # on a bare roll any deed is the player's call: assistant.guard.undeclared reads it
    narr = sentence.narr
    for pattern in (*_SECOND_TRY, *_declared_again(intent)):
        for m in pattern.finditer(narr):
            if negated(narr, m.end()) or hypothetical(narr, m.start(), m.end()) or _others_subject(narr, m.start()):
                continue
            excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split())
            detail = (
                f"'{excerpt}' tells a second attempt the player never declared; another try is their next action, "
                "with its own roll"
            )
            return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


def _declared_again(intent: str) -> tuple[re.Pattern[str], ...]:
    """The player's own declared verb told again ("You raise your shield again" after "I raise my shield to protect
    the cleric"): the deed done a second time."""
    m = re.match(r"\s*i\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z]{3,})\b", intent.lower())
    if m is None or m.group("verb") in _NOT_DEEDS:
        return ()
    base = m.group("verb").removesuffix("e")
    forms = rf"{re.escape(base)}(?:e|es|ed|ing|s)?"
    return (re.compile(rf"\byou\s+(?:\w+\s+){{0,2}}?{forms}\b[^.!?;:]{{0,50}}?\b(?:{_AGAIN})\b"),)


#: Words after "I" that declare no deed of their own ("I am", "I want to").
_NOT_DEEDS = frozenset({"am", "was", "have", "had", "want", "will", "would", "can", "could", "must", "need", "the"})


def _others_subject(narr: str, at: int) -> bool:
    """Whether the "you" at ``at`` is an object ("the raider lunges at you again"), not the clause's subject."""
    before = narr[max(0, at - 12) : at]
    return bool(re.search(r"\b(?:at|to|toward|towards|on|for|with|against)\s+$", before)) or bool(
        re.search(r"\b[a-z]+s\s+$", before) and not re.search(r"\b(?:as|thus|yes|this|chaos)\s+$", before)
    )
