"""Rules index benchmark: cold build, unchanged rebuild, query latency (p50/p95) and peak memory.

Run: ``.venv/bin/python bench/bench_index.py`` (uses a temporary TABLETOP_HOME; just prints numbers).
"""

from __future__ import annotations

import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

QUERIES = [
    "what happens when my heat reaches 9?", "how do I reduce heat", "How does Hack & Slash work?",
    "what is a strong hit", "how do I feed on a victim", "what do I roll to face danger",
    "how many downtime activities do I get", "how do I protect an ally", "what happens when I pay the price",
    "how does a faction spread a rumor", "when is my belief challenged", "how do I heal harm",
    "what does burning focus do", "how much coin for a standard score", "can I cast while gagged",
]  # fmt: skip


def main() -> int:
    """Print the benchmark numbers."""
    from rules_index.embed import MiniLMEmbedder
    from rules_index.index import RulesIndex
    from rules_index.search import search_index

    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_HOME"] = home
        t0 = time.perf_counter()
        embedder = MiniLMEmbedder()
        embedder.embed_query("warm up")  # model load, reported separately
        load = time.perf_counter() - t0
        index = RulesIndex(embedder, path=Path(home) / "index")
        t0 = time.perf_counter()
        report = index.sync_corpus()
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        index.sync_corpus()
        unchanged = time.perf_counter() - t0
        reopened = RulesIndex(embedder, path=Path(home) / "index")
        t0 = time.perf_counter()
        reopened.sync_corpus()
        unchanged_new_client = time.perf_counter() - t0
        search_index(index, "warm up the lexical index", k=5)
        latencies = []
        for i in range(50):
            t0 = time.perf_counter()
            search_index(index, QUERIES[i % len(QUERIES)], k=5)
            latencies.append((time.perf_counter() - t0) * 1000)
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))]
        rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"model load (once per process): {load:.2f} s")
        print(f"cold build: {cold:.2f} s ({report.embedded} chunks embedded)")
        print(f"unchanged rebuild: {unchanged:.3f} s (new client: {unchanged_new_client:.3f} s)")
        print(f"query latency over {len(latencies)} hybrid queries: p50 {statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms")
        print(f"peak RSS: {rss_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
