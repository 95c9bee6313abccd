"""Exact odds speed: odds counted from the roll's shape vs the same odds counted through the engine face by face.

Prints p50/p95 per request (ms) in one process; never asserts. Run: `.venv/bin/python bench/bench_odds.py`.

* ``new sheet``: the character changed since the last odds (momentum moves almost every move), so the
  request's odds are not cached; the counts of its shape may be (that is the point).
* ``cold``: every cache cleared before each request (the shape's counts are worked out too).
* ``engine``: :func:`engine_odds`, every face sequence resolved (the test oracle; the old way).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from assistant.engine import roll_shapes  # noqa: E402
from assistant.engine.odds_by_engine import engine_odds  # noqa: E402
from assistant.engine.probability import _odds_cached, odds_for_request, pool_odds  # noqa: E402


def clear_all() -> None:
    _odds_cached.cache_clear()
    for counted in (roll_shapes._challenge_classes, roll_shapes._pool_classes, roll_shapes._total_classes):
        counted.cache_clear()
    roll_shapes._kept_sums.cache_clear()
    roll_shapes._oracle_classes.cache_clear()


def timed(fn: Callable[[], object], n: int, before: Callable[[], None] | None = None) -> tuple[float, float]:
    samples = []
    for _ in range(n):
        if before is not None:
            before()
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000)
    samples.sort()
    return statistics.median(samples), samples[max(0, int(0.95 * len(samples)) - 1)]


def sheets(request: dict[str, Any], meter: str, values: range) -> Callable[[], object]:
    """Odds of ``request`` for a character whose ``meter`` takes the next value each call, and whose sheet
    changed elsewhere too (its name stands for any change the odds don't depend on): never the same request."""
    state = {"i": 0}

    def run() -> object:
        state["i"] += 1
        value = values[state["i"] % len(values)]
        character = {**request.get("character", {}), meter: value, "name": f"character {state['i']}"}
        return odds_for_request({**request, "character": character})

    return run


BURN = {"burn": True}
CASES: list[tuple[str, dict[str, Any], str, range]] = [
    (
        "starforged action roll",
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}},
        "momentum",
        range(-6, 11),
    ),
    (
        "starforged action roll, burning",
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}}, "options": BURN},
        "momentum",
        range(1, 11),
    ),
    ("elegy action roll, focus rerolls", {"system": "elegy", "move": "Face Danger", "stat": "heart"}, "focus", range(-6, 0)),
    ("city 2d6 with advantage", {"system": "city", "move": "Get Something", "options": {"advantage": True}}, "heat", range(0, 4)),
    ("dungeon world 2d6+str", {"system": "dungeon-world", "move": "Hack & Slash", "stat": "str"}, "hp", range(1, 10)),
]


def main() -> None:
    n = 200
    print(f"{'odds of':<36} {'new sheet p50/p95':>20} {'cold p50/p95':>18} {'engine (old) p50':>18} {'speed-up':>9}")
    for label, request, meter, values in CASES:
        odds_for_request(request)  # load the ruleset
        warm = timed(sheets(request, meter, values), n)
        cold = timed(sheets(request, meter, values), n // 4, before=clear_all)
        old = timed(lambda r=request: engine_odds(r), 5)  # type: ignore[misc]
        print(
            f"{label:<36} {warm[0]:8.2f} / {warm[1]:6.2f} ms {cold[0]:6.2f} / {cold[1]:6.2f} ms {old[0]:13.1f} ms"
            f" {old[0] / warm[0]:8.0f}x"
        )
    for dice in (6, 10):
        request = {"system": "blades", "move": "Fortune Roll", "options": {"dice": dice}}
        odds_for_request(request)
        p50, p95 = timed(lambda r=request: odds_for_request(r), n, before=_odds_cached.cache_clear)  # type: ignore[misc]
        print(f"blades fortune roll, {dice} dice{'':<15} {p50:8.2f} / {p95:6.2f} ms   ({pool_odds(dice).combinations:,} faces)")


if __name__ == "__main__":
    main()
