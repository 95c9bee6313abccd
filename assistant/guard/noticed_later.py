"""An earlier oracle "no" to whether someone perceives you, hedged on a later turn.

"The priest does not sense you." holds for the rest of the scene. A later story that shows the priest noticing you,
or uneasy that someone is there ("He knew that something was wrong"), tells that no the other way, as
:func:`~assistant.guard.oracle_answer.check_noticed` reads it on the oracle's own turn. A change told in the priest's
own clause ("the priest now turns and sees you", "the priest wakes") is the story moving on; a word of change in
another's clause ("The priest's eyes widen, the scene becomes tense") changes nothing about him.

A price may bring him onto you ("The priest suddenly turns toward you"): that is its new hazard, told as a change. What
a price does not do is leave him half aware: uneasy, suspecting something is wrong, aware of the hazard or unsure
whether it is a threat, with no change told, hedges the no on the price's turn too ("The priest is aware of the new
hazard but does not change his stance").
"""

from __future__ import annotations

import re

from assistant.guard.established import SUDDEN
from assistant.guard.facts import Facts
from assistant.guard.model import Violation
from assistant.guard.oracle_answer import CHANGED, noticing
from assistant.guard.text import Sentence

#: An earlier answer that someone does not perceive you: "The priest does not sense you."
_UNPERCEIVED = re.compile(
    r"^\s*(?:the\s+|a\s+|an\s+)?(?P<who>[a-z]+)\s+(?:does|did)\s+not\s+(?:sense|notice|see|spot|hear|detect|smell"
    r"|recognize|recognise|suspect|feel)\s+(?:you|your)\b"
)
#: Where a sentence's clauses part ("The priest's eyes widen, the scene becomes tense").
_CLAUSES = re.compile(r"[,;:]|\b(?:and|but|while|as)\b")
#: A clause whose own subject is something named ("the scene", "a bell").
_NAMED_SUBJECT = re.compile(r"^\W*(?:the|a|an|his|her|their)\s+")
#: On a price's turn, only these signs hedge the no: unease and suspicion (:data:`~assistant.guard.oracle_answer._NOTICING`).
_HEDGES = ("uneasy", "suspects")
#: The no told in the sentence itself ("As the priest tries to sense your presence but fails, he realizes that something
#: is wrong"): on a price's turn his unease is the hazard's, not you.
_NO_TOLD = re.compile(
    r"\b(?:does\s+not|did\s+not|doesn't|didn't|cannot|can't|could\s+not|couldn't|fails?\s+to|failed\s+to)\s+"
    r"(?:sense|see|notice|spot|detect|find|hear)|\b(?:tries|tried|trying|attempts?|attempted)\s+to\s+(?:sense|see|notice"
    r"|spot|detect|find|hear)\b[^.!?]*?\b(?:fails|failed|but\s+(?:cannot|can't|does\s+not|doesn't))\b|\bunaware\b"
)


def _his_clauses(text: str, who: str) -> str:
    """The clauses of ``text`` that are not told of someone or something else than ``who``."""
    kept = [c for c in _CLAUSES.split(text) if who in c or not _NAMED_SUBJECT.match(c)]
    return " ".join(kept)


def check_noticed_earlier(sentence: Sentence, facts: Facts, changing: bool, before: str = "", after: str = "") -> list[Violation]:
    """On a later turn, someone an earlier answer said does not perceive you told noticing you or uneasy that someone
    is there (see the module's docstring); ``changing``: this turn is a price, which may bring them onto you."""
    if sentence.question:
        return []
    for fact in facts.established:
        unseen = _UNPERCEIVED.match(fact.sentence.lower()) if fact.answer == "no" else None
        if not unseen:
            continue
        who = unseen.group("who")
        own = _his_clauses(sentence.narr.lower(), who)
        if CHANGED.search(own) or (changing and (SUDDEN.search(own) or _NO_TOLD.search(sentence.narr.lower()))):
            continue  # "the priest now turns and sees you": a change since
        why = f"which contradicts what an earlier turn established: '{fact.sentence}'"
        found = noticing(sentence, who, before, why, after, only=_HEDGES if changing else ())
        if found:
            return found
    return []
