"""The deed behind a verb that only leads into one: "you try to push it open", "you move to the Wayfarer station".

"Try", "attempt" and "move" tell no deed of their own, so the guard's reading of the character's deeds
(:mod:`assistant.guard.undeclared`) looks through them to the deed they lead into: an attempt at something new ("You
try to push the door open" after pressing the clerk) is a deed as much as doing it, and another attempt is its own
roll; moving somewhere ("You move to the Wayfarer station", "you move into the next room") is going there, the deed
of approaching it.
"""

from __future__ import annotations

import re

#: "try to <verb>", "attempt to <verb>": the attempted deed.
_TRIED = re.compile(r"^\s+(?:to\s+)(?:[a-z]+ly\s+)?(?P<verb>[a-z']+)(?P<rest>.*)$", re.S)
_TRYING = frozenset({"try", "tries", "tried", "attempt", "attempts", "attempted"})
#: "move to the station", "move over to a door", "move into the next room": going somewhere, told as approaching it
#: ("You move to press the clerk" is the pressing, which the player declared).
_MOVED = re.compile(
    r"^\s+(?:over\s+|back\s+|on\s+)?(?:to|toward|towards|into|onto|up\s+to)(?P<rest>\s+(?:the|a|an|your|his|her|their|its|this|that)\b.*)$",
    re.S,
)
_MOVING = frozenset({"move", "moves", "moved", "head", "heads", "headed", "make your way", "walk", "walks", "walked"})
#: Verbs that tell no deed when done in passing ("you push through the pain", "you make it") but are one when tried.
ATTEMPTED = frozenset({"push", "pull", "press", "move", "take", "go", "get", "make", "open", "force", "break"})
GOING = "approach"
"""The verb a move somewhere is read as."""


def read_through(verb: str, rest: str) -> tuple[str, str, bool]:
    """``(verb, rest, tried)``: the deed ``verb`` leads into and what follows it, and whether it was an attempt;
    ``verb`` and ``rest`` unchanged when it leads into none."""
    if verb in _TRYING and (m := _TRIED.match(rest)):
        return m.group("verb"), m.group("rest"), True
    if verb in _MOVING and (m := _MOVED.match(rest)):
        return GOING, m.group("rest"), False
    return verb, rest, False
