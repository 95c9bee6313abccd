"""The app on a phone (390 px wide, in headless Chromium): a player at the table reads the result card without
scrolling sideways, the sidebar is folded away over nothing, and after a move the page shows the newest reply's first
line (it showed the page's end: the next steps' buttons, the outcome above them out of view)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.browser import ENTER, WINDOWS, Browser, chrome, missing_browser, serve_app, window_size

pytestmark = pytest.mark.slow

CHAT = "textarea[data-testid='stChatInputTextArea']"
TOP = ".st-key-suggestion_0 button"
NEWEST_TOP = (
    "const m = document.querySelectorAll(\"[data-testid='stChatMessage']\");"
    "return m.length ? m[m.length - 1].getBoundingClientRect().top : -1;"
)


def test_a_window_size_reads_as_a_player_names_it() -> None:
    assert window_size("390x844") == (390, 844) == WINDOWS["phone"] == window_size("phone")
    assert window_size("tablet") == (820, 1180)
    for bad in ("390", "wide", "10x10", "390x"):
        with pytest.raises(ValueError, match="WIDTHxHEIGHT"):
            window_size(bad)


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[tuple[str, Browser]]:
    missing = missing_browser()
    if missing:
        pytest.fail(f"The browser test needs Chromium and chromedriver; missing: {', '.join(missing)}.")
    with serve_app(tmp_path / "streamlit.log", env={"TABLETOP_EMBEDDER": "hash"}) as url, chrome(WINDOWS["phone"]) as b:
        yield url, b


def test_a_move_at_phone_width_fits_the_screen_and_shows_its_result(phone: tuple[str, Browser], tmp_path: Path) -> None:
    from evals.screenshots import create_campaign

    url, browser = phone
    try:
        browser.get(url)
        create_campaign(browser, "Pocket Saga", "starforged", close=False)
        assert browser.narrow()  # the app folds the sidebar away once the campaign is open: its page, not the form
        browser.wait_while_working(lambda: not browser.sidebar_shown(), "the sidebar folded away")
        browser.idle()
        browser.type_into("css selector", CHAT, "I sprint across the collapsing catwalk" + ENTER, timeout=120)
        browser.wait_while_working(lambda: browser.find_all("css selector", TOP), "the suggestions")
        browser.idle()
        browser.click("css selector", TOP, timeout=120)
        browser.wait_while_working(lambda: "Action score" in browser.page_text(), "the dice card")
        browser.idle()
        assert int(browser.run_script("return window.innerWidth;")) == 390
        assert browser.overflow() == []
        assert browser.scroll_width() <= 390
        browser.wait_while_working(lambda: 0 <= float(browser.run_script(NEWEST_TOP)) < 300, "the newest reply in view")
        # the check sees what does stick out: a line too wide for the screen is named
        browser.run_script(
            "const d = document.createElement('div'); d.style.width = '900px'; d.innerText = 'too wide';"
            "document.querySelector(\"[data-testid='stMainBlockContainer']\").appendChild(d);"
        )
        assert any("too wide" in line for line in browser.overflow())
        # the Rules tab's question: Streamlit's "Press Enter to submit form" hint is not written over the words typed
        from evals.screenshots_session import open_tab

        open_tab(browser, "Rules")
        browser.type_into("css selector", 'input[aria-label="Rules question"]', "how does momentum work?", timeout=120)
        hints = "return [...document.querySelectorAll('[data-testid=InputInstructions]')].map(e => getComputedStyle(e).display);"
        browser.wait_while_working(lambda: browser.run_script(hints), "the input's hint drawn")
        assert set(browser.run_script(hints)) == {"none"}
    except AssertionError as exc:
        shot = browser.screenshot(tmp_path / "ui-phone-failure.png")
        raise AssertionError(f"{exc}\nscreenshot: {shot}\npage text:\n{browser.page_text()[-3000:]}") from None
