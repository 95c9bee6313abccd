"""Engine speed: per-resolution time of an action roll, a progress roll and the rest of the typical request mix
(a Blades pool, a Dungeon World damage roll, an oracle roll), with d20 as a reference.

Prints numbers; never asserts. Run: `make bench` or `.venv/bin/python bench/bench_engine.py`.
The engine and d20 are timed in alternating rounds in one process (the best round's median of each), so a
busy machine moves both alike and the ratio holds.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

import d20

from assistant.engine import Request, resolve
from assistant.engine.odds_by_engine import engine_odds
from assistant.engine.probability import _odds_cached, odds_for_request


def per_call(fn: Callable[[], object], n: int) -> tuple[float, float]:
    """Median and p95 of per-call time in microseconds over ``n`` calls (after a warm-up)."""
    for _ in range(min(200, n)):
        fn()
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * len(samples)) - 1]


#: The typical request mix: each kind of roll a table makes, timed like the action roll.
MIX: dict[str, dict[str, object]] = {
    "blades pool (Fortune Roll, 3d)": {"system": "blades", "move": "Fortune Roll", "options": {"dice": 3}},
    "dungeon world damage (1d8 grit)": {"system": "dungeon-world", "move": "Deal Damage", "options": {"grit": 8}},
    "oracle roll (Ask the Oracle)": {"system": "starforged", "move": "Ask the Oracle", "options": {"odds": "likely"}},
}


def main() -> None:
    rng = random.Random(1)
    action = Request.parse(
        {"system": "starforged", "move": "Face Danger", "stat": "edge", "character": {"stats": {"edge": 2}, "momentum": 4}}
    )
    progress = Request.parse(
        {
            "system": "starforged",
            "move": "Fulfill Your Vow",
            "options": {"track": {"name": "vow", "rank": "dangerous", "ticks": 24}},
        }
    )
    mix = {name: Request.parse(data) for name, data in MIX.items()}
    n, rounds = 2000, 5
    runs: dict[str, list[tuple[float, float]]] = {"action": [], "progress": [], "d1": [], "d2": [], **{k: [] for k in mix}}
    for _ in range(rounds):
        runs["action"].append(per_call(lambda: resolve(action, rng=rng), n))
        runs["progress"].append(per_call(lambda: resolve(progress, rng=rng), n))
        runs["d1"].append(per_call(lambda: d20.roll("1d6+2"), n))
        runs["d2"].append(per_call(lambda: d20.roll("2d10"), n))
        for name, req in mix.items():
            runs[name].append(per_call(lambda req=req: resolve(req, rng=rng), n))  # type: ignore[misc]
    (a50, a95), (p50, p95), (d1, _), (d2, _) = (min(runs[k]) for k in ("action", "progress", "d1", "d2"))
    odds_ms = []
    for _ in range(20):
        _odds_cached.cache_clear()
        t0 = time.perf_counter()
        odds_for_request(action)
        odds_ms.append((time.perf_counter() - t0) * 1e3)
    t0 = time.perf_counter()
    engine_odds(action.model_dump(mode="json"))
    engine_ms = (time.perf_counter() - t0) * 1e3
    print(f"engine action roll (Face Danger):      p50 {a50:8.1f} us   p95 {a95:8.1f} us")
    print(f"engine progress roll (Fulfill a Vow):  p50 {p50:8.1f} us   p95 {p95:8.1f} us")
    print(f"d20 reference '1d6+2':                 p50 {d1:8.1f} us")
    print(f"d20 reference '2d10':                  p50 {d2:8.1f} us")
    print(f"ratio action roll / d20 '1d6+2':       {a50 / d1:8.1f}x")
    print(f"ratio progress roll / d20 '2d10':      {p50 / d2:8.1f}x")
    print("the request mix (ratio to d20 '1d6+2'):")
    print(f"  {'action roll (Face Danger)':34s} p50 {a50:6.1f} us  {a50 / d1:4.1f}x")
    print(f"  {'progress roll (Fulfill Your Vow)':34s} p50 {p50:6.1f} us  {p50 / d1:4.1f}x")
    for name in mix:
        m50, _ = min(runs[name])
        print(f"  {name:34s} p50 {m50:6.1f} us  {m50 / d1:4.1f}x")
    print(f"exact odds of an action roll, uncached (from its shape):      p50 {statistics.median(odds_ms):6.2f} ms")
    print(f"exact odds of an action roll through the engine (600 faces):      {engine_ms:6.1f} ms")


if __name__ == "__main__":
    main()
