"""Exact odds of any roll the engine can make, by enumeration.

Two doors:

* :func:`odds_for_request` enumerates every face combination of a request's roll *through the
  engine itself* (forced dice), so the odds shown before a roll are exactly those of the roll that
  follows, with every rule the system applies (momentum cancel and burn, position downgrades...).
* Small pure helpers for the shared mechanics (:func:`action_odds`, :func:`progress_odds`,
  :func:`pool_odds`, :func:`total_odds`, :func:`yes_no_odds`) used by tests and by systems.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import assistant.engine.rolls as rolls
from assistant.engine.model import Request
from assistant.engine.odds import OddsTable, enumerate_odds
from assistant.engine.oracle import is_d100_match
from assistant.engine.outcomes import challenge_outcome
from assistant.engine.registry import get_ruleset
from assistant.engine.resolve import resolve
from assistant.engine.rolls import Keep, Tier

__all__ = ["OddsTable", "action_odds", "odds_for_request", "pool_odds", "progress_odds", "total_odds", "yes_no_odds"]


def action_odds(modifier: int, *, momentum: int | None = None, cap: int = 10, action_die: bool = True) -> OddsTable:
    """Ironsworn action roll: d6 (+ modifier, capped) vs 2d10; negative momentum cancels an equal die."""

    def evaluate(faces: Sequence[int]) -> tuple[str, bool]:
        if action_die:
            a, c1, c2 = faces
            if momentum is not None and momentum < 0 and -momentum == a:
                a = 0
        else:
            a, (c1, c2) = 0, faces
        score = min(a + modifier, cap)
        return challenge_outcome(score, (c1, c2)).value, c1 == c2

    return enumerate_odds([6, 10, 10] if action_die else [10, 10], evaluate)


def progress_odds(score: int) -> OddsTable:
    return enumerate_odds([10, 10], lambda f: (challenge_outcome(score, (f[0], f[1])).value, f[0] == f[1]))


def pool_odds(pool: int) -> OddsTable:
    """Blades d6 pool (0 dice = two dice, lowest)."""
    count = 2 if pool == 0 else pool
    return enumerate_odds([6] * count, lambda f: (rolls.pool_outcome(f, pool == 0)[1].value, False))


def total_odds(
    modifier: int,
    *,
    count: int = 2,
    sides: int = 6,
    tiers: Sequence[Tier] = rolls.PBTA_TIERS,
    keep: Keep | None = None,
    keep_count: int = 2,
) -> OddsTable:
    """NdS + modifier against tiers, optionally keeping the best/worst dice."""

    def evaluate(faces: Sequence[int]) -> tuple[str, bool]:
        kept = rolls.kept_indices(faces, keep, keep_count)
        total = sum(faces[i] for i in kept) + modifier
        return rolls.tier_for(total, tiers).value, False

    return enumerate_odds([sides] * count, evaluate)


def yes_no_odds(threshold: int) -> OddsTable:
    return enumerate_odds([100], lambda f: ("yes" if f[0] <= threshold else "no", is_d100_match(f[0])))


def odds_for_request(request: Request | dict[str, Any]) -> OddsTable:
    """Exact odds of the roll a request would make (its ``dice`` are ignored).

    The roll's dice are discovered by resolving once with a fixed seed; then every combination of
    those faces is resolved with forced dice and the outcomes counted.
    """
    req = request if isinstance(request, Request) else Request.parse(request)
    payload = req.model_dump(mode="json")
    payload["dice"] = None
    return _odds_cached(json.dumps(payload, sort_keys=True))


@lru_cache(maxsize=512)
def _odds_cached(payload_json: str) -> OddsTable:
    payload = json.loads(payload_json)
    probe = resolve(payload, rng=random.Random(0))
    # a system whose rolls take a varying number of dice (Elegy's negative-focus rerolls) may enumerate them itself
    exact = get_ruleset(payload["system"]).exact_odds(payload, resolve)
    if exact is not None:
        return exact
    sides = [d.sides for d in probe.dice_detail if d.role in ("action", "challenge", "oracle", "pool", "roll")]
    if not sides:  # no success roll (a table, a move without a roll): one certain outcome
        return OddsTable(outcomes={probe.outcome: Fraction(1)}, match=Fraction(0), combinations=1)

    def evaluate(faces: Sequence[int]) -> tuple[str, bool]:
        result = resolve({**payload, "dice": list(faces)}, rng=random.Random(0))
        return result.outcome, result.match

    return enumerate_odds(sides, evaluate)
