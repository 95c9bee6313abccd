"""What the engine made true, told as not happening.

A hit whose own outcome text is told negated: Defend's strong hit "you redirect damage meant for the person you
defend onto yourself" told as "you are unable to redirect damage". The outcome text's verb and its object, with a
negation just before them, is the outcome told the other way (on a miss a negation is what the story should say, so
only hits are read).

The same outcome text told as falling on someone else: "the bard blocks your attack with his shield, redirecting the
damage to himself" for Defend's "you redirect damage … onto yourself". For an outcome text that puts something on
"yourself", its verb and object in a clause that puts it on another ("himself", "onto them") and names not you tell
the hit as the other side's.

An oracle answer never told at all (a story of the rain that never says whether anyone is awake) is not checked:
by the words of the question it flagged true paraphrases ("The whole cloister sleeps; no one else stirs").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind

_HITS = frozenset({"strong_hit", "weak_hit", "critical", "full_success"})
_FUNCTION = frozenset(
    re.findall(
        r"\S+",
        "a an the and or but so as at by for from in into of on onto to with your you yours yourself it its this that "
        "these those is are was were be been being has have had do does did not no his her him he she they them their "
        "there then than up down out over off all any some very just now still again more most what who whom which "
        "when where how why if i me my we us our anyone anybody someone somebody else one else's can could will would "
        "should may might must shall get gets got take takes make makes made",
    )
)
_NEGATION = (
    r"(?:unable\s+to|fail(?:s|ed)?\s+to|can't|cannot|couldn't|can\s+not|don't|doesn't|didn't|won't|not|never|"
    r"no\s+longer|without)"
)
_TRIGGER_HEAD = re.compile(r"^\s*(?:on\s+an?\s+[^,]{1,30},|\d+\s*[+-]?\s*(?:\d+)?\s*:?)\s*", re.I)


def _content(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z']+", text.lower()) if w not in _FUNCTION and len(w) > 2]


def check_outcome_denied(text: str, facts: Facts) -> list[Violation]:
    """A hit's own outcome text (its first verb and object) told with a negation before it."""
    low = text.lower()
    for result in facts.results:
        if result.outcome not in _HITS or not result.text:
            continue
        first = re.split(r"(?<=[.!?])\s+", result.text.strip())[0]
        words = _content(_TRIGGER_HEAD.sub("", first))
        if len(words) < 2:
            continue
        verb, obj = words[0], words[1]
        m = re.search(
            rf"\b{_NEGATION}\s+(?:\w+\s+){{0,2}}?{re.escape(verb[:5])}\w*\s+(?:\w+\s+){{0,2}}?{re.escape(obj[:5])}\w*", low
        )
        if m:
            excerpt = " ".join(text[m.start() : m.end()].split())
            detail = (
                f"'{excerpt}' tells the outcome the other way: the engine's {result.outcome.replace('_', ' ')} says '{first}'"
            )
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
        told = _told_as_others(text, low, verb, obj) if re.search(r"\byourself\b", first.lower()) else ""
        if told:
            tier = result.outcome.replace("_", " ")
            detail = f"'{told}' tells the outcome as someone else's doing: the engine's {tier} says '{first}'"
            return [Violation(ViolationKind.OUTCOME, detail, told)]
    return []


_CLAUSES = re.compile(r"[,;:.!?\n—]|\s-\s|\bbut\b|\band\b|\bwhile\b")
_YOURS = re.compile(r"\b(?:you|your|yours|yourself)\b")
_OTHERS = re.compile(r"\b(?:himself|herself|themselves|itself|(?:to|onto|on|at)\s+(?:him|her|them|it))\b")


def _told_as_others(text: str, low: str, verb: str, obj: str) -> str:
    """The clause holding the outcome's verb and object when it puts them on someone else, not you ("" if none)."""
    pattern = rf"\b{re.escape(verb[:5])}\w*\s+(?:\w+\s+){{0,2}}?{re.escape(obj[:5])}\w*"
    for m in re.finditer(pattern, low):
        left = max((b.end() for b in _CLAUSES.finditer(low[: m.start()])), default=0)
        after = _CLAUSES.search(low, m.end())
        right = after.start() if after else len(low)
        clause = low[left:right]
        if _YOURS.search(clause) or not _OTHERS.search(clause):
            continue
        if re.search(rf"\b{_NEGATION}\b", clause):
            continue
        return " ".join(text[left:right].split())
    return ""
