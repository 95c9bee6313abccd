"""Kinds of narrated turn (a hit, a weak hit, a miss, the oracle's yes or no, Pay the Price, a table, a move with no
roll), and the setting that says on which kinds a model adds its words (``TABLETOP_LLM_NARRATE_KINDS``).

The labelled samples of a small local model's stories (``python -m evals faithfulness_kinds``, docs/faithfulness.md)
read wrong at different rates by kind: with Qwen2.5-Coder-1.5B about 1 story in 6 on a hit, a miss or a price, none of
28 on the oracle's yes in the check sets. A deployment with such a model can keep its words to the kinds it tells well;
every other turn is told in the engine's own words, as offline.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

KINDS: tuple[str, ...] = ("hit", "weak hit", "miss", "oracle yes", "oracle no", "Pay the Price", "table", "no roll")
"""Every kind, in the order the reports print them."""

_TIERS = {
    "strong_hit": "hit",
    "full_success": "hit",
    "critical": "hit",
    "weak_hit": "weak hit",
    "partial_success": "weak hit",
    "miss": "miss",
    "bad_outcome": "miss",
    "yes": "oracle yes",
    "no": "oracle no",
}

_ALIASES = {"price": "Pay the Price", "pay the price": "Pay the Price", "yes": "oracle yes", "no": "oracle no"}


def turn_kind(task: str, outcomes: Iterable[str]) -> str:
    """The kind of a turn told with ``task`` (``narrate``, ``oracle``, ``pay_the_price``, ``table``) whose results
    came out ``outcomes`` (the engine's outcome values: ``strong_hit``, ``yes``, ``none``…)."""
    if task == "pay_the_price":
        return "Pay the Price"
    if task == "table":
        return "table"
    for outcome in outcomes:
        if str(outcome) in _TIERS:
            return _TIERS[str(outcome)]
    return "no roll"


def parse_kinds(text: str | None) -> tuple[tuple[str, ...], list[str]]:
    """The kinds a setting names (``"oracle yes, weak hit"``; ``all`` or nothing: every kind, returned as ``()``) and
    the words it holds that name no kind. Case, hyphens and underscores don't matter (``oracle-yes``); ``none`` keeps
    the model's words off every turn."""
    words = [w.strip() for w in re.split(r"[,;]", text or "") if w.strip()]
    if not words or any(_norm(w) == "all" for w in words):
        return (), []
    by_name = {_norm(k): k for k in KINDS} | {_norm(a): k for a, k in _ALIASES.items()}
    chosen: list[str] = []
    unknown: list[str] = []
    for word in words:
        if _norm(word) == "none":
            return ("none",), unknown
        kind = by_name.get(_norm(word))
        if kind is None:
            unknown.append(word)
        elif kind not in chosen:
            chosen.append(kind)
    if not chosen:  # nothing it names is a kind: every kind, as unset (the caller warns of the words)
        return (), unknown
    return tuple(k for k in KINDS if k in chosen), unknown


def model_tells(kinds: tuple[str, ...], task: str, outcomes: Iterable[str]) -> bool:
    """Whether the model adds its words to this turn under the setting ``kinds`` (``()``: every kind)."""
    return not kinds or turn_kind(task, outcomes) in kinds


def _norm(word: str) -> str:
    return re.sub(r"[\s_-]+", " ", word).strip().lower()
