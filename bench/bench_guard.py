"""Guard timing: p50/p95 per narration (whole text) and per sentence (the streaming check).

Runs the public eval set's narrations against their resolved Results; prints one line per measure.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from assistant.engine import resolve
from assistant.guard import check_narration, prepare
from assistant.guard.text import sentences

DATASET = Path(__file__).resolve().parent.parent / "evals" / "datasets" / "guard_public.jsonl"
ROUNDS = 20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    items = [json.loads(line) for line in DATASET.read_text(encoding="utf-8").splitlines() if line.strip()]
    cases = []
    for item in items:
        results = [resolve(item["request"])] if item["request"] else []
        system = item.get("system") or (item["request"] or {}).get("system")
        cases.append((item["narration"], results, system))
    per_narration: list[float] = []
    per_sentence: list[float] = []
    for _ in range(ROUNDS):
        for text, results, system in cases:
            start = time.perf_counter()
            check_narration(text, results, system=system)
            per_narration.append((time.perf_counter() - start) * 1000)
            facts = prepare(results, system=system)
            for sentence in [s.original for s in sentences(text)]:
                start = time.perf_counter()
                check_narration(sentence, facts=facts)
                per_sentence.append((time.perf_counter() - start) * 1000)
    words = statistics.mean(len(t.split()) for t, _, _ in cases)
    print(
        f"guard per narration ({len(cases)} narrations, {words:.0f} words avg, x{ROUNDS}): "
        f"p50 {percentile(per_narration, 0.5):.3f} ms, p95 {percentile(per_narration, 0.95):.3f} ms"
    )
    print(
        f"guard per sentence (facts prepared once): p50 {percentile(per_sentence, 0.5):.3f} ms, "
        f"p95 {percentile(per_sentence, 0.95):.3f} ms"
    )


if __name__ == "__main__":
    main()
