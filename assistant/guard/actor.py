"""Another character's move told as the player's own: Mara rolls Hack & Slash at you, and the story says "It goes
your way" or "you do what you set out to do". The outcome is hers; the player did nothing this turn."""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, normalize_words

_YOU = re.compile(r"\b(?:you|your|yours)\b")


@cache
def _your_lines() -> tuple[re.Pattern[str], ...]:
    """The stock lines that tell a roll as the player's own: the outcome tones with "you" in them ("It goes your
    way.", "Trouble finds you instead.") and the meanings a model is told for the player's roll ("you do what you
    set out to do")."""
    from assistant.narrate.outcome_tones import CRITICAL, TONES
    from assistant.narrate.story_facts import MEANINGS

    lines = [line for pool in TONES.values() for line in pool] + list(CRITICAL)
    lines += [told.split(": ", 1)[-1] for told in MEANINGS.values()]
    out = []
    for line in lines:
        words = normalize_words(line).split()
        if len(words) >= 3 and _YOU.search(" ".join(words)):
            out.append(re.compile(r"\b" + r"[\s,]+".join(re.escape(w) for w in words) + r"\b"))
    return tuple(out)


def check_told_as_yours(sentence: Sentence, facts: Facts) -> list[Violation]:
    """On another character's move (``facts.actor``), a stock line telling its outcome as the player's."""
    if not facts.actor or not facts.tiered or sentence.question:
        return []
    text = " ".join(normalize_words(sentence.narr).split())
    for pattern in _your_lines():
        m = pattern.search(text)
        if m:
            detail = (
                f"'{m.group(0)}': the move is {facts.actor}'s, not the player's; tell how it went for {facts.actor}, "
                "and the player does nothing they did not declare"
            )
            return [Violation(ViolationKind.OUTCOME, detail, m.group(0))]
    return []
