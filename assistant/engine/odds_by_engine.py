"""Exact odds by resolving every face sequence through the engine itself: slow, and the reference.

The fast odds (:mod:`assistant.engine.probability`) count a roll from its shape; this module counts it the
long way, so tests hold the two equal for every roll of every system, and the odds fall back on it for a
roll no shape describes. Every combination of the roll's dice is resolved with forced dice; a resolution
that asks for one more die (Elegy's rerolls at negative focus) is resolved again with each face of it,
weighted by its chance.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from assistant.engine import resolve  # the package's name: importing the submodule would rebind it to the module
from assistant.engine.dice import topped_up
from assistant.engine.errors import InputError
from assistant.engine.model import Result
from assistant.engine.odds import MAX_COMBINATIONS, OddsTable
from assistant.engine.outcomes import Outcome

#: The dice that decide a roll's outcome (tables, damage and the like do not).
SUCCESS_ROLES = frozenset({"action", "challenge", "oracle", "pool", "roll"})

Resolver = Callable[[list[int]], Result]


def success_sides(result: Result) -> list[int]:
    """The sides of the dice that decide a result's outcome, in the order rolled, without the rerolls (which
    come last: one for each die marked rerolled)."""
    dice = [d for d in result.dice_detail if d.role in SUCCESS_ROLES]
    rerolls = sum(1 for d in dice if d.rerolled)
    return [d.sides for d in dice[: len(dice) - rerolls]]


def engine_odds(request: dict[str, Any], *, exchangeable: bool = False) -> OddsTable:
    """Exact odds of ``request``'s roll by resolving every face sequence (its ``dice`` are ignored).

    ``exchangeable``: the outcome depends on the faces but not on their order (a pool), so each multiset
    of faces is resolved once and weighted by its number of orderings.
    """
    payload = {**request, "dice": None}

    def run(faces: list[int]) -> Result:
        with topped_up():  # a die past the forced ones (a reroll) is rolled, seen unforced, and counted next
            return resolve({**payload, "dice": faces}, rng=random.Random(0))

    sides = success_sides(resolve(payload, rng=random.Random(0)))
    if not sides:
        probe = resolve(payload, rng=random.Random(0))
        return OddsTable(outcomes={probe.outcome.value: Fraction(1)}, match=Fraction(0), combinations=1)
    if math.prod(sides) > MAX_COMBINATIONS and not exchangeable:
        raise InputError(f"That roll has {math.prod(sides)} face combinations; too many to enumerate exactly.")
    return count_outcomes(_starts(sides, exchangeable), run)


def _starts(sides: list[int], exchangeable: bool) -> list[tuple[list[int], Fraction]]:
    total = math.prod(sides)
    if not exchangeable or len(set(sides)) != 1:
        return [(list(f), Fraction(1, total)) for f in itertools.product(*(range(1, s + 1) for s in sides))]
    starts = []
    for faces in itertools.combinations_with_replacement(range(1, sides[0] + 1), len(sides)):
        orderings = math.factorial(len(faces))
        for n in Counter(faces).values():
            orderings //= math.factorial(n)
        starts.append((list(faces), Fraction(orderings, total)))
    return starts


def count_outcomes(starts: list[tuple[list[int], Fraction]], run: Resolver) -> OddsTable:
    """Resolve each start (faces, weight), extending it by one die while the resolution asks for more."""
    outcomes: dict[str, Fraction] = {}
    matched: dict[str, Fraction] = {}
    leaves = 0
    pending = list(reversed(starts))
    while pending:
        faces, weight = pending.pop()
        result = run(faces)
        extra = next((d for d in result.dice_detail if d.role in SUCCESS_ROLES and not d.forced), None)
        if extra is not None:
            pending.extend((faces + [f], weight / extra.sides) for f in range(extra.sides, 0, -1))
            continue
        leaves += 1
        outcomes[result.outcome.value] = outcomes.get(result.outcome.value, Fraction(0)) + weight
        if result.match:
            matched[result.outcome.value] = matched.get(result.outcome.value, Fraction(0)) + weight
    order = [o.value for o in Outcome]
    return OddsTable(
        outcomes={k: outcomes[k] for k in sorted(outcomes, key=order.index)},
        match=sum(matched.values(), Fraction(0)),
        match_by_outcome={k: matched[k] for k in sorted(matched, key=order.index)},
        combinations=leaves,
    )
