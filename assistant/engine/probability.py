"""Exact odds of any roll the engine can make, from what they depend on.

* :func:`odds_for_request`: the odds shown before a roll are exactly those of the roll that follows.
  The request is resolved once; its roll step records the roll's *shape*
  (:mod:`assistant.engine.roll_shapes`: the score after cap, the dice, a momentum that cancels or is
  burned, the focus's rerolls, the pool, advantage...), whose results are counted by closed form and
  cached on the shape, not on the sheet. Then each class of results (an outcome, with or without a
  match) is resolved once with one of its face sequences, so every rule the system applies after the
  dice (a bad spot, a bumped tier, coin spent) is the engine's own. A roll no shape describes is
  counted through the engine face by face (:mod:`assistant.engine.odds_by_engine`, also the tests'
  reference).
* Small pure helpers for the shared mechanics (:func:`action_odds`, :func:`progress_odds`,
  :func:`pool_odds`, :func:`total_odds`, :func:`yes_no_odds`) used by tests and by systems.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import assistant.engine.roll_shapes as roll_shapes
import assistant.engine.rolls as rolls
from assistant.engine import resolve  # the package's name: importing the submodule would rebind it to the module
from assistant.engine.model import Request
from assistant.engine.odds import OddsTable
from assistant.engine.odds_by_engine import engine_odds, success_sides
from assistant.engine.outcomes import Outcome
from assistant.engine.roll_shapes import ChallengeShape, OracleShape, PoolShape, RollShape, TotalShape
from assistant.engine.rolls import Keep, Tier

__all__ = [
    "OddsTable",
    "action_odds",
    "odds_for_request",
    "odds_of_shape",
    "pool_odds",
    "progress_odds",
    "total_odds",
    "yes_no_odds",
]

#: Outcomes in the order an odds table lists them (best first).
_ORDER = {o: i for i, o in enumerate(Outcome)}

Reader = Callable[[tuple[int, ...]], tuple[Outcome, bool]]


def odds_of_shape(shape: RollShape, read: Reader | None = None) -> OddsTable:
    """The odds of a roll of this shape; ``read`` turns one face sequence of each class into the final
    (outcome, match) the engine gives it (without it, the roll's own outcome stands)."""
    counts: dict[Outcome, int] = {}
    matched: dict[Outcome, int] = {}
    for (outcome, match), count in shape.classes().items():
        if read is not None:
            outcome, match = read(count.faces)
        counts[outcome] = counts.get(outcome, 0) + count.count
        if match:
            matched[outcome] = matched.get(outcome, 0) + count.count
    total = shape.combinations
    return OddsTable(
        outcomes={o.value: Fraction(counts[o], total) for o in sorted(counts, key=_ORDER.__getitem__)},
        match=Fraction(sum(matched.values()), total),
        match_by_outcome={o.value: Fraction(matched[o], total) for o in sorted(matched, key=_ORDER.__getitem__)},
        combinations=total,
    )


def action_odds(modifier: int, *, momentum: int | None = None, cap: int = 10, action_die: bool = True) -> OddsTable:
    """Ironsworn action roll: d6 (+ modifier, capped) vs 2d10; negative momentum cancels an equal die."""
    return odds_of_shape(ChallengeShape(base=modifier, cap=cap, action_die=action_die, cancel=momentum))


def progress_odds(score: int) -> OddsTable:
    return odds_of_shape(ChallengeShape(base=score, cap=rolls.UNCAPPED, action_die=False))


def pool_odds(pool: int) -> OddsTable:
    """Blades d6 pool (0 dice = two dice, lowest)."""
    return odds_of_shape(PoolShape(pool))


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
    bounds = tuple((t.min_total, t.outcome) for t in sorted(tiers, key=lambda t: -t.min_total))
    return odds_of_shape(TotalShape(modifier, count, sides, bounds, keep, keep_count))


def yes_no_odds(threshold: int) -> OddsTable:
    return odds_of_shape(OracleShape(threshold))


def odds_for_request(request: Request | dict[str, Any]) -> OddsTable:
    """Exact odds of the roll a request would make (its ``dice`` are ignored)."""
    req = request if isinstance(request, Request) else Request.parse(request)
    payload = req.model_dump(mode="json")
    payload["dice"] = None
    return _odds_cached(json.dumps(payload, sort_keys=True))


@lru_cache(maxsize=512)
def _odds_cached(payload_json: str) -> OddsTable:
    payload = json.loads(payload_json)
    request = Request.parse(payload)
    with roll_shapes.recording() as shapes:
        probe = resolve(request, rng=random.Random(0))
    if len(shapes) == 1 and shapes[0].dice_before == 0:

        def read(faces: tuple[int, ...]) -> tuple[Outcome, bool]:
            # the request was checked once: only its dice change (within their checked bounds)
            result = resolve(request.model_copy(update={"dice": list(faces)}), rng=random.Random(0))
            return result.outcome, result.match

        return odds_of_shape(shapes[0].shape, read)
    if not success_sides(probe):  # no success roll (a table, a move without a roll): one certain outcome
        return OddsTable(outcomes={probe.outcome.value: Fraction(1)}, match=Fraction(0), combinations=1)
    return engine_odds(payload)
