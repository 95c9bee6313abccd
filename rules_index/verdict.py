"""A model's yes or no that rests on something the passages never mention.

"I'm a bard, can I cast Magic Missile?" retrieves Magic Missile ("Level 1 Evocation, Wizard Spell") and how Cast a
Spell (Wizard) is read; a small model answered "Yes, you can cast Magic Missile as a level 1 spell. [1]", and every
word of that sentence is in its passage, so the citation check kept it. The verdict is about a bard, and no passage
says a word about bards: the passages cannot settle it either way, so a yes or a no is the model's own. Such an
answer is not shown; the app shows the rules text instead, which lets the GM read "Wizard Spell" for themselves.

Only a yes/no question (a clause opening with "can", "does", "is" …) answered with a verdict ("Yes", "No", "You
can", "You cannot" …) is judged; a question's word counts as mentioned when any retrieved passage or its citation
holds it (inflections folded, :func:`rules_index.terms.terms`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_index.terms import terms

#: A clause that asks yes or no: "can i …", "does a bard …", "is it …" (after a comma too: "i'm a bard, can i …").
_ASKS_YES_NO = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:so|and|but|then|ok|okay)\s+)"
    r"(?:can|could|does|do|did|is|are|am|was|were|may|might|must|should|shall|will|would|has|have)\s+\w",
    re.IGNORECASE,
)
#: A sentence that gives the verdict rather than the rule.
_VERDICT = re.compile(r"^\W*(?:yes|no)\b|^\W*you\s+(?:can|cannot|can't|may|must|do\s+not|don't|are\s+not|aren't)\b", re.I)
#: Words of the question that say nothing about the rule asked (the asking, the table).
_ASKING_WORDS = frozenset(
    [
        "rule",
        "rules",
        "game",
        "play",
        "playing",
        "player",
        "gm",
        "actually",
        "really",
        "just",
        "still",
        "ever",
        "also",
        "even",
        "wonder",
        "wondering",
        "question",
        "know",
        "tell",
        "please",
        "thank",
        "thanks",
        "okay",
        "hey",
    ]
)


def asks_yes_no(question: str) -> bool:
    """Whether ``question`` asks yes or no in some clause ("can a bard …?", "i'm a bard, can i …?")."""
    return bool(_ASKS_YES_NO.search(question.strip()))


def is_verdict(sentence: str) -> bool:
    """Whether ``sentence`` opens with a verdict: "Yes, …", "No.", "You can …", "You cannot …"."""
    return bool(_VERDICT.search(sentence))


def unmentioned(question: str, passages: Iterable[str]) -> list[str]:
    """The question's content words (three letters or more) that no passage mentions, in the question's order."""
    held = set(terms(" ".join(passages).lower()))
    out: list[str] = []
    for word in re.findall(r"[A-Za-z][A-Za-z-]*", re.sub(r"['’][A-Za-z]+", "", question)):  # "i'm", "can't"
        stems = terms(word.lower())
        if not stems or len(word) < 3 or word.lower() in _ASKING_WORDS:
            continue
        if not any(s in held for s in stems) and word.lower() not in out:
            out.append(word.lower())
    return out


def unsettled_verdict(question: str, sentences: list[str], passages: Iterable[str]) -> list[str]:
    """The words of a yes/no ``question`` the passages never mention, when the kept ``sentences`` give a verdict;
    empty when the verdict (if any) rests only on what the passages say."""
    if not asks_yes_no(question) or not any(is_verdict(s) for s in sentences):
        return []
    return unmentioned(question, passages)
