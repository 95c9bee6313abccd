"""A model's yes or no to a yes/no rules question is its own inference, which the app cannot check.

"I'm a bard, can I cast Magic Missile?" retrieves Magic Missile ("Level 1 Evocation, Wizard Spell"); a small model
answered "Yes, you can cast Magic Missile as a level 1 spell. [1]", and every word of that sentence is in its passage,
so the citation check kept it. "Strong hit on Heal …, can I give those 2 health to my ghoul?" was answered "No, you
cannot give those 2 health …" beside a quote of "take or give +2 health". A verdict is a conclusion drawn from the
passages, not a thing they say: word overlap cannot tell a right one from a wrong one (of the 1.5B model's verdicts
on one held-out set, 1 in 5 was right). So a yes/no question's verdict sentences ("Yes, …", "No.", "No, you cannot
…") are not shown; the model's other sentences stand when their passages hold them, and when nothing else is left the
app shows the rules text, which lets the GM read "Wizard Spell" for themselves.
"""

from __future__ import annotations

import re

#: A clause that asks yes or no: "can i …", "does a bard …", "is it …" (after a comma too: "i'm a bard, can i …").
_ASKS_YES_NO = re.compile(
    r"(?:^|[,;:.!?]\s*|\b(?:so|and|but|then|ok|okay)\s+)"
    r"(?:can|could|does|do|did|is|are|am|was|were|may|might|must|should|shall|will|would|has|have)\s+\w",
    re.IGNORECASE,
)
#: A sentence that gives the verdict rather than the rule.
_VERDICT = re.compile(r"^\W*(?:yes|no)\b(?!\s+(?:one|more|longer|less)\b)", re.IGNORECASE)


def asks_yes_no(question: str) -> bool:
    """Whether ``question`` asks yes or no in some clause ("can a bard …?", "i'm a bard, can i …?")."""
    return bool(_ASKS_YES_NO.search(question.strip()))


def is_verdict(sentence: str) -> bool:
    """Whether ``sentence`` opens with a verdict: "Yes, …", "No.", "No, you cannot …" (not "No one …")."""
    return bool(_VERDICT.search(sentence))


def without_verdicts(question: str, sentences: list[str]) -> tuple[list[str], int]:
    """``sentences`` without their verdicts when ``question`` asks yes or no, and how many were left out."""
    if not asks_yes_no(question):
        return sentences, 0
    kept = [s for s in sentences if not is_verdict(s)]
    return kept, len(sentences) - len(kept)
