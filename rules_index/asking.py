"""What kind of answer a question asks for, beyond the rule it names.

Two kinds change which passage answers, whatever the rule:

- an amount ("how many stress boxes before trauma", "what magnitude is a day", "what's my damage die"): the
  passage whose sentence closest to the question gives a number answers it, not a sibling section that only
  speaks of the thing;
- a point the text leaves open or says two ways ("the hunger section says it can cost blood but not what
  stat", "is that 3 or 4?", "which one do i mark?", "this chapter never says"): the question has read the
  move's text already, and the project's reading of that sentence (a rules note under "Readings") answers it,
  not the move's text it quotes back.
"""

from __future__ import annotations

import re

from rules_index.coverage import _COUNTING, _NUMBER

#: A question for an amount: "how many / how much / how long", "what magnitude", "what die", "what do I need to roll".
_AMOUNT = re.compile(
    _COUNTING.pattern + r"|\bwhat\s+(?:magnitude|die|dice|stat)\b|\bwhat\s+do\s+i\s+(?:need\s+to\s+)?roll\b|\bdamage\s+die\b",
    re.I,
)

#: A question that says the text is silent or unclear on its point, or asks which of two readings holds.
_OPEN_POINT = re.compile(
    # the text does not say: "this chapter never says", "doesn't give a number", "the rules only list fighters"
    r"\b(?:never|doesn'?t|does\s+not|don'?t|do\s+not|not)\s+(?:say|says|said|list|lists|give|gives|tell|tells"
    r"|mention|mentions|cover|covers)\b"
    r"|\bbut\s+not\b"
    r"|\bonly\s+(?:list|lists|say|says|give|gives|name|names|cover|covers|mention|mentions)\b"
    # two readings: "which one do i mark", "or is it one or the other", "is that 3 or 4", "or is there a floor"
    r"|\bwhich\s+one\b"
    r"|\bor\s+(?:is\s+it|just|only|is\s+there|do\s+i|does\s+it|the\s+other)\b"
    r"|\b\d+\s+or\s+\d+\b"
    # the text says one thing, but ...: "the move says shaken, but the stress rules say traumatized"
    r"|\b(?:say|says)\b[^.?!]*\bbut\b",
    re.I,
)


def asks_amount(question: str) -> bool:
    """Does the question ask for an amount (a number, a die, a magnitude)?"""
    return bool(_AMOUNT.search(question))


def gives_amount(sentence: str) -> bool:
    """Does ``sentence`` give a number (in digits or words)?"""
    return bool(_NUMBER.search(sentence))


#: A question for how a whole rule works ("how does momentum work?", "explain harm", "what is momentum?"): its
#: subject, the words after the verb.
_OVERVIEW = re.compile(
    r"^\s*(?:how\s+(?:does|do|is|are)\s+(?P<a>[\w' -]+?)\s+(?:work|works|used|handled|tracked)"
    r"|explain\s+(?:the\s+)?(?P<b>[\w' -]+?)(?:\s+rules?)?"
    r"|what\s+(?:is|are)\s+(?P<c>[\w' -]+?)(?:\s+for)?)\s*\??\s*$",
    re.I,
)


def overview_subject(question: str) -> str | None:
    """The rule a question asks to have explained as a whole ("momentum" of "how does momentum work?"), None for a
    question about one point of it ("what happens when momentum is negative?")."""
    found = _OVERVIEW.match(question)
    if not found:
        return None
    subject = next(g for g in found.groups() if g)
    subject = re.sub(r"^(?:the|a|an|my|your)\s+", "", subject.strip(), flags=re.I)
    return subject if 0 < len(subject.split()) <= 3 else None


def asks_open_point(question: str) -> bool:
    """Does the question say the text is silent or unclear on its point, or ask which of two readings holds?"""
    return bool(_OPEN_POINT.search(question))
