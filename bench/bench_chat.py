"""Chat turn latency offline, and prompt tokens per turn: the budgeted context vs a naive top-8 baseline.

    python bench/bench_chat.py [--turns 40] [--budget 1200]

Offline latency: a scripted session (action → suggestions → confirm → template narration under the guard →
store) in a temporary home, p50/p95 per step, after what the app's warm start does before the first click.
Prompt tokens: for every narrated turn, the messages the LLM narrator would get (``build_context`` under the
budget, with the top-3 passages for the move and the last turns) against the naive prompt that stuffs the top-8
retrieved chunks and the whole history (``naive_context``).
Real MiniLM embeddings unless TABLETOP_EMBEDDER is set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ACTIONS = [
    "I creep through the derelict's dark corridor",
    "I force the jammed airlock open",
    "I shoot the raider before he reaches cover",
    "I ask the dockhands about the missing crew",
    "I patch the hull breach before the air runs out",
    "I swear to find my sister",
    "I search the wreck for salvage",
    "I charm the customs officer into looking away",
]


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--budget", type=int, default=1200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["TABLETOP_HOME"] = tmp
        for var in ("TABLETOP_LLM_BASE_URL", "TABLETOP_DATABASE_URL", "DATABASE_URL"):
            os.environ.pop(var, None)
        from assistant.chat.narration import warm
        from assistant.chat.session import ChatSession
        from assistant.narrate import NarrationRequest, build_context, naive_context
        from assistant.store import service
        from rules_index.search import search

        service.create_campaign("bench", "starforged", seed=5)
        t0 = time.perf_counter()
        warm("starforged")  # what the app's warm start compiles before the first click (assistant.prepare)
        session = ChatSession.open("bench")
        session.send("I look around")  # warm: embeddings, index, odds caches
        warm_s = time.perf_counter() - t0
        suggest_ms: list[float] = []
        confirm_ms: list[float] = []
        oracle_ms: list[float] = []
        budgeted: list[int] = []
        naive: list[int] = []
        asked = 0
        for i in range(args.turns):
            text = ACTIONS[i % len(ACTIONS)]
            t = time.perf_counter()
            turn = session.send(text)
            suggest_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            rolled = session.confirm(turn.suggestions[0])
            confirm_ms.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            session.send("Is the way ahead clear?")
            oracle_ms.append((time.perf_counter() - t) * 1000)
            if not rolled.results:  # the move asked something first (a vow's name...): no result to narrate
                asked += 1
                continue
            result = rolled.results[0]
            state = session.reload()
            history = tuple(session.history(limit=10_000))
            hits8 = search(f"{result.move} {result.outcome.replace('_', ' ')}", system="starforged", k=8)
            request = NarrationRequest(
                task="narrate",
                system="starforged",
                player_text=text,
                results=(result,),
                character=state.active(),
                tracks=tuple(state.tracks.values()),
                clocks=tuple(state.clocks.values()),
                history=history,
                rules=tuple(hits8[:3]),
            )
            budgeted.append(build_context(request, args.budget).report.total)
            naive.append(naive_context(request, hits8).report.total)
        service.close_stores()
    print(f"offline chat turns ({args.turns} actions; first turn incl. model load {warm_s:.2f} s)")
    if asked:
        print(f"  ({asked} confirms asked a question before rolling; their prompt tokens are not counted)")
    for name, values in (
        ("action → suggestions", suggest_ms),
        ("confirm → roll + narration", confirm_ms),
        ("oracle question", oracle_ms),
    ):
        print(f"  {name:28s} p50 {statistics.median(values):7.1f} ms   p95 {pct(values, 0.95):7.1f} ms")
    print(f"prompt tokens per narrated turn (budget {args.budget})")
    print(f"  budgeted context  mean {statistics.mean(budgeted):7.1f}   p95 {pct(budgeted, 0.95)}   max {max(budgeted)}")
    print(f"  naive top-8       mean {statistics.mean(naive):7.1f}   p95 {pct(naive, 0.95)}   max {max(naive)}")
    print(f"  saving            {100 * (1 - statistics.mean(budgeted) / statistics.mean(naive)):.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
