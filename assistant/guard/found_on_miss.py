"""A missed search told as the thing sought found: "Your investigation leads you to a dark chamber where you see the
reactor core" after "I search the engine room for the core" missed; "The apothecary's shop is hidden behind a large
tree" after "I look for the apothecary's shop" missed. On a miss the player does not get what they wanted: the thing
they searched for seen, spotted or placed for them is the search told as done.

A denial ("you see no sign of the core"), a supposition, a sight taken back in the same sentence ("you glimpse the
shop, but the crowd closes in") and the player's own words pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated

#: "search the engine room for the core", "look for the apothecary's shop": what is sought, up to its head noun.
_SOUGHT = re.compile(
    r"\b(?:search|searches|searching|look|looks|looking|hunt|hunts|hunting|scour|scours|comb|combs|seek|seeks)\s+"
    r"(?:[a-z'-]+\s+){0,5}?for\s+(?P<thing>[a-z' -]+)"
)
_END = re.compile(r"\s+(?:in|on|at|from|before|after|to|with|and|so|while|that|who|which|near|among|inside|behind)\s")
_FILLER = frozenset({"the", "a", "an", "my", "our", "his", "her", "their", "your", "any", "some"})
_BUT = re.compile(r"\b(?:but|yet|though|although|until|only\s+to)\b")


def _head(intent: str | None) -> str:
    m = _SOUGHT.search((intent or "").lower())
    if not m:
        return ""
    phrase = _END.split(f" {m.group('thing')} ")[0]
    words = [w for w in re.findall(r"[a-z'-]+", phrase) if w not in _FILLER]
    head = words[-1].removesuffix("'s").strip("'") if words else ""
    return head if len(head) >= 3 else ""


def check_found_on_miss(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a miss, what the player searched for told seen or placed (see the module's docstring)."""
    if set(facts.outcomes) != {"miss"} or sentence.question:
        return []
    head = _head(intent)
    if not head:
        return []
    thing = rf"{re.escape(head)}s?\b"
    found = re.compile(
        rf"\byou\s+(?:\w+ly\s+)?(?:see|sees|spot|spots|spotted|find|found|discover|discovered|locate|located|glimpse"
        rf"|glimpsed|catch\s+sight\s+of|caught\s+sight\s+of)\s+(?:[a-z'-]+\s+){{0,4}}?{thing}"
        rf"|\b{thing}\s+(?:is|are|was|were|lies|lay|sits|sat|stands|stood)\s+(?:\w+\s+){{0,2}}?"
        r"(?:hidden|tucked|located|nestled|set)\s+(?:behind|beneath|under|inside|in|at|near|beside|across|between)\b"
    )
    text = sentence.narr
    for m in found.finditer(text):
        if negated(text, m.start(), 3) or re.search(r"\b(?:no|not|never|nothing)\b|n't\b", m.group(0)):
            continue
        if hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL) or _BUT.search(text[m.end() :]):
            continue
        excerpt = " ".join(m.group(0).split())
        detail = f"'{excerpt}' tells what you searched for found, but the engine's outcome is a miss"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
