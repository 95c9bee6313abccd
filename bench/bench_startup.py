"""Start-up: `assistant resolve` and a one-off `assistant ask` as fresh processes, `assistant prepare` cold and
again, the first rules question and first suggestion in a process after prepare, and that process's memory.

Run: ``.venv/bin/python bench/bench_startup.py [--home DIR] [--resolve-only]`` (a temporary TABLETOP_HOME by
default, prepared first; give an already prepared DIR to skip the cold build; ``--resolve-only`` times only
`assistant resolve`, which needs no prepare). Wall and CPU seconds (children's user+sys) are
both printed because a busy machine stretches wall time. Just prints numbers.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "assistant.cli"]
FACE_DANGER = {"system": "starforged", "move": "face danger", "stat": "edge", "character": {"stats": {"edge": 2}}}

FIRST_QUESTION = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from rules_index.qa import answer
from rules_index.search import get_index
index = get_index(refresh=False, snapshot=True)  # as the app's warm start opens it
got = answer("what happens when my heat reaches 9?", "blades", index=index)
question = time.perf_counter() - t0
t1 = time.perf_counter()
from assistant.suggest import SuggestContext, suggest
suggest("I sprint across the collapsing catwalk", SuggestContext(system="starforged"))
suggestion = time.perf_counter() - t1
heavy = [m for m in ("torch", "sentence_transformers", "transformers", "chromadb") if m in sys.modules]
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"question_s": question, "suggestion_s": suggestion, "rss_mb": rss, "heavy": heavy}))
"""


def _env(home: str) -> dict[str, str]:
    """The children's environment: compiled modules (and kept copies of the data files) are written, as in an
    install, so a run measures start-up rather than the compiler."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(ROOT), "TABLETOP_HOME": home, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}


def resolve_startup(home: str) -> None:
    """`assistant resolve` start-up: one run to write the caches, then the median of 7."""
    timed_run([*CLI, "resolve"], home, json.dumps(FACE_DANGER))
    wall, cpu = median_run([*CLI, "resolve"], home, 7, json.dumps(FACE_DANGER))
    print(f"assistant resolve start-up (median of 7): {wall:.2f} s wall, {cpu:.2f} s cpu (target 0.5 s)")


def timed_run(args: list[str], home: str, stdin: str | None = None) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user+sys of the child) and stdout of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(args, input=stdin, capture_output=True, text=True, env=_env(home), check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout


def median_run(args: list[str], home: str, runs: int, stdin: str | None = None) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, _ = timed_run(args, home, stdin)
        walls.append(wall)
        cpus.append(cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    """Print the start-up numbers."""
    home = sys.argv[sys.argv.index("--home") + 1] if "--home" in sys.argv else None
    if "--resolve-only" in sys.argv:  # no prepare needed
        with tempfile.TemporaryDirectory() as tmp:
            resolve_startup(home or tmp)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        home = home or tmp
        wall, cpu, _ = timed_run([*CLI, "prepare", "--quiet"], home)
        print(f"assistant prepare (first in this home): {wall:.2f} s wall, {cpu:.2f} s cpu")
        wall, cpu, _ = timed_run([*CLI, "prepare", "--quiet"], home)
        print(f"assistant prepare (again, nothing changed): {wall:.2f} s wall, {cpu:.2f} s cpu")
        resolve_startup(home)
        wall, cpu = median_run([*CLI, "ask", "how do I reduce heat?", "--system", "blades"], home, 3)
        print(f"assistant ask, one-off after prepare (median of 3): {wall:.2f} s wall, {cpu:.2f} s cpu (target 2 s)")
        _, _, out = timed_run([sys.executable, "-c", FIRST_QUESTION], home)
        r = json.loads(out.strip().splitlines()[-1])
        print(
            f"new process after prepare: first rules question (index read as the app does) {r['question_s']:.2f} s, "
            f"first suggestion "
            f"{r['suggestion_s']:.2f} s, peak RSS {r['rss_mb']:.0f} MB (target 600 MB for the app), torch etc. "
            f"imported: {r['heavy'] or 'none'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
