"""The rules passages behind a move's story (for the narrator) and the citation of the move's own text (for the
card): both read the rules, neither changes anything."""

from __future__ import annotations

import logging
from typing import Any

from assistant.engine import AssistantError, get_ruleset
from assistant.engine.model import Result

log = logging.getLogger(__name__)


def retrieve_for(result: Result, system: str) -> list[Any]:
    """The three passages nearest the move and its outcome; none when the index cannot be read (narration goes on)."""
    try:
        from rules_index.search import search

        return list(search(f"{result.move} {result.outcome.replace('_', ' ')}", system=system, k=3))
    except Exception as exc:  # noqa: BLE001 - narration goes on without retrieved rules
        log.warning("rules retrieval failed: %s", exc)
        return []


def move_citations(result: Result) -> list[str]:
    """Where the move (or the table) rolled stands in the rules text, e.g. ``starforged › Face Danger (…:L138-L152)``."""
    from rules_index.chunk import format_citation

    ruleset = get_ruleset(result.system)
    try:
        if result.move_id.startswith("table:"):
            table = next(t for t in ruleset.table_specs if t.id == result.move_id[6:])
            if table.source is None:
                return [table.source_note] if table.source_note else []
            a, b = table.source.lines
            return [format_citation(result.system, [table.name], table.source.file, a, b)]
        move = ruleset.move_by_id(result.move_id)
    except (AssistantError, StopIteration):
        return []
    a, b = move.source.lines
    return [format_citation(result.system, [move.name], move.source.file, a, b)] if move.source.file else []
