"""Two actions typed in one line ("I shoot the drone and then run for the airlock"): one move is rolled at a time, so
the moves offered are for the first action, and the second is kept to be played next.

Only a "then" joins two actions here ("and then", ", then", ". Then", "after that"): a plain "and" often joins the
parts of one action ("I draw my pistol and fight"). A line that opens with a condition ("if the guard sleeps, then I
slip past") is one action: the "then" answers the "if".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.chat.turn import TurnStream

#: Where a second action begins: "... and then ...", "..., then ...", "...; then ...", "... . Then ...", "... and
#: after that ...".
_THEN = re.compile(
    r"\s*(?:(?:,|;|\.|!)\s*|\s+)(?:and\s+|but\s+)?(?:then|after\s+that|afterwards|once\s+that'?s\s+done)[,\s]+(?=\S)",
    re.I,
)
#: A line that opens with a condition or a time: its "then" is part of the one action.
_CONDITION = re.compile(r"^\s*(?:if|when|whenever|once|as\s+soon\s+as|after|before|unless|until)\b", re.I)
#: Fewest words an action of its own has ("run", "hide" are actions, but "I then" is not split for a word or two).
MIN_WORDS = 1


@dataclass(frozen=True)
class Split:
    """The action rolled now (``first``) and the one kept for next (``then``)."""

    first: str
    then: str

    def offer_note(self) -> str:
        """What the player reads under the moves offered for the first action."""
        return (
            f"One move at a time: these moves are for “{self.first}”. Once it is resolved, tell me the next thing you do "
            f"(“{self.then}”)."
        )


def split_actions(text: str) -> Split | None:
    """The two actions of ``text`` when a "then" joins them, else None."""
    if _CONDITION.match(text):
        return None
    found = _THEN.search(text)
    if found is None or found.start() == 0:
        return None
    first = text[: found.start()].strip(" ,;.!")
    then = text[found.end() :].strip(" ,;.!")
    if len(first.split()) < MIN_WORDS + 1 or len(then.split()) < MIN_WORDS:
        return None
    return Split(first=first, then=_as_typed(then))


def _as_typed(then: str) -> str:
    """The second action as the player would type it on its own: "run for the airlock" stays; "I run" stays."""
    return then[:1].lower() + then[1:] if not re.match(r"^I\b", then) else then


def next_note(then: str, choosing: bool = False) -> str:
    """What the player reads under the roll of the first action: the second, kept for next (once the roll's choice is
    made, when it has one open)."""
    when = "Once you have made the choice below, type it" if choosing else "Type it"
    return f"Next, as you said: “{then}”. {when} (or anything else) to play it."


def with_next(stream: TurnStream, then: str) -> TurnStream:
    """``stream`` with the second action said last on its finished turn (see :func:`next_note`)."""
    while True:
        try:
            event = next(stream)
        except StopIteration as stop:
            return stop.value
        if event.kind == "done" and event.turn is not None and event.turn.kind != "question":
            event.turn.notes.append(next_note(then, choosing=bool(event.turn.open_choices)))
        yield event
