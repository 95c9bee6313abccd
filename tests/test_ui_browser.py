"""Real-browser tests: the app under `streamlit run`, driven in headless Chromium (see ``evals/browser.py``).
CI installs Chromium (``scripts/test-services.sh``); without it these tests fail and say so."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.browser import ENTER, Browser, chrome, missing_browser, serve_app, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def app_url(tmp_path: Path) -> Iterator[str]:
    with serve_app(tmp_path / "streamlit.log", env={"TABLETOP_EMBEDDER": "hash"}) as url:
        yield url


@pytest.fixture
def browser() -> Iterator[Browser]:
    missing = missing_browser()
    if missing:
        pytest.fail(
            f"The browser test needs Chromium and chromedriver; missing: {', '.join(missing)}. "
            "Install them with `bash scripts/test-services.sh` (apt-get install chromium chromium-driver)."
        )
    with chrome() as b:
        yield b


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
