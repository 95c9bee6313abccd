"""The first rules question in the app: ``python bench/bench_first_question.py [--home DIR] [--runs 3]``.

Each run is a fresh process on a prepared ``TABLETOP_HOME`` (``--home``: one already prepared; by default a
temporary one, prepared first with ``assistant prepare``, which takes a while): the app's first
page is drawn (``AppTest``; the app starts its warm start), then a question is asked in the Rules tab at once,
and the time from the page being ready to the answer drawn is printed (the target is 1.5 s), with the warm
start's steps and whether the vector store (chromadb) was imported. Offline; just prints numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "assistant" / "ui" / "app.py"
QUESTION = "What happens when my momentum is negative?"


def child() -> None:
    sys.path.insert(0, str(ROOT))
    from streamlit.logger import set_log_level
    from streamlit.testing.v1 import AppTest

    set_log_level("error")
    t0 = time.perf_counter()
    at = AppTest.from_file(str(APP), default_timeout=120).run()
    page = time.perf_counter() - t0
    t1 = time.perf_counter()
    at.text_input(key="rules_question").input(QUESTION)
    at.button(key="rules_ask").click().run()
    question = time.perf_counter() - t1
    from assistant.prepare import start_warm_start

    warm = start_warm_start()
    steps = {k: round(v, 2) for k, v in (warm.report.steps if warm.report else {}).items()}
    answered = any("momentum" in m.value.lower() for m in at.markdown)
    out = {"page_s": page, "question_s": question, "answered": answered, "chromadb": "chromadb" in sys.modules}
    print(json.dumps({**out, "warm_steps": steps}))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", help="a prepared TABLETOP_HOME (default: a temporary one, prepared first)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child()
        return 0
    if args.home is None:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "assistant.cli", "prepare", "--quiet"], env=_env(tmp), check=True)
            return _measure(tmp, args.runs)
    return _measure(args.home, args.runs)


def _env(home: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(TABLETOP_HOME=home, PYTHONPATH=str(ROOT), OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    return env


def _measure(home: str, count: int) -> int:
    env = _env(home)
    runs = []
    for _ in range(count):
        cmd = [sys.executable, __file__, "--home", home, "--child"]
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
        print(json.dumps(runs[-1]))
    med = statistics.median(r["question_s"] for r in runs)
    page = statistics.median(r["page_s"] for r in runs)
    print(f"page ready {page:.2f} s; first rules question after it (median of {len(runs)}): {med:.2f} s (target 1.5 s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
