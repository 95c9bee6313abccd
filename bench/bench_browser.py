"""What a player waits for in a real browser, on a fresh server: ``python bench/bench_browser.py [--turns 4]``.

Starts ``streamlit run`` in a throwaway ``TABLETOP_HOME`` (offline; ``TABLETOP_EMBEDDER`` as set, default the real
MiniLM model) and drives headless Chromium (``evals/browser.py``):

* server start → ``/_stcore/health`` answers; page ready (the campaign form shown);
* the first action on the fresh server: Enter → the suggestions' first button shown;
* the first click: the top suggestion → the dice card shown;
* then ``--turns`` more actions and clicks (warm), p50/max in seconds;
* the memory of the server's process tree (resident now, and its peak) once the page is ready and after the
  turns (the target is 600 MB).

``--home DIR`` serves an already prepared data directory (its campaigns are kept) instead of preparing a new one.

Seconds are wall-clock on this machine, including the browser's own rendering and polling (every 0.1 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("OMP_NUM_THREADS", "1")

from evals.browser import ENTER, Browser, chrome, serve_app, wait_until  # noqa: E402
from evals.screenshots import create_campaign  # noqa: E402

ACTIONS = [
    "I sprint across the collapsing catwalk",
    "I search the wreck for clues",
    "I try to talk the guard down",
    "I fire at the drone",
    "I patch the hull breach",
    "I sneak past the sentries",
]


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            out += [int(p) for p in task.read_text().split()]
        except OSError:
            continue
    return out


def process_tree(pid: int) -> list[int]:
    """``pid`` and every process it started (and they started), while they run."""
    tree, todo = [], [pid]
    while todo:
        current = todo.pop()
        tree.append(current)
        todo += _children(current)
    return tree


def _status_kb(pid: int, field: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_rss_mb(pid: int) -> tuple[float, float]:
    """Resident memory of the process tree of ``pid`` now, and the sum of each process's peak, in MB."""
    pids = process_tree(pid)
    return sum(_status_kb(p, "VmRSS") for p in pids) / 1024, sum(_status_kb(p, "VmHWM") for p in pids) / 1024


def _cards(browser: Browser) -> int:
    return len(browser.find_all("css selector", ".dice-card-title"))


def action_then_click(browser: Browser, text: str) -> tuple[float, float]:
    browser.idle()
    before = len(browser.find_all("css selector", "[data-testid='stChatMessage']"))
    start = time.perf_counter()
    browser.type_into("css selector", "textarea[data-testid='stChatInputTextArea']", text + ENTER, timeout=120)
    wait_until(
        lambda: (
            len(browser.find_all("css selector", "[data-testid='stChatMessage']")) > before
            and browser.find_all("css selector", ".st-key-suggestion_0 button")
        ),
        180,
        "the suggestions",
        interval=0.1,
    )
    suggested = time.perf_counter() - start
    browser.idle()
    start = time.perf_counter()
    browser.click("css selector", ".st-key-suggestion_0 button", timeout=60)
    for _ in range(3):  # a question first: its first answer, as a player would click (counted in the click's time)
        wait_until(
            lambda: (
                (not browser.find_all("css selector", ".st-key-suggestion_0 button") and _cards(browser))
                or browser.find_all("css selector", ".st-key-answer_0 button")
            ),
            180,
            "the dice card or a question",
            interval=0.1,
        )
        if not browser.find_all("css selector", ".st-key-answer_0 button"):
            break
        browser.idle()
        if browser.find_all("css selector", ".st-key-answer_0 button"):
            browser.click("css selector", ".st-key-answer_0 button", timeout=60)
    return suggested, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--cold", action="store_true", help="start the server on an unprepared data directory")
    parser.add_argument("--home", help="an already prepared TABLETOP_HOME to serve (nothing is prepared)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as tmp:
        home = args.home or tmp
        env = {"TABLETOP_HOME": home}
        prepared = 0.0
        servers: list[subprocess.Popen[bytes]] = []
        if not args.cold and not args.home:  # as `make run` does: prepare, then start the server
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", "from assistant.cli import main; main()", "prepare"],
                env={**os.environ, **env},
                check=True,
                stdout=subprocess.DEVNULL,
            )
            prepared = time.perf_counter() - start
        started = time.perf_counter()
        if os.environ.get("TABLETOP_EMBEDDER"):
            env["TABLETOP_EMBEDDER"] = os.environ["TABLETOP_EMBEDDER"]
        log = Path(tmp) / "streamlit.log"
        with serve_app(log, env=env, on_start=servers.append) as url, chrome() as browser:
            healthy = time.perf_counter() - started
            start = time.perf_counter()
            browser.get(url)
            browser.find("css selector", 'input[aria-label="Campaign name"]', timeout=120)
            ready = time.perf_counter() - start
            rss_ready = tree_rss_mb(servers[0].pid)
            create_campaign(browser, f"Bench Saga {int(time.time())}", "starforged")
            try:
                first_suggest, first_click = action_then_click(browser, ACTIONS[0])
                warm = [action_then_click(browser, ACTIONS[(i + 1) % len(ACTIONS)]) for i in range(args.turns)]
            except AssertionError:
                shot = browser.screenshot(Path(tempfile.gettempdir()) / "bench-browser-failure.png")
                print(f"failed; the page is in {shot}:\n{browser.page_text()[-1500:]}", file=sys.stderr)
                raise
            rss_played = tree_rss_mb(servers[0].pid)
    if args.home:
        print(f"served {args.home} as it was prepared")
    else:
        print(f"prepare (as make run): {prepared:.1f} s" if not args.cold else "cold: nothing prepared before the server")
    print(f"server start → healthy: {healthy:.2f} s; page ready: {ready:.2f} s")
    print(f"first action on a fresh server → suggestions: {first_suggest:.2f} s; first click → dice card: {first_click:.2f} s")
    if warm:
        s = [w[0] for w in warm]
        c = [w[1] for w in warm]
        print(f"warm action → suggestions: p50 {statistics.median(s):.2f} s, max {max(s):.2f} s ({len(s)} turns)")
        print(f"warm click → dice card: p50 {statistics.median(c):.2f} s, max {max(c):.2f} s")
    print(f"server memory (process tree) once the page is ready: {rss_ready[0]:.0f} MB resident, peak {rss_ready[1]:.0f} MB")
    print(
        f"server memory after {1 + len(warm)} turns: {rss_played[0]:.0f} MB resident, peak {rss_played[1]:.0f} MB (target 600 MB)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
