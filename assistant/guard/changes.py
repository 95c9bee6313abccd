"""A change stated exactly as the engine made it ("Momentum -5 → -6", "Crew coin 4 → 1") is the engine's own fact.

The dice card's lines and the offline narration state changes as ``name before → after``. When the pair is one
the engine made (any meter, track or clock, negative values included), the span is blanked before the other
checks read the text, so that "-5" is not read as a claimed loss of five nor "-6" as an invented bonus. A pair
the engine did not make is flagged by :func:`check_arrows` (a change copied from an earlier turn's card).
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import normalize_words

_ARROW = re.compile(
    r"(?P<name>(?:[A-Za-z][\w'’]*\s+){0,4}?)(?P<before>[+\-−]?\d+)\s*(?:→|->)\s*(?P<after>[+\-−]?\d+)(?![\d.]*\d)"
)


def _int(raw: str) -> int:
    return int(raw.replace("−", "-"))


def _pairs(facts: Facts) -> set[tuple[int, int]]:
    pairs: set[tuple[int, int]] = set()
    for changes in facts.changes.values():
        for ch in changes:
            if isinstance(ch.before, int) and isinstance(ch.after, int):
                pairs.add((ch.before, ch.after))
    return pairs


def engine_changes_blanked(text: str, facts: Facts) -> str:
    """``text`` with every ``name before → after`` the engine made replaced by spaces (offsets kept)."""
    if "→" not in text and "->" not in text:
        return text
    pairs = _pairs(facts)
    if not pairs:
        return text

    def blank(m: re.Match[str]) -> str:
        if (_int(m.group("before")), _int(m.group("after"))) in pairs:
            return " " * len(m.group(0))
        return m.group(0)

    return _ARROW.sub(blank, text)


def check_arrows(text: str, facts: Facts) -> list[Violation]:
    """A ``name before → after`` left in ``text`` after :func:`engine_changes_blanked` (which blanks the changes the
    engine made): one in the dice card's notation that the engine did not make ("Heat 0 → 1" from an earlier card)."""
    if "→" not in text and "->" not in text:
        return []
    out: list[Violation] = []
    for m in _ARROW.finditer(text):
        if normalize_words(m.group(0)) in facts.engine_text:
            continue  # the engine's own text states it ("4 -> 2 HP (your one damage mitigation ...)")
        excerpt = " ".join(m.group(0).split())
        out.append(Violation(ViolationKind.STATE, f"'{excerpt}': the engine made no such change this turn", excerpt))
    return out
