"""An oracle's no to whether anyone perceived you told as someone perceiving you: "The Countess looks up from her book
and sees you standing there." after "Did anyone see me feed?" answered no.

The question asks about anyone at all, so whoever the story names seeing, noticing or spotting you tells the answer as
its opposite. A denial ("no one notices you", "she does not see you"), a supposition ("before anyone sees you") and a
sight of something else pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated

#: "Did anyone see me feed?", "Did anyone in the orchestra see us?", "Does somebody notice me?"
_ANYONE_PERCEIVES = re.compile(
    r"\b(?:anyone|anybody|someone|somebody)\b(?:\s+[a-z'-]+){0,4}?\s+"
    r"(?:see|saw|notice|noticed|spot|spotted|hear|heard|sense|sensed|witness|witnessed|recognise|recognize)\s+(?:me|us)\b"
)
_PERCEIVES_YOU = re.compile(
    r"\b(?:sees|saw|seen|see|notices|noticed|notice|spots|spotted|spot|hears|heard|senses|sensed|witnesses|witnessed"
    r"|recognises|recognizes|recognised|recognized)\s+(?:you|your)\b"
)
_NOT_YET = re.compile(r"\b(?:before|until|unless|lest|if|in\s+case)\b[^.;!?,]*$")
_DENIED = re.compile(r"\b(?:no\s+one|nobody|none|no-one|neither)\b[^.;!?]*$")


def check_seen_anyway(sentence: Sentence, facts: Facts, question: str | None) -> list[Violation]:
    """After a no to whether anyone perceived you, someone told perceiving you."""
    if "no" not in facts.outcomes or not _ANYONE_PERCEIVES.search((question or "").lower()) or sentence.question:
        return []
    text = sentence.narr
    for m in _PERCEIVES_YOU.finditer(text):
        if negated(text, m.start(), 4) or _DENIED.search(text[: m.start()]):
            continue
        if hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL) or _NOT_YET.search(text[: m.start()]):
            continue
        excerpt = " ".join(text[max(0, m.start() - 40) : m.end()].split())
        detail = f"'{excerpt}' tells someone perceiving you, but the oracle answered no to '{question}'"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
