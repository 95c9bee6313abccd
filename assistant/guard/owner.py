"""A change told for the wrong owner: the engine moved your meter, and the story gives the change to someone else.

The engine keeps one sheet per Result, the character who made the move: every meter change of the Result is theirs
(the player's, or on another character's move the actor's). On Endure Harm your health goes from 4 to 2 and a small
model writes "The raider's health went down." or "The raider, still formidable, faces a physical injury.": the
right change, the wrong owner, and the player reads that the raider was hurt and they were not.

A meter claim belongs to someone else when it is told as another's: their possessive before the meter ("the
raider's health", "his spirit", "Mara's momentum" when the move is yours), or, for harm, a foe as the one who
suffers it ("the raider takes a wound"). Whatever belongs to the mover's side stays theirs: you, the crew, the ship,
the companion, the gang, and the character's own name. A harm told of another on a turn that also marked progress
against a foe (a blow landed) is the fight's story, not a wrong owner.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.system_words import meter_words
from assistant.guard.text import Sentence, hypothetical, negated

#: Owners that are the mover's own side: a change to the crew's heat or the ship's integrity is the sheet's.
_OWN_SIDE = frozenset(
    re.findall(
        r"\S+",
        "you your yours yourself player character crew ship starship vessel hull companion gang cohort team party own "
        "my our we us i",
    )
)
#: Pronouns that, in a story told to "you", are always someone else.
_OTHER_PRONOUNS = frozenset({"his", "her"})
_HARM_TARGETS = frozenset({"health", "hp", "harm", "spirit", "stress", "blood"})
#: The sheet's meters a possessive can give to the wrong owner; "the bard's damage", "the fence's coin" or "the
#: bard's armor" are theirs to have in the story, whatever the engine did to yours.
_OWNED_TARGETS = frozenset(
    {"health", "hp", "spirit", "supply", "momentum", "stress", "trauma", "blood", "hunger", "focus", "mana", "xp", "integrity"}
)
_AMBIGUOUS_WORDS = frozenset({"damage", "harm", "experience"})
_HARM_NOUN = r"(?:injury|injuries|harm|wound|wounds|damage|blow|hurt|pain)"
_SUFFERS = re.compile(
    r"(?:^|[.;:!?]\s*|\b(?:and|but|then|as|while)\s+)(?P<owner>(?:the|a|an)\s+[a-z]+|he|she)(?:\s*,[^,]{1,60},)?\s+"
    r"(?:\w+\s+)?(?:faces|suffers|suffered|takes|took|endures|endured|receives|received|sustains|sustained)\s+"
    rf"(?:a\s+|an\s+|some\s+)?(?:[a-z]+\s+){{0,2}}?{_HARM_NOUN}\b"
)


@cache
def _possessive(meters: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(m) for m in sorted(meters, key=len, reverse=True))
    return re.compile(rf"\b(?P<owner>(?:the\s+|a\s+|an\s+)?[a-z]+(?:'s|s')|his|her)\s+(?:[a-z]+\s+){{0,2}}?(?P<meter>{names})\b")


def _mover_names(facts: Facts) -> set[str]:
    names = {w for w in re.findall(r"[a-z]+", facts.actor.lower())}
    for r in facts.results:
        for sheet in (r.character, r.character_before):
            name = (sheet or {}).get("name")
            if isinstance(name, str):
                names.update(re.findall(r"[a-z]+", name.lower()))
    return names


def _someone_else(owner: str, facts: Facts) -> str | None:
    """The other owner's name as the story tells it ("the raider"), or None when it is the mover's side."""
    words = re.findall(r"[a-z]+", owner.lower().replace("'s", "").replace("s'", "s"))
    if not words:
        return None
    last = words[-1]
    if last in _OWN_SIDE or last in _mover_names(facts):
        return None
    if last in _OTHER_PRONOUNS or last in ("he", "she"):
        return "someone else"
    return " ".join(w for w in words if w not in ("a", "an")) if len(words) > 1 else last


def _change_told(target: str, facts: Facts) -> str:
    changes = facts.changes.get(target, [])
    moved = [c for c in changes if isinstance(c.before, int) and isinstance(c.after, int) and c.before != c.after]
    if moved:
        return f"your {target.replace('_', ' ')} ({moved[0].before} to {moved[0].after})"
    return f"your {target.replace('_', ' ')}"


def check_meter_owner(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A change the engine made to the mover's meter told as someone else's (see the module's docstring)."""
    if not facts.changes or sentence.question or facts.actor:
        return []
    meters = meter_words(facts.system)
    text = sentence.narr
    for m in _possessive(tuple(meters)).finditer(text):
        target = meters[m.group("meter")][0]
        if not facts.changes.get(target) or target not in _OWNED_TARGETS or m.group("meter") in _AMBIGUOUS_WORDS:
            continue
        other = _someone_else(m.group("owner"), facts)
        if other is None or negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end()):
            continue
        return [_violation(sentence, m.start(), m.end(), target, other, facts)]
    harmed = [t for t in facts.changes if t in _HARM_TARGETS and any((c.delta or 0) != 0 for c in facts.changes[t])]
    if harmed and "progress" not in facts.changes:
        for m in _SUFFERS.finditer(text):
            other = _someone_else(m.group("owner"), facts)
            if other is None or negated(text, m.start("owner"), 3) or hypothetical(text, m.start(), m.end()):
                continue
            return [_violation(sentence, m.start("owner"), m.end(), harmed[0], other, facts)]
    return []


def _violation(sentence: Sentence, start: int, end: int, target: str, other: str, facts: Facts) -> Violation:
    raw = sentence.raw or sentence.original
    excerpt = (raw[start:end] if len(raw) == len(sentence.narr) else sentence.narr[start:end]).strip()
    whose = "theirs" if other == "someone else" else f"{other}'s"
    detail = f"'{excerpt}': the engine changed {_change_told(target, facts)}, not {whose}; tell it as yours"
    return Violation(ViolationKind.STATE, detail, excerpt)


#: The position a move puts the mover in, as the sheet's plain words tell it.
_POSITION_WORDS = {"bad_spot": r"in\s+a\s+bad\s+spot", "in_control": r"in\s+control"}


@cache
def _position_told(words: str) -> re.Pattern[str]:
    """Someone told in the position: "the raider is now in a bad spot", "the raider, still in a bad spot, ...", "leaving
    him in a bad spot"."""
    # a foe of up to three words: "the lead razor-beast, now in a bad spot"
    owner = r"(?:the|a|an)\s+[a-z]+(?:'s)?(?:(?:\s+|-)[a-z]+(?:'s)?){0,2}?|he|she|they"
    return re.compile(
        rf"\b(?P<owner>{owner})(?:\s*,[^,]{{1,60}},)?\s+(?:\w+\s+)?(?:is|was|are|were|remains|remained|stays|stayed"
        rf"|finds\s+\w+)\s+(?:now\s+|still\s+|suddenly\s+|clearly\s+)?{words}\b"
        rf"|\b(?P<named>{owner}),\s+(?:now\s+|still\s+)?{words}\b"
        rf"|\b(?:leav\w*|left|put\w*|plac\w*|forc\w*|driv\w*|drove)\s+(?P<object>him|her|them|the\s+[a-z]+)\s+(?:now\s+)?{words}\b"
    )


def check_position_owner(sentence: Sentence, facts: Facts) -> list[Violation]:
    """The position the engine put the mover in ("you are now in a bad spot") told as someone else's: "The raider, a
    formidable fight, is now in a bad spot", "The raider, still in a bad spot, takes cover". The player reads that the
    foe is pressed and they are not. The mover's side in it, a denial and a supposition pass."""
    if sentence.question or facts.actor:
        return []
    positions = {str(e.after) for r in facts.results for e in r.effects if e.kind.value == "position" and e.after}
    text = sentence.narr
    for position in positions & set(_POSITION_WORDS):
        for m in _position_told(_POSITION_WORDS[position]).finditer(text):
            other = _someone_else(m.group("owner") or m.group("named") or m.group("object"), facts)
            if other is None or other == "they" or negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end()):
                continue
            raw = sentence.raw or sentence.original
            excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
            where = "in a bad spot" if position == "bad_spot" else position.replace("_", " ")
            detail = f"'{excerpt}' tells {other} as {where}, but the engine put you there this turn"
            return [Violation(ViolationKind.STATE, detail, excerpt)]
    return []
