"""A question put in the rules' own register before it is embedded: second person, as the moves speak.

The moves are written to the player ("When you lay low ..., roll +Environs"); a question speaks of "I",
"my guy" or "our crew". :func:`second_person` rewrites the person words (not the rule words) so the question's
vector meets the rule sentence's; the words searched by BM25 and counted by the coverage judgement are left
as asked.
"""

from __future__ import annotations

import re

_PERSON = [
    (r"\b(?:my|our)\s+(?:guy|gal|char|character|characters|pc|pcs|player character|player characters|vamp|vampire)\b", "you"),
    (r"\bi\s*(?:'m|am)\b|\bim\b|\bwe\s*(?:'re|are)\b", "you are"),
    (r"\bi\s*'ve\b|\bive\b|\bwe\s*'ve\b", "you have"),
    (r"\bi\b|\bwe\b", "you"),
    (r"\bme\b|\bus\b", "you"),
    (r"\bmy\b|\bour\b", "your"),
    (r"\bmine\b|\bours\b", "yours"),
]
_COMPILED = [(re.compile(p, re.I), r) for p, r in _PERSON]


def second_person(question: str) -> str:
    """``question`` with the asker's person words in the second person ("can my guy lie low" -> "can you lie low")."""
    for pattern, repl in _COMPILED:
        question = pattern.sub(repl, question)
    return question
