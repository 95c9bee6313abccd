"""A price told as the failed action done after all.

Pay the Price follows an action that went wrong, and the engine's opening ties the price to it: "As you try to force
the jammed airlock open with brute strength, you face the consequences of an earlier choice." The price is the
situation getting worse; a story that goes on "As you continued to push, the airlock began to crack and eventually
burst open" tells the missed action working, the outcome the other way. The action is read from that opening (the
player's words on this turn are only "Pay the Price"), and the story is read for it working as on a miss
(:func:`~assistant.guard.contrary.told_working`: its goal's verb told done, its weapon doing its work, what it sought
learned), in a sentence about what the action was about (the airlock; "the guard opens the door behind you" may be
the price). The opening itself ("As you try to …") is an attempt, and the offline template has none.
"""

from __future__ import annotations

import re

from assistant.guard.contrary import told_working
from assistant.guard.established import CHANGING_MOVES
from assistant.guard.facts import Facts
from assistant.guard.goal_words import GOAL_VERBS
from assistant.guard.model import Violation
from assistant.guard.text import Sentence, normalize_words

#: The engine's opening of a price: "As you try to <action>, <the row>." (or "As you <action>, …").
_OPENING = re.compile(r"^\s*as\s+you\s+(?:(?:try|tried|attempt|attempted)\s+to\s+)?(?P<action>[^,]+),", re.I)
_PLAIN = frozenset({"with", "from", "into", "onto", "your", "their", "them", "that", "this", "before", "after", "about"})


def _stems(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 3 and w not in _PLAIN}


FAILED = "the engine's outcome is that it went wrong: this turn's price is paid for it"


def paid_for(facts: Facts) -> str:
    """The action this turn's price is paid for, as the engine's opening names it ("force the jammed airlock open with
    brute strength"); "" on any other turn or without such an opening."""
    if not facts.moves & CHANGING_MOVES:
        return ""
    for sentence in facts.told:
        m = _OPENING.match(sentence)
        if m:
            return " ".join(m.group("action").split())
    return ""


def check_price_undoes(told: list[Sentence], facts: Facts) -> list[Violation]:
    """On a Pay the Price turn, the action the price is paid for told working in a sentence of the story."""
    action = paid_for(facts)
    if not action:
        return []
    opening = {normalize_words(t) for t in facts.told}
    about = _stems(action) - _stems(" ".join(GOAL_VERBS))
    for sentence in told:
        if sentence.question or normalize_words(sentence.original) in opening or not about & _stems(sentence.narr):
            continue  # the price may open another door: only what the action was about, told done, undoes it
        found = told_working(sentence, f"I {action}", FAILED)
        if found:
            return found
    return []
