"""What kind of answer a question asks for, beyond the rule it names.

Two kinds change which passage answers, whatever the rule:

- an amount ("how many stress boxes before trauma", "what magnitude is a day", "what's my damage die"): the
  passage whose sentence closest to the question gives a number answers it, not a sibling section that only
  speaks of the thing;
- a point the text leaves open or says two ways ("the hunger section says it can cost blood but not what
  stat", "is that 3 or 4?", "which one do i mark?", "this chapter never says"): the question has read the
  move's text already, and the project's reading of that sentence (a rules note under "Readings") answers it,
  not the move's text it quotes back;
- a case the question says already holds ("we already share a bond, do i still mark progress?"): the passage
  that speaks of that case ("If you already share a bond ...") answers it, not the move that brings it about;
- whether two of a thing add up ("two -1 ongoing penalties, do both count?", "got +1 forward twice, is that +2
  now?"): the passage that says what stacks ("These penalties do stack with each other") answers it, not the move
  or spell that gave one of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_index.coverage import _COUNTING, _NUMBER, content_terms
from rules_index.terms import terms

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


def asks_count(question: str) -> bool:
    """Does the question ask how many, how much or how long (not which die or stat)?"""
    return bool(_COUNTING.search(question))


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


#: A condition the question says already holds, up to the clause's end: "we already share a bond", "already at -6".
_ALREADY = re.compile(r"\balready\s+([^,.;:?!()\-–—]{1,60})", re.I)
_ALREADY_WORD = re.compile(r"\balready\b", re.I)


def already_terms(question: str) -> frozenset[str]:
    """The content words of each condition ``question`` says already holds ("but we already share a bond" ->
    {"share", "bond"}), at most five words after "already" and within its clause."""
    words: set[str] = set()
    for m in _ALREADY.finditer(question):
        words.update(content_terms(" ".join(m.group(1).split()[:5])))
    return frozenset(words)


def speaks_of_already(sentences: Iterable[str], asked: frozenset[str]) -> bool:
    """Does one of ``sentences`` speak of a condition already holding with a word of ``asked`` (the question's
    :func:`already_terms`): "If you already share a bond with the connection, do not mark progress." for "we
    already share a bond, do i still mark progress?" -- the case the question is in, not the move that makes it so
    ("On a strong hit, you now share a bond.")?"""
    return bool(asked) and any(_ALREADY_WORD.search(s) and asked & set(terms(s)) for s in sentences)


#: A question whether two of a thing add up: "do they stack", "both count?", "do the bonuses add up", "is that -2 now?",
#: "do both come off", "does it replace mine or add to it?", "do i roll both?".
_STACKING = re.compile(
    r"\bstack(?:s|ing|ed)?\b"
    r"|\bboth\s+(?:apply|applies|count|counts|add|work|stack)\b"
    r"|\b(?:do|does|would|will|can)\s+(?:they|these|those|the\s+two|both|the\s+(?:bonuses|penalties))\s+"
    r"(?:add|combine|stack|count|apply)\b"
    r"|\badd\s+(?:up|together)\b"
    # "do both come off my damage roll?", "does the d4 replace my grit die or add to it?"
    r"|\bdo(?:es)?\s+both\b(?!\s+of\b)"
    r"|\breplaces?\b[^.?!]*\bor\s+(?:add|adds|stack|stacks)\b"
    # "the bard gave me +1d4 damage and another move gives me +1d4 too. do i roll both?"
    r"|\b(?:do|does|can|could|would|will|should)\s+(?:i|we|you|he|she|they)\s+(?:roll|get|use|add|keep|take|apply|count)"
    r"\s+(?:them\s+)?both\b"
    r"|\b(?:is\s+(?:that|it)|am\s+i|are\s+we|i'?m)\s+(?:now\s+)?(?:at\s+)?[+-]\d\b",
    re.I,
)
#: A passage that says whether things stack ("These bonuses do stack.", "Debilities do not stack.").
_SAYS_STACKING = re.compile(r"\bstack", re.I)


def asks_stacking(question: str) -> bool:
    """Does the question ask whether two of a thing (bonuses, penalties, debilities) add up?"""
    return bool(_STACKING.search(question))


def says_stacking(text: str) -> bool:
    """Does ``text`` say whether things stack?"""
    return bool(_SAYS_STACKING.search(text))


#: A player character, or a character the rules run (an NPC), named in a question or a passage.
_PC = re.compile(r"\b(?:pcs?|pc's|player\s+characters?)\b", re.I)
_NPC = re.compile(r"\b(?:npcs?|npc's|non-player)\b", re.I)
#: The asker's own character ("my pc", "my character"): the one acting, not the one the rule is about.
_MINE = re.compile(r"\bmy\s+(?:pc\s+player\s+character|pcs?|player\s+characters?|character)\b", re.I)


def other_party(question: str, passage: str) -> bool:
    """Is ``passage`` about the other kind of character than ``question``: the question names a player character
    (not the asker's own) and the passage only an NPC ("the bluecoats grabbed one of our PCs for questioning" and
    "The cops grab an NPC member of your crew ..."), or the question an NPC and the passage only a PC?"""
    asked = _MINE.sub(" ", question)
    q_pc, q_npc = bool(_PC.search(asked)), bool(_NPC.search(asked))
    t_pc, t_npc = bool(_PC.search(passage)), bool(_NPC.search(passage))
    return (q_pc and not q_npc and t_npc and not t_pc) or (q_npc and not q_pc and t_pc and not t_npc)
