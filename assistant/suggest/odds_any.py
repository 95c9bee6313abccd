"""Odds for a move that asks something before it rolls which does not change the roll (Starforged's Repair asks where
the repairs are made: the situation sets the points a hit gives, not the dice): the odds are the same whatever the
answer, so they are said with the suggestion instead of none."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The most answers tried for one question (a handful: Repair's three situations).
MAX_VALUES = 6


def odds_whatever_asked(
    ruleset: Any, move_name: str, request: dict[str, Any], odds: Callable[[dict[str, Any]], dict[str, Any] | None]
) -> dict[str, Any] | None:
    """The odds of ``request`` when a required question with a short list of answers is all it waits for and every
    answer gives the same odds; else None. ``odds``: the odds of a request (None when the engine cannot give them)."""
    try:
        options = ruleset.options_for(ruleset.find_move(move_name))
    except Exception:  # noqa: BLE001 - a move the ruleset does not know: no odds
        return None
    given = dict(request.get("options") or {})
    asked = [
        (name, list(spec.values))
        for name, spec in options.items()
        if spec.required and spec.values and name not in given and len(spec.values) <= MAX_VALUES
    ]
    if len(asked) != 1:
        return None
    name, values = asked[0]
    tables = [odds({**request, "options": {**given, name: value}}) for value in values]
    first = tables[0]
    if first is None or any(t is None or t.get("outcomes") != first.get("outcomes") for t in tables):
        return None
    return first
