"""Shared helpers of the screen: the excerpt shown in a violation, and a sentence's words."""

from __future__ import annotations

import re

from assistant.guard.text import Sentence


def excerpt(sentence: Sentence) -> str:
    """The sentence as the model wrote it, shortened for the retry's feedback."""
    return " ".join(sentence.original.split())[:120]


def first_match(pattern: re.Pattern[str], sentence: Sentence) -> str:
    """The first match of ``pattern`` in the narrator's voice (dialogue blanked), or ""."""
    m = pattern.search(sentence.narr)
    return m.group(0) if m else ""
