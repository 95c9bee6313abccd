"""Suggestion latency over the public dataset: ``python bench/bench_suggest.py [--dataset F] [--k 3]``.

Prints p50/p95 (ms) for a cold pass (first suggestion per system builds the move embeddings; the
model itself is loaded before timing and reported separately) and a warm pass (everything cached
except the query embedding; odds cached by the engine after the first pass), plus the no-odds
ranking-only warm latency.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=ROOT / "evals" / "datasets" / "suggest_public.jsonl")
    parser.add_argument("--k", type=int, default=3)
    args = parser.parse_args(argv)
    from assistant.suggest import SuggestContext, rank, suggest
    from assistant.suggest.core import default_embedder

    items = [json.loads(line) for line in args.dataset.read_text().splitlines() if line.strip()]
    start = time.perf_counter()
    embedder = default_embedder()
    embedder.embed_query("warm up")
    load_ms = (time.perf_counter() - start) * 1000

    def run(with_odds: bool) -> list[float]:
        times = []
        for item in items:
            ctx = SuggestContext.from_dict(item["system"], item.get("context"))
            t0 = time.perf_counter()
            if with_odds:
                suggest(item["text"], ctx, k=args.k)
            else:
                rank(item["text"], ctx)
            times.append((time.perf_counter() - t0) * 1000)
        return times

    cold = run(True)
    warm = run(True)
    ranking = run(False)
    print(f"items: {len(items)}  k: {args.k}  model load: {load_ms:.0f} ms")
    for label, values in (("cold (suggest)", cold), ("warm (suggest)", warm), ("warm (rank only)", ranking)):
        print(
            f"{label:<18} p50 {pct(values, 50):7.1f} ms   p95 {pct(values, 95):7.1f} ms   mean {statistics.fmean(values):7.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
