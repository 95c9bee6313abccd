"""Narration benchmark: template narration latency (p50/p95) and prompt tokens per turn, budgeted vs naive.

Over a scripted Starforged scene (each turn adds the player's words and the narration to the history) it
prints, per turn, the LLM prompt tokens of :func:`build_context` (top-3 passages for the move, the last
turns, under ``--budget``) against :func:`naive_context` (top-8 passages stuffed in, the whole history).

Retrieval uses the real rules index (MiniLM) when it loads; otherwise the hash embedder, and the output
says which. ``--embedder hash`` skips MiniLM. Run: ``.venv/bin/python bench/bench_narrate.py``
(uses a temporary TABLETOP_HOME; just prints numbers).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SF = "starforged"
#: (player text, request, task) of a scripted scene.
TURNS: list[tuple[str, dict[str, Any], str]] = [
    ("I swear to find my sister on the derelict", {"move": "Swear an Iron Vow", "stat": "heart", "dice": [4, 3, 8]}, "narrate"),
    ("I slip past the sentry drone", {"move": "Face Danger", "stat": "edge", "dice": [5, 3, 6]}, "narrate"),
    ("Is the airlock still powered?", {"move": "Ask the Oracle", "options": {"odds": "likely"}, "dice": [37]}, "oracle"),
    ("I study the deck plans for a way in", {"move": "Secure an Advantage", "stat": "wits", "dice": [5, 3, 9]}, "narrate"),
    ("I force the hatch open", {"move": "Face Danger", "stat": "iron", "dice": [1, 8, 9]}, "narrate"),
    ("the price", {"move": "Pay the Price", "dice": [37]}, "pay_the_price"),
    ("I search the crew quarters for clues", {"move": "Gather Information", "stat": "wits", "dice": [6, 2, 4]}, "narrate"),
    ("Does anyone answer my hail?", {"move": "Ask the Oracle", "options": {"odds": "unlikely"}, "dice": [88]}, "oracle"),
    ("I draw my blaster on the boarding party", {"move": "Enter the Fray", "stat": "wits", "dice": [3, 4, 7]}, "narrate"),
    ("I strike at their leader", {"move": "Strike", "stat": "iron", "options": {"in_control": True}, "dice": [6, 1, 2]},
     "narrate"),
    ("I take cover behind the bulkhead",
     {"move": "React Under Fire", "stat": "edge", "options": {"in_control": False}, "dice": [2, 9, 9]}, "narrate"),
    ("the price", {"move": "table:pay_the_price", "dice": [55]}, "pay_the_price"),
    ("I try to talk them down", {"move": "Compel", "stat": "heart", "dice": [4, 5, 3]}, "narrate"),
    ("I push deeper toward the bridge", {"move": "Undertake an Expedition", "stat": "edge", "dice": [5, 2, 6]}, "narrate"),
    ("Is my sister on the bridge?", {"move": "Ask the Oracle", "options": {"odds": "50/50"}, "dice": [22]}, "oracle"),
    ("I check my gear before the last door", {"move": "Check Your Gear", "stat": "supply", "dice": [3, 6, 2]}, "narrate"),
]  # fmt: skip


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def load_search(embedder: str) -> tuple[Any, str]:
    """A search function over the shipped corpus, and which embedder it uses."""
    from rules_index.embed import HashEmbedder, MiniLMEmbedder
    from rules_index.index import RulesIndex
    from rules_index.search import search_index

    home = Path(os.environ["TABLETOP_HOME"])
    t0 = time.perf_counter()
    chosen: Any = None
    label = "hash embedder (MiniLM skipped)"
    if embedder != "hash":
        try:
            chosen = MiniLMEmbedder()
            chosen.embed_query("warm up")
            label = "MiniLM (real search)"
        except Exception as exc:  # the model cannot load here: say so and measure with the hash embedder
            chosen, label = None, f"hash embedder (MiniLM did not load: {type(exc).__name__})"
    index = RulesIndex(chosen or HashEmbedder(), path=home / "index")
    index.sync_corpus()
    seconds = time.perf_counter() - t0
    return (lambda query, system, k: search_index(index, query, system, k)), f"{label}; index built in {seconds:.1f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=1200)
    parser.add_argument("--embedder", choices=["minilm", "hash"], default="minilm")
    parser.add_argument("--repeat", type=int, default=200, help="template narrations timed per turn")
    args = parser.parse_args()

    from assistant.engine import resolve
    from assistant.narrate import NarrationRequest, TemplateNarrator, build_context, naive_context

    with tempfile.TemporaryDirectory() as home:
        os.environ["TABLETOP_HOME"] = home
        search, how = load_search(args.embedder)
        print(f"retrieval: {how}")
        narrator = TemplateNarrator()
        character: dict[str, Any] | None = None
        history: list[tuple[str, str]] = []
        latencies: list[float] = []
        budgeted: list[int] = []
        naive: list[int] = []
        print(f"{'turn':>4}  {'move':<24} {'budgeted':>8} {'naive':>7}  dropped")
        for n, (text, fields, task) in enumerate(TURNS, start=1):
            result = resolve({"system": SF, **({"character": character} if character else {}), **fields})
            character = result.character or character
            query = f"{result.move} {result.outcome.replace('_', ' ')}"
            top3, top8 = search(query, SF, 3), search(query, SF, 8)
            request = NarrationRequest(
                task=task,
                system=SF,
                player_text=text,
                results=(result,),
                character=character,
                history=tuple(history),
                rules=tuple(top3),
                question=text if task == "oracle" else "",
            )
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                narration = "".join(narrator.stream(request))
                latencies.append((time.perf_counter() - t0) * 1000)
            context = build_context(request, args.budget)
            baseline = naive_context(request, top8)
            budgeted.append(context.report.total)
            naive.append(baseline.report.total)
            print(
                f"{n:>4}  {result.move[:24]:<24} {context.report.total:>8} {baseline.report.total:>7}  "
                f"{len(context.report.dropped)}"
            )
            history += [("user", text), ("assistant", narration)]
        print(
            f"template narration: p50 {percentile(latencies, 0.5):.3f} ms, p95 {percentile(latencies, 0.95):.3f} ms "
            f"({len(latencies)} narrations)"
        )
        print(
            f"prompt tokens per turn (budget {args.budget}): budgeted mean {statistics.mean(budgeted):.0f}, "
            f"max {max(budgeted)}; naive mean {statistics.mean(naive):.0f}, max {max(naive)}; "
            f"naive/budgeted {sum(naive) / sum(budgeted):.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
