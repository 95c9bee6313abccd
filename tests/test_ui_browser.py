"""One real-browser smoke test: the app under `streamlit run`, driven in headless Chromium.

Chromium is driven through chromedriver's W3C WebDriver HTTP API (plain ``httpx``). CI installs
Chromium (``scripts/test-services.sh``); without it this test fails and says so.
"""

from __future__ import annotations

import base64
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

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
ENTER = "\ue007"

pytestmark = pytest.mark.slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


class WebDriverError(Exception):
    pass


class Browser:
    """The few W3C WebDriver commands this test needs."""

    def __init__(self, driver_url: str) -> None:
        self.http = httpx.Client(base_url=driver_url, timeout=60)
        caps = {
            "capabilities": {
                "alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": CHROME_ARGS}}
            }
        }
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

    def find_all(self, using: str, value: str) -> list[str]:
        return [e[ELEMENT] for e in self.cmd("POST", "/elements", {"using": using, "value": value})]

    def find(self, using: str, value: str, timeout: float = 60) -> str:
        return str(wait_until(lambda: (self.find_all(using, value) or [None])[0], timeout, f"{using} {value!r}"))

    def type(self, element: str, text: str) -> None:
        self.cmd("POST", f"/element/{element}/value", {"text": text})

    def click(self, using: str, value: str, timeout: float = 60) -> None:
        """Click the element once it exists and can be clicked (Streamlit re-renders as it goes)."""

        def attempt() -> bool:
            found = self.find_all(using, value)
            if not found:
                return False
            self.cmd("POST", f"/element/{found[0]}/click", {})
            return True

        wait_until(attempt, timeout, f"a clickable {using} {value!r}")

    def page_text(self) -> str:
        return str(self.cmd("POST", "/execute/sync", {"script": "return document.body.innerText;", "args": []}))

    def screenshot(self, path: Path) -> Path:
        path.write_bytes(base64.b64decode(self.cmd("GET", "/screenshot")))
        return path

    def close(self) -> None:
        try:
            self.cmd("DELETE", "")
        finally:
            self.http.close()


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@pytest.fixture
def app_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "TABLETOP_EMBEDDER": "hash", "OMP_NUM_THREADS": "1", "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
    log = (tmp_path / "streamlit.log").open("wb")
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(ROOT / "assistant" / "ui" / "app.py"),
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
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(
            lambda: server.poll() is None and httpx.get(f"{url}/_stcore/health", timeout=2).text.strip() == "ok",
            90,
            "the Streamlit server's /_stcore/health",
        )
        yield url
    finally:
        _stop(server)
        log.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Browser]:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not (Path(p).exists() or shutil.which(p))]
    if missing:
        pytest.fail(
            f"The browser test needs Chromium and chromedriver; missing: {', '.join(missing)}. "
            "Install them with `bash scripts/test-services.sh` (apt-get install chromium chromium-driver)."
        )
    port = free_port()
    driver = subprocess.Popen(
        [CHROMEDRIVER, f"--port={port}", "--allowed-ips=127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    driver_url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: httpx.get(f"{driver_url}/status", timeout=2).json()["value"]["ready"], 30, "chromedriver")
        chrome = Browser(driver_url)
        try:
            yield chrome
        finally:
            chrome.close()
    finally:
        _stop(driver)


def test_play_one_turn_in_a_real_browser(app_url: str, browser: Browser, tmp_path: Path) -> None:
    try:
        play_one_turn(app_url, browser, tmp_path)
    except AssertionError as exc:
        shot = browser.screenshot(tmp_path / "ui-failure.png")
        raise AssertionError(f"{exc}\nscreenshot: {shot}\npage text:\n{browser.page_text()[:3000]}") from None


def play_one_turn(app_url: str, browser: Browser, tmp_path: Path) -> None:
    browser.get(app_url)
    name = browser.find("css selector", 'input[aria-label="Campaign name"]', timeout=90)
    browser.type(name, "Browser Saga")
    browser.type(browser.find("css selector", 'input[aria-label="Seed (optional)"]'), "7" + ENTER)
    time.sleep(0.5)
    browser.click("css selector", ".st-key-create_campaign button")

    chat = browser.find("css selector", "textarea[data-testid='stChatInputTextArea']", timeout=90)
    browser.type(chat, "I sprint across the collapsing catwalk" + ENTER)
    browser.click("css selector", ".st-key-suggestion_0 button", timeout=90)

    text = wait_until(lambda: (t := browser.page_text()) and "Action score" in t and t, 90, "the dice card")
    shot = browser.screenshot(tmp_path / "ui-turn.png")
    print(f"screenshot: {shot}")
    assert "Moves that fit" in text  # the suggestions, kept in the transcript
    assert any(word in text for word in ("Strong hit", "Weak hit", "Miss"))
    assert "Rules: starforged" in text  # the card's citation
    assert shot.stat().st_size > 10_000
