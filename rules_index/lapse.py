"""Whether a thing changes or ends with time alone: a point the texts settle only in so many words.

"does its Productivity drop on its own if I don't check in?", "once our faction spreads a rumor, does it die down after
a while or stay around forever?", "does my heat go away by itself between sessions?": the question names the move that
makes the thing (Run the Scheme, Spread a Rumor), so that move's passage matches it well, yet says nothing of the thing
lapsing. Only a passage that speaks of something ending, lasting or wearing off ("it also ends on your next turn",
"until you rest") answers it; without one the texts do not cover the question, however well the move matches.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: A question whether something lapses, fades or changes with time alone.
_ASKS_LAPSE = re.compile(
    r"\bon\s+(?:its|their|his|her)\s+own\b(?!\s+(?:turn|move|roll|initiative))"
    r"|\bby\s+(?:itself|themselves)\b"
    r"|\bafter\s+a\s+while\b|\bover\s+time\b|\bforever\b"
    r"|\b(?:wears?|wore|wearing)\s+off\b|\b(?:dies?|died|dying)\s+down\b",
    re.I,
)
#: A sentence that says how long something lasts or when it ends.
_SAYS_LAPSE = re.compile(
    r"\b(?:ends?|ended|ending|until|lasts?|lasting|wears?\s+off|expires?|expired|remains?|permanent(?:ly)?|forever"
    r"|rest\s+of|fades?|duration)\b",
    re.I,
)


def asks_lapse(question: str) -> bool:
    """Does ``question`` ask whether something changes or ends with time alone ("does it die down after a while")?"""
    return bool(_ASKS_LAPSE.search(question))


def says_lapse(texts: Iterable[str]) -> bool:
    """Does one of ``texts`` say how long something lasts or when it ends?"""
    return any(_SAYS_LAPSE.search(text) for text in texts)
