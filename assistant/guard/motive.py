"""A motive put on the player's character: "You approach the watchman with a gentle smile, hoping to gain his trust."
after "I feed on the sleeping watchman".

Why the character acts is the player's to say. Another character's reasons are the world answering ("he fears the
guild master more than he fears you"); the player's character given an aim of winning someone over that the player
never declared ("hoping to gain his trust", "to prove your loyalty to the Empire", "in hopes of earning her favour")
turns the declared deed into another plan: a decision taken for the player. An aim the player's own words name ("I
try to win the clerk's trust") is theirs, and so is one told of someone else ("the clerk, hoping to earn your
favour, …").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, negated

#: An aim of winning someone over, told as why you act: "hoping to gain his trust", "to prove your loyalty".
_AIM = re.compile(
    r"(?:\b(?:hoping|hope|hopes|trying|try|tries|seeking|seek|seeks|wanting|eager|determined|in\s+(?:the\s+)?hopes?\s+of"
    r"|in\s+order|so\s+as|in\s+an\s+(?:attempt|effort)|(?:as\s+)?a\s+way)\s*(?:to\s+)?|\bto\s+)"
    r"(?P<verb>gain|gaining|win|winning|earn|earning|prove|proving|secure|securing|show|showing|demonstrate"
    r"|demonstrating)\s+(?:his|her|their|its|your|the\s+[a-z]+'s|[a-z]+'s)\s+(?:[a-z]+\s+)?"
    r"(?P<what>trust|favou?r|respect|confidence|loyalty|approval|friendship|allegiance|devotion|goodwill|worth)\b"
)
#: The sentence's subject is you ("You approach …, hoping …", "With a smile, you …"), not someone who looks at you.
_YOU_CLAUSE = re.compile(r"^\W*(?:[^,.;!?]{0,40},\s*)?you\b(?!\s*,)")
#: A move whose own text wins someone over: the aim is the move's.
_WINNING_MOVE = re.compile(r"\b(?:charm|seduc|consent|persua|convinc|sway|trust|favou?r|befriend|rapport)")
_OTHER_SUBJECT = re.compile(r",\s*(?:the\s+[a-z]+|he|she|they)\s*,?\s*$|\b(?:he|she|they|the\s+[a-z]+)\s+(?:is|was|are|were)\s*$")


def check_motive_given(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """An aim of winning someone over given to your character that the player's words never named."""
    if not intent or sentence.question or not facts.results:
        return []
    if any(_WINNING_MOVE.search(f"{r.move} {r.text}".lower()) for r in facts.results):
        return []  # a move made by winning someone over (charm, persuade, sway): the aim is the move's own
    text = sentence.narr
    said = intent.lower()
    for m in _AIM.finditer(text):
        before = text[: m.start()]
        if not _YOU_CLAUSE.match(before) or _OTHER_SUBJECT.search(before) or negated(text, m.start(), 3):
            continue  # the aim of someone else ("the clerk, hoping to earn your favour"), or denied
        if m.group("what")[:5] in said or m.group("verb")[:4] in said:
            continue  # "I try to win the clerk's trust": the player's own aim
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
        detail = f"'{excerpt}': a motive the player never gave their character; why they act is the player's to say"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
