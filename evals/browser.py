"""A real browser on the app: Chromium driven through chromedriver's W3C WebDriver HTTP API (plain ``httpx``),
and the app served by ``streamlit run`` on 127.0.0.1. Used by the browser tests and by
``python -m evals screenshots``.

Chromium and chromedriver come from Debian's ``chromium`` and ``chromium-driver`` (``scripts/test-services.sh``
installs them); ``TABLETOP_CHROMIUM`` / ``TABLETOP_CHROMEDRIVER`` point elsewhere.
"""

from __future__ import annotations

import base64
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TABLETOP_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROME_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--window-size=1400,1000",
    "--disable-extensions",
    "--no-first-run",
]
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
#: The narrowest window headless Chromium draws; narrower ones (a phone's 390 px) are emulated as a phone's screen.
MIN_WINDOW = 500
#: Window sizes a player at the table uses: a phone held upright, a tablet, and the desktop the runs used so far.
WINDOWS = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1400, 1100)}
ENTER = "\ue007"


class WebDriverError(Exception):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def window_size(text: str) -> tuple[int, int]:
    """``390x844`` (or a name from :data:`WINDOWS`: ``phone``, ``tablet``, ``desktop``) as (width, height)."""
    if text in WINDOWS:
        return WINDOWS[text]
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit() or not (200 <= int(width) <= 4000 and 200 <= int(height) <= 4000):
        raise ValueError(f"A window size is WIDTHxHEIGHT in pixels (390x844) or one of {', '.join(WINDOWS)}; not {text!r}.")
    return int(width), int(height)


def wait_until(check: Any, timeout: float, what: str, interval: float = 0.25) -> Any:
    deadline = time.monotonic() + timeout
    last: Exception | None = None
    while time.monotonic() < deadline:
        try:
            value = check()
            if value:
                return value
        except (httpx.HTTPError, WebDriverError) as exc:
            last = exc
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}" + (f" (last error: {last})" if last else ""))


class Browser:
    """The few W3C WebDriver commands the browser tests need."""

    def __init__(self, driver_url: str, window: tuple[int, int] = (1400, 1000)) -> None:
        self.http = httpx.Client(base_url=driver_url, timeout=60)
        args = [a for a in CHROME_ARGS if not a.startswith("--window-size")] + [f"--window-size={window[0]},{window[1]}"]
        options: dict[str, Any] = {"binary": CHROMIUM, "args": args}
        if window[0] < MIN_WINDOW:  # Chromium keeps a window at least 500 px wide: a phone's screen is emulated
            metrics = {"width": window[0], "height": window[1], "pixelRatio": 1.0, "mobile": True, "touch": False}
            options["mobileEmulation"] = {"deviceMetrics": metrics}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        response = self.http.request(method, path, json=body)
        value = response.json().get("value")
        if response.status_code >= 400:
            raise WebDriverError(f"{method} {path}: {value}")
        return value

    def cmd(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        return self._call(method, f"/session/{self.session}{path}", body)

    def get(self, url: str) -> None:
        self.cmd("POST", "/url", {"url": url})

    def url(self) -> str:
        return str(self.cmd("GET", "/url"))

    def refresh(self) -> None:
        self.cmd("POST", "/refresh", {})

    def find_all(self, using: str, value: str) -> list[str]:
        return [e[ELEMENT] for e in self.cmd("POST", "/elements", {"using": using, "value": value})]

    def find(self, using: str, value: str, timeout: float = 60) -> str:
        return str(wait_until(lambda: next(iter(self.find_all(using, value)), None), timeout, f"{using} {value!r}"))

    def type(self, element: str, text: str) -> None:
        self.cmd("POST", f"/element/{element}/value", {"text": text})

    def click_element(self, element: str) -> None:
        """Scroll ``element`` to the middle of the window, as a player scrolls to what they tap, and click it (at the
        window's edge a phone's fixed header lies over it and takes the click)."""
        self.run_script("arguments[0].scrollIntoView({block: 'center'});", {ELEMENT: element})
        self.cmd("POST", f"/element/{element}/click", {})

    def click(self, using: str, value: str, timeout: float = 60) -> None:
        """Click the element once it exists and can be clicked (Streamlit re-renders as it goes)."""

        def attempt() -> bool:
            found = self.find_all(using, value)
            if not found:
                return False
            self.click_element(found[0])
            return True

        wait_until(attempt, timeout, f"a clickable {using} {value!r}")

    def type_into(self, using: str, value: str, text: str, timeout: float = 60) -> None:
        """Type into the element once it exists and takes input (Streamlit disables inputs while it reruns)."""

        def attempt() -> bool:
            found = self.find_all(using, value)
            if not found:
                return False
            self.type(found[0], text)
            return True

        wait_until(attempt, timeout, f"an input {using} {value!r}")

    def busy(self) -> bool:
        """Whether the app shows it is working: Streamlit's running indicator, a spinner, or a turn still thinking."""
        script = (
            "return !!document.querySelector(\"[data-testid='stStatusWidget'], [data-testid='stSpinner']\")"
            " || document.body.innerText.includes('Thinking\u2026');"
        )
        try:
            return bool(self.run_script(script))
        except (httpx.HTTPError, WebDriverError):  # the page is being replaced: a reload is work too
            return True

    def idle(self, timeout: float = 120, settle: int = 3) -> None:
        """Wait until the app has finished its rerun: Streamlit's running indicator gone on ``settle`` checks in a row
        (a rerun a click or a key asked for shows the indicator a moment later, not at once). ``timeout`` counts from
        the app's last sign of work, so a slow machine that is still working is waited for."""
        calm = [0]

        def settled() -> bool:
            calm[0] = 0 if self.find_all("css selector", "[data-testid='stStatusWidget']") else calm[0] + 1
            return calm[0] >= settle

        self.wait_while_working(settled, "the app to be idle", quiet=timeout)

    def wait_while_working(self, check: Callable[[], Any], what: str, quiet: float = 120, most: float = 900) -> Any:
        """``check()``'s first true value. Fails once the app has shown no sign of work (:meth:`busy`) for ``quiet``
        seconds without ``check`` holding, or after ``most`` seconds in all: a loaded machine that is still working
        is waited for, an app that has stopped is not."""
        start = last_work = time.monotonic()
        last: Exception | None = None
        while True:
            try:
                value = check()
                if value:
                    return value
            except (httpx.HTTPError, WebDriverError) as exc:
                last = exc
            now = time.monotonic()
            if self.busy():
                last_work = now
            if now - last_work > quiet or now - start > most:
                waited = f"{now - start:.0f}s, {now - last_work:.0f}s since the app last showed work"
                raise AssertionError(f"gave up after {waited} waiting for {what}" + (f" (last error: {last})" if last else ""))
            time.sleep(0.25)

    def sidebar_shown(self) -> bool:
        """Whether the sidebar is open (at phone width Streamlit folds it away and draws it over the page when opened)."""
        script = (
            "const s = document.querySelector(\"section[data-testid='stSidebar']\");"
            "if (!s) { return false; } const r = s.getBoundingClientRect(); return r.right > 10 && r.width > 10;"
        )
        return bool(self.run_script(script))

    def show_sidebar(self, shown: bool = True) -> None:
        """Open (or close) the sidebar as a player does, with its arrow button; nothing when it already is."""
        if self.sidebar_shown() == shown:
            return
        button = "[data-testid='stExpandSidebarButton']" if shown else "[data-testid='stSidebarCollapseButton'] button"
        script = f'const b = document.querySelector("{button}"); if (!b) {{ return false; }} b.click(); return true;'
        wait_until(lambda: bool(self.run_script(script)), 60, f"the sidebar's {'open' if shown else 'close'} button")
        wait_until(lambda: self.sidebar_shown() == shown, 30, f"the sidebar {'open' if shown else 'closed'}")
        time.sleep(0.4)  # its slide

    def narrow(self) -> bool:
        """Whether the window is a phone's or a tablet's (Streamlit folds the sidebar away below 768 px)."""
        return int(self.run_script("return window.innerWidth;")) < 768

    def overflow(self, selector: str = "[data-testid='stMain']") -> list[str]:
        """What a player would have to scroll sideways to read, inside ``selector``: for each part of the page that
        scrolls sideways (the page's main area included) the elements that stick out of it, and elements cut off at
        the window's edge; one line each, its test id or tag and its first words."""
        script = """
const root = document.querySelector(arguments[0]);
if (!root) { return ['no ' + arguments[0]]; }
const width = document.documentElement.clientWidth;
const said = (e) => (e.getAttribute('data-testid') || e.tagName.toLowerCase()) + ' (' +
  Math.round(e.getBoundingClientRect().right) + ' px): ' + (e.innerText || '').trim().slice(0, 60).replace(/\\s+/g, ' ');
const out = [];
const all = [root, ...root.querySelectorAll('*')];
for (const e of all) {
  const style = getComputedStyle(e);
  if (!['auto', 'scroll'].includes(style.overflowX) || e.scrollWidth <= e.clientWidth + 1) { continue; }
  const edge = e.getBoundingClientRect().left + e.clientWidth;
  const past = [...e.querySelectorAll('*')].filter(c => {
    const r = c.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > edge + 1 && (c.innerText || '').trim();
  });
  past.sort((x, y) => (x.innerText || '').length - (y.innerText || '').length);
  out.push(...past.slice(0, 3).map(said));
}
for (const e of all) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0 || r.right <= width + 1 || !(e.innerText || '').trim()) { continue; }
  let held = false;
  for (let p = e.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowX !== 'visible') { held = true; break; }
  }
  if (!held) { out.push(said(e)); }
}
return [...new Set(out)].slice(0, 20);
"""
        return [str(line) for line in self.run_script(script, selector)]

    def scroll_width(self, selector: str = "[data-testid='stMain']") -> int:
        """How wide the page's main area scrolls (its width when nothing sticks out)."""
        return int(self.run_script("const e = document.querySelector(arguments[0]); return e ? e.scrollWidth : 0;", selector))

    def run_script(self, script: str, *args: Any) -> Any:
        return self.cmd("POST", "/execute/sync", {"script": script, "args": list(args)})

    def page_text(self) -> str:
        return str(self.run_script("return document.body.innerText;"))

    def screenshot(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self.cmd("GET", "/screenshot")))
        return path

    def close(self) -> None:
        try:
            self.cmd("DELETE", "")
        finally:
            self.http.close()


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def missing_browser() -> list[str]:
    return [p for p in (CHROMIUM, CHROMEDRIVER) if not (Path(p).exists() or shutil.which(p))]


@contextlib.contextmanager
def serve_app(
    log_path: Path, env: dict[str, str] | None = None, on_start: Callable[[subprocess.Popen[bytes]], None] | None = None
) -> Iterator[str]:
    """``streamlit run`` the app on a free port of 127.0.0.1; yields its URL once it answers (``on_start`` gets the
    server's process as soon as it is started: the bench reads its memory)."""
    full_env = {
        **os.environ,
        "OMP_NUM_THREADS": "1",
        "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false",
        **(env or {}),
    }
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log:
        server, url = _start_server(log, full_env, on_start)
        try:
            yield url
        finally:
            stop(server)


def _start_server(
    log: Any, env: dict[str, str], on_start: Callable[[subprocess.Popen[bytes]], None] | None, attempts: int = 3
) -> tuple[subprocess.Popen[bytes], str]:
    """The app served on a free port, answering its health check. It is waited for as long as it runs (a loaded
    machine starts it slowly), up to five minutes."""

    def start(port: int) -> subprocess.Popen[bytes]:
        server = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(ROOT / "assistant" / "ui" / "app.py"),
             "--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port),
             "--browser.gatherUsageStats", "false"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        if on_start is not None:
            on_start(server)
        return server

    def answers(url: str) -> bool:
        return httpx.get(f"{url}/_stcore/health", timeout=2).text.strip() == "ok"

    return _on_free_port(start, answers, 300, "the Streamlit server's /_stcore/health", attempts)


def _on_free_port(
    start: Callable[[int], subprocess.Popen[bytes]], ready: Callable[[str], bool], timeout: float, what: str, attempts: int
) -> tuple[subprocess.Popen[bytes], str]:
    """A process ``start``ed on a free port and ``ready`` at its URL. A port found free can be taken by another
    process before this one binds it (tests run side by side): one that exits before it is ready is started again on
    another port."""
    for _ in range(attempts):
        url = f"http://127.0.0.1:{(port := free_port())}"
        process = start(port)

        def up(process: subprocess.Popen[bytes] = process, url: str = url) -> bool:
            return process.poll() is not None or ready(url)  # exited: stop waiting, start another

        try:
            wait_until(up, timeout, what)
        except AssertionError:
            stop(process)
            raise
        if process.poll() is None:
            return process, url
    raise AssertionError(f"{what}: the process exited {attempts} times before it was ready (its log says why)")


@contextlib.contextmanager
def chrome(window: tuple[int, int] = (1400, 1000)) -> Iterator[Browser]:
    """A headless Chromium session (raises with what to install when Chromium or chromedriver is missing)."""
    missing = missing_browser()
    if missing:
        raise RuntimeError(
            f"A real browser needs Chromium and chromedriver; missing: {', '.join(missing)}. "
            "Install them with `bash scripts/test-services.sh` (apt-get install chromium chromium-driver)."
        )
    driver, driver_url = _start_driver()
    try:
        browser = Browser(driver_url, window)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        stop(driver)


def _start_driver(attempts: int = 3) -> tuple[subprocess.Popen[bytes], str]:
    """chromedriver on a free port, ready (see :func:`_on_free_port`)."""

    def start(port: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            [CHROMEDRIVER, f"--port={port}", "--allowed-ips=127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    def ready(url: str) -> bool:
        return bool(httpx.get(f"{url}/status", timeout=2).json()["value"]["ready"])

    return _on_free_port(start, ready, 120, "chromedriver", attempts)
