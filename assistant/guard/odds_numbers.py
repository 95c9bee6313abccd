"""Every percentage a narration may quote, read from the engine's odds and an oracle's notes."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from assistant.engine.model import Result


def quotable_odds(odds: Any, results: Iterable[Result]) -> list[float] | None:
    """Every percentage the narration may quote: each outcome's odds, sums of outcomes (any hit),
    complements, the match odds, and an oracle's threshold. None when nothing is known."""
    values: list[float] = []
    for r in results:
        for note in r.notes:
            found = re.search(r"yes on (\d+) or (less|greater|more)", note)
            if found:
                threshold = int(found.group(1))
                yes = threshold if found.group(2) == "less" else 101 - threshold
                values += [threshold, 100 - threshold, yes, 100 - yes]
    if odds is not None:
        table = _odds_table(odds)
        outcomes = list(table.items())
        values += [v for _, v in outcomes]
        hits = [v for k, v in outcomes if k in ("strong_hit", "weak_hit", "critical", "full_success", "partial_success", "yes")]
        values += [sum(hits), 100 - sum(hits)]
        values += [100 - v for _, v in outcomes]
        for i, (_, a) in enumerate(outcomes):
            for _, b in outcomes[i + 1 :]:
                values.append(a + b)
        match = _odds_match(odds)
        if match is not None:
            values.append(match)
    return values if values or odds is not None else None


def _percent(value: Any) -> float:
    if isinstance(value, Fraction):
        return float(value * 100)
    return float(value)


def _odds_table(odds: Any) -> dict[str, float]:
    """Outcome -> percent from an :class:`~assistant.engine.odds.OddsTable`, its ``to_dict()``, or a
    plain mapping of outcome to percent (or to a fraction of 1)."""
    raw = getattr(odds, "outcomes", None)
    if raw is None and isinstance(odds, Mapping):
        raw = odds.get("outcomes", odds)
    if not isinstance(raw, Mapping):
        return {}
    table = {
        str(k): _percent(v)
        for k, v in raw.items()
        if isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) and k not in ("match", "combinations")
    }
    if table and all(isinstance(v, Fraction) for v in raw.values()):
        return table
    if table and sum(table.values()) <= 1.0001:
        table = {k: v * 100 for k, v in table.items()}
    return table


def _odds_match(odds: Any) -> float | None:
    value = getattr(odds, "match", None)
    if value is None and isinstance(odds, Mapping):
        value = odds.get("match")
    if isinstance(value, Fraction):
        return float(value * 100)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
