"""The outcome a question names ("rolled a miss on Finish the Scene", "weak hit on Face Danger") and the line of
a move that states that outcome ("On a miss, you fail or are undermined ..."): that line answers the question,
over the move's trigger or another outcome's line.
"""

from __future__ import annotations

import re

#: An outcome as a question names it: "strong hit", "weak hit", "miss" / "missed" / "a miss".
_ASKED = {
    "strong_hit": re.compile(r"\bstrong\s+hit\b", re.I),
    "weak_hit": re.compile(r"\bweak\s+hit\b", re.I),
    "miss": re.compile(r"\bmiss(?:ed|es)?\b", re.I),
}
#: A line that opens with the outcome it states: "On a miss, ...", "On a **weak hit**, ...", "Weak hit: ...".
_STATED = re.compile(r"^\W*(?:on\s+an?\s+)?\**\s*(strong\s+hit|weak\s+hit|miss)\b", re.I)


def named_outcomes(question: str) -> frozenset[str]:
    """The outcomes (``strong_hit``, ``weak_hit``, ``miss``) the question names."""
    return frozenset(name for name, pattern in _ASKED.items() if pattern.search(question))


def stated_outcome(sentence: str) -> str | None:
    """The outcome a move's line opens with, or None."""
    found = _STATED.match(sentence)
    return "_".join(found.group(1).lower().split()) if found else None
