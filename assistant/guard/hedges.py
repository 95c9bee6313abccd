"""A vague hedge that takes nothing back: "but it's not what you wanted", "though not quite as you had hoped".

A small model tells a miss as the goal reached and then hedges it with the fact sheet's own "you do not get what you
wanted": "The clerk reluctantly opens the archive, but it's not what you wanted." The hedge says the player is
disappointed without telling what went wrong, so the archive is still told open. A turn that tells what went wrong
("but the shelves are empty", "but he slams it shut again") is a real turn and stays one.
"""

from __future__ import annotations

import re

_WISHED = r"(?:wanted|want|hoped|hope|expected|expect|planned|intended|needed|were\s+hoping|had\s+hoped|'d\s+hoped)"
#: "but it's not what you wanted", "though not quite the way you hoped", "yet it isn't what you expected",
#: "but it doesn't go as planned", "but not as you had hoped for".
HEDGE = re.compile(
    r"[,;]?\s*\b(?:but|yet|though|although|only)?\s*(?:(?:it|this|that|things|which)\s*)?"
    r"(?:'s\s+not|is\s+not|isn't|was\s+not|wasn't|are\s+not|aren't|do\s+not|don't|does\s+not|doesn't|did\s+not|didn't|not)\s+"
    r"(?:go\s+|goes\s+|turn\s+out\s+)?(?:quite\s+|exactly\s+|really\s+)?"
    rf"(?:what|how|the\s+way|as)\s+(?:you\s+)?{_WISHED}(?:\s+(?:for|it\s+to|to))?\b",
    re.I,
)


def unhedged(text: str) -> str:
    """``text`` with its vague hedges blanked (the same length, so offsets into it still hold)."""
    return HEDGE.sub(lambda m: " " * len(m.group(0)), text)
