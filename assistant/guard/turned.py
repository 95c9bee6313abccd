"""An outcome turned the other way in what the story says the player got: a hit told as getting nothing, a price
told as a boon.

- **A hit told as nothing gained.** On a hit the declared action works. Asking someone ("I ask the dockhands about
  the crew") and being met with silence ("they are unresponsive", "they refuse to answer", "they ignore you"), or
  searching and finding nothing ("you rush over to investigate, but find nothing"), tells it failing. Read when the
  player's words ask, press or seek something, or when the player only rolled (the story's own action is then the
  move's). A turn after it ("… at first, but then they talk") or a supposition passes.
- **A price told as a boon.** Pay the Price rolls a cost. "You pay the price by becoming invisible to the
  watchman", "They successfully moved … now have an opportunity to feed and avoid the adverse situation" tell a
  gain: success words, an opportunity, something avoided, going unnoticed.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated

HITS = frozenset({"strong_hit", "weak_hit", "critical", "full_success", "partial_success"})
#: The player's words that ask someone for something (their answer is the action working).
ASKS = frozenset(
    re.findall(
        r"\S+",
        "ask asks question questions interrogate press persuade convince bribe talk speak negotiate beg plead demand "
        "request charm coax urge parley",
    )
)
#: The player's words that seek something (finding it is the action working).
SEEKS = frozenset(
    re.findall(r"\S+", "search investigate gather study research scan examine inspect look find probe check listen snoop")
)
_NOTHING = re.compile(
    r"\b(?:find|finds|found|learn|learns|learned|get|gets|got|discover|discovers|discovered|uncover|uncovers|uncovered"
    r"|turn up|turns up|turned up|hear|hears|heard)\s+(?:absolutely\s+|only\s+)?nothing\b"
)
_SILENT = re.compile(
    r"\b(?:is|are|was|were|remain|remains|remained|stay|stays|stayed|fall|falls|fell)\s+(?:completely\s+|utterly\s+)?"
    r"(?:unresponsive|silent|tight-lipped|mute)\b"
    r"|\b(?:ignore|ignores|ignored)\s+(?:you|your)\b"
    r"|\brefus(?:e|es|ed)\s+to\s+(?:answer|talk|speak|tell|say|help|respond|share|provide|give|listen)\b"
    r"|\b(?:say|says|said)\s+nothing\b"
    r"|\b(?:do not|does not|don't|doesn't|did not|didn't|won't|will not)\s+(?:answer|respond|reply|talk|speak)\b"
)
REVERSED = re.compile(r"\b(?:but|until|then|finally|at last|eventually|again|instead|yet)\b")

_BOON = re.compile(
    r"\bsuccessfully\b|\b(?:you|they)\s+(?:\w+\s+)?(?:manage|managed|succeed|succeeded)\b"
    r"|\b(?:an?|the|new)\s+(?:new\s+|golden\s+)?opportunity\s+to\b|\bavoid(?:s|ed|ing)?\s+(?:the|any|all|this|that|it)\b"
    r"|\b(?:invisible|unnoticed|unseen|undetected)\b|\b(?:luckily|fortunately|thankfully)\b|\bin your favou?r\b"
)
_FAILED_TO = re.compile(r"\b(?:fail|fails|failed|unable|can't|cannot|couldn't|could not|too slow)\s+(?:to\s+)?$")
_COSTS = re.compile(r"\b(?:but|yet|though|although|cost|costs|price|until)\b")
_UNNOTICED = re.compile(r"\b(?:doesn't|does not|didn't|did not|don't|do not)\s+notice\s+(?:you|your)\b")


def excerpt_of(sentence: Sentence, start: int, end: int) -> str:
    raw = sentence.raw or sentence.original
    while start > 0 and raw[start - 1].isalpha():
        start -= 1
    return " ".join(raw[start : min(len(raw), end)].split()).strip(" ,;:")


def check_hit_got_nothing(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a hit: the one asked met with silence, or the search finding nothing."""
    tiers = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    if not tiers or not tiers <= HITS or sentence.question or intent is None:
        return []
    said = set(re.findall(r"[a-z]+", intent.lower()))
    bare = not said
    text = sentence.narr
    for pattern, wanted in ((_SILENT, said & ASKS), (_NOTHING, said & (SEEKS | ASKS))):
        if not (wanted or bare):
            continue
        for m in pattern.finditer(text):
            if REVERSED.search(text[m.end() :]) or hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL):
                continue
            excerpt = excerpt_of(sentence, max(0, m.start() - 30), m.end())
            tier = " and ".join(sorted(t.replace("_", " ") for t in tiers))
            detail = f"'{excerpt}' tells the attempt getting nothing, but the engine's outcome is a {tier}"
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


def check_price_boon(sentence: Sentence, facts: Facts) -> list[Violation]:
    """On Pay the Price: the price told as a gain (success, an opportunity, something avoided, going unnoticed)."""
    if "pay the price" not in facts.moves or sentence.question:
        return []
    text = sentence.narr
    for m in (*_BOON.finditer(text), *_UNNOTICED.finditer(text)):
        if m.re is _BOON and (negated(text, m.start(), 3) or _FAILED_TO.search(text[: m.start()])):
            continue  # "you do not avoid it", "you fail to avoid the beam": the cost told
        if hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL) or _COSTS.search(text[m.end() :]):
            continue  # "the opportunity to act, but not without cost": the gain turned into the price
        excerpt = excerpt_of(sentence, max(0, m.start() - 30), m.end() + 20)
        detail = f"'{excerpt}' tells the price as a gain, but the engine's outcome is a price, a cost to you, never a gain"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
