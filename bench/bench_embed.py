"""Embedding runtimes side by side: model load, query embedding p50/p95, passages per second, peak memory.

Run: ``.venv/bin/python bench/bench_embed.py`` (each runtime in its own fresh process; just prints numbers).
``numpy`` is what the app uses; ``torch`` is sentence-transformers on the same shipped weights. CPU seconds
are printed next to wall seconds because a busy machine stretches wall time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUERIES = [
    "what happens when my heat reaches 9?", "I swing my sword at the raider", "how do I reduce stress",
    "I sneak past the guards quietly", "can I burn momentum on a miss", "I try to talk the captain down",
    "how many downtime activities do I get", "I search the wreck for supplies",
]  # fmt: skip

CHILD = r"""
import json, os, resource, statistics, sys, time
t0 = time.perf_counter(); c0 = time.process_time()
from rules_index.embed import get_embedder
from rules_index.index import CORPUS_DIR, CORPUS_FILES, chunk_file
embedder = get_embedder(sys.argv[1])
embedder.embed_query("warm up")
load, load_cpu = time.perf_counter() - t0, time.process_time() - c0
queries = json.loads(sys.argv[2])
times = []
for i in range(40):
    t = time.perf_counter(); embedder.embed_query(queries[i % len(queries)]); times.append(time.perf_counter() - t)
times.sort()
docs = [c.embedding_text() for s, f in CORPUS_FILES.items() for c in chunk_file(CORPUS_DIR / f, s)][:48]
t = time.perf_counter(); c = time.process_time()
embedder.embed_documents(docs)
docs_wall, docs_cpu = time.perf_counter() - t, time.process_time() - c
print(json.dumps({
    "load_s": load, "load_cpu_s": load_cpu,
    "query_p50_ms": 1000 * statistics.median(times), "query_p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
    "passages_per_s": len(docs) / docs_wall, "passages_per_cpu_s": len(docs) / docs_cpu,
    "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    "torch_imported": "torch" in sys.modules,
}))
"""


def measure(runtime: str) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, runtime, json.dumps(QUERIES)], capture_output=True, text=True, env=env, check=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> int:
    """Print one line per runtime."""
    runtimes = sys.argv[1:] or ["minilm", "minilm-torch"]
    for runtime in runtimes:
        r = measure(runtime)
        print(
            f"{runtime:13s} load {r['load_s']:.2f} s (cpu {r['load_cpu_s']:.2f} s) | query p50 {r['query_p50_ms']:.1f} ms "
            f"p95 {r['query_p95_ms']:.1f} ms | {r['passages_per_s']:.1f} passages/s ({r['passages_per_cpu_s']:.1f}/cpu s) | "
            f"peak RSS {r['peak_rss_mb']:.0f} MB | torch imported: {r['torch_imported']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
