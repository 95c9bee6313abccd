"""The app's time to first render and per-turn latency, offline: ``python bench/bench_ui.py [--turns 12]``.

* First render: a fresh ``AppTest`` run of ``assistant/ui/app.py`` (no campaign, then with a campaign open), and the
  real server (``streamlit run --server.headless true`` on 127.0.0.1) from start to ``/_stcore/health`` and its
  first page.
* Per turn, through the app (AppTest reruns, so the whole page is rebuilt each time as in the browser): a free-text
  action (suggestions), confirming the first suggestion (roll + narration), and an oracle question. The
  embedding model is loaded before timing and reported separately; p50/p95 in milliseconds.

Runs in a throwaway ``TABLETOP_HOME``; offline (no LLM endpoint); ``TABLETOP_EMBEDDER`` as set (default MiniLM).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
APP = ROOT / "assistant" / "ui" / "app.py"
ACTIONS = [
    "I sprint across the collapsing catwalk",
    "I search the wreck for clues",
    "I try to talk the guard down",
    "I fire at the drone",
    "I patch the hull breach",
    "I sneak past the sentries",
]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def ms(seconds: float) -> float:
    return seconds * 1000


def timed(step: Callable[[], object]) -> float:
    start = time.perf_counter()
    step()
    return time.perf_counter() - start


def report(label: str, seconds: list[float]) -> None:
    values = [ms(s) for s in seconds]
    print(
        f"{label:<34} n={len(values):<3} p50 {pct(values, 50):8.1f} ms   p95 {pct(values, 95):8.1f} ms   "
        f"mean {statistics.fmean(values):8.1f} ms"
    )


def first_render_apptest(runs: int) -> None:
    from streamlit.testing.v1 import AppTest

    empty = [timed(lambda: AppTest.from_file(str(APP), default_timeout=120).run()) for _ in range(runs)]
    report("first render, no campaign (AppTest)", empty)
    from assistant.store import service

    service.create_campaign("Bench Render", "starforged", seed=1)
    opened = [timed(lambda: AppTest.from_file(str(APP), default_timeout=120).run()) for _ in range(runs)]
    report("first render, campaign open", opened)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def first_render_server() -> None:
    import httpx

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    start = time.perf_counter()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(APP),
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        healthy = None
        while time.perf_counter() - start < 120 and server.poll() is None:
            try:
                if httpx.get(f"{url}/_stcore/health", timeout=2).text.strip() == "ok":
                    healthy = time.perf_counter() - start
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        if healthy is None:
            print("real server: did not become healthy within 120 s")
            return
        page = httpx.get(url, timeout=10)
        first_page = time.perf_counter() - start
        print(
            f"real server: healthy after {ms(healthy):.0f} ms, first page ({page.status_code}, "
            f"{len(page.content)} bytes) after {ms(first_page):.0f} ms"
        )
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def per_turn(turns: int) -> None:
    from streamlit.testing.v1 import AppTest

    from assistant.store import service

    service.create_campaign("Bench Turns", "starforged", seed=7)
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.run()
    at.selectbox(key="campaign_pick").set_value("Bench Turns").run()
    cold = timed(lambda: at.chat_input(key="chat_text").set_value("I brace for the impact").run())
    print(f"first action of the process (move vectors, odds caches): {ms(cold):.0f} ms")
    actions, confirms, oracles, failures = [], [], [], 0
    for i in range(turns):
        text = ACTIONS[i % len(ACTIONS)]
        actions.append(timed(lambda: at.chat_input(key="chat_text").set_value(text).run()))  # noqa: B023 - called at once
        buttons = [b for b in at.button if b.key == "suggestion_0"]
        if buttons:
            button = buttons[0]
            confirms.append(timed(lambda: button.click().run()))  # noqa: B023 - called at once
        else:
            failures += 1
        at.text_input(key="oracle_question").set_value(f"Is the hatch open? ({i})")
        oracles.append(timed(lambda: at.button(key="oracle_ask").click().run()))
        if at.exception:
            raise SystemExit(f"the app raised: {[e.value for e in at.exception]}")
    report("turn: action -> suggestions", actions)
    report("turn: confirm -> roll + narration", confirms)
    report("turn: oracle", oracles)
    report("turn: all", actions + confirms + oracles)
    state = service.load_campaign("Bench Turns")
    print(f"campaign after the run: {state.moves} moves, {state.last_seq} events; actions without a suggestion: {failures}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--renders", type=int, default=5)
    parser.add_argument("--no-server", action="store_true", help="skip the real server's first page")
    args = parser.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    for var in ("TABLETOP_LLM_BASE_URL", "TABLETOP_DATABASE_URL", "DATABASE_URL", "TABLETOP_CHROMA_URL"):
        os.environ.pop(var, None)
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as home:
        os.environ["TABLETOP_HOME"] = home
        print(f"offline; embedder: {os.environ.get('TABLETOP_EMBEDDER', 'minilm')}")
        from streamlit.logger import set_log_level

        from assistant.suggest import default_embedder

        set_log_level("error")  # AppTest's "missing ScriptRunContext" notices
        load = timed(lambda: default_embedder().embed_query("warm up"))
        print(f"embedding model load (once per process): {ms(load):.0f} ms")
        first_render_apptest(args.renders)
        if not args.no_server:
            first_render_server()
        per_turn(args.turns)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
