"""A change stated exactly as the engine made it ("Momentum -5 → -6", "Crew coin 4 → 1") is the engine's own fact.

The dice card's lines and the offline narration state changes as ``name before → after``. When the pair is one
the engine made (any meter, track or clock, negative values included), the span is blanked before the other
checks read the text, so that "-5" is not read as a claimed loss of five nor "-6" as an invented bonus. A pair
the engine did not make is left for the checks to flag.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts

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
