"""Suggestion latency over the public dataset: ``python bench/bench_suggest.py [--dataset F] [--k 3]``.

Prints p50/p95 (ms) for a cold pass (first suggestion per system builds the move embeddings; the
model itself is loaded before timing and reported separately), a warm pass (everything cached
except the query embedding; odds cached by the engine after the first pass), a warm pass where the
character changed since (momentum or focus moved, so no request's odds are cached: what play looks
like), the no-odds ranking-only warm latency, and one query embedding alone, in the same process,
with the ratios of the warm passes to it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

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

    def run(with_odds: bool, turn: int = 0) -> list[float]:
        times = []
        for n, item in enumerate(items):
            ctx = SuggestContext.from_dict(item["system"], item.get("context"))
            if turn:
                ctx = changed(ctx, turn * 7 + n)
            t0 = time.perf_counter()
            if with_odds:
                suggest(item["text"], ctx, k=args.k)
            else:
                rank(item["text"], ctx)
            times.append((time.perf_counter() - t0) * 1000)
        return times

    def embed_only() -> list[float]:
        times = []
        for item in items:
            t0 = time.perf_counter()
            embedder.embed_query(item["text"])
            times.append((time.perf_counter() - t0) * 1000)
        return times

    cold = run(True)
    warm = run(True)
    changed_sheet = run(True, turn=1) + run(True, turn=2)
    ranking = run(False)
    embedding = embed_only()
    print(f"items: {len(items)}  k: {args.k}  model load: {load_ms:.0f} ms")
    rows = (
        ("cold (suggest)", cold),
        ("warm (suggest)", warm),
        ("warm, new sheet", changed_sheet),
        ("warm (rank only)", ranking),
        ("1 query embedding", embedding),
    )
    for label, values in rows:
        print(
            f"{label:<18} p50 {pct(values, 50):7.1f} ms   p95 {pct(values, 95):7.1f} ms   mean {statistics.fmean(values):7.1f} ms"
        )
    one = pct(embedding, 50)
    for label, values in rows[1:3]:
        print(f"{label:<18} p95 / one embedding (p50): {pct(values, 95) / one:5.1f}x   p50: {pct(values, 50) / one:5.1f}x")
    return 0


def changed(ctx: Any, turn: int) -> Any:
    """The same moment of play a few moves later: momentum (or focus) moved, so no odds are cached."""
    from dataclasses import replace

    character = dict(ctx.character or {})
    meter = {"starforged": "momentum", "elegy": "focus"}.get(ctx.system)
    if meter is not None:
        character[meter] = turn % 13 - 4
    character["name"] = f"turn {turn}"  # any other change of the sheet counts as a new sheet too
    return replace(ctx, character=character)


if __name__ == "__main__":
    raise SystemExit(main())
