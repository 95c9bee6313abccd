"""In a real browser with an LLM configured (the stub server): a suggested move clicked while the LLM still looks at
the player's words streams its story without the old "The LLM is looking at your move…" under it. Streamlit keeps an
element of the last run on the page until the new run reaches its place; the caption sat at the end of the page, so it
stayed there for the whole story (ten seconds here, half a minute on a small local model)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.browser import ENTER, Browser, chrome, missing_browser, serve_app, wait_until
from tests.openai_stub import OpenAIStub

pytestmark = pytest.mark.slow

LOOKING = "The LLM is looking at your move"
STORY = "You vault the gap as the catwalk groans beneath you, and your boots find the far rail."


@pytest.fixture
def browser() -> Iterator[Browser]:
    missing = missing_browser()
    if missing:
        pytest.fail(f"The browser test needs Chromium and chromedriver; missing: {', '.join(missing)}.")
    with chrome() as b:
        yield b


def test_the_plan_caption_goes_as_soon_as_a_suggested_move_is_played(browser: Browser, tmp_path: Path) -> None:
    with OpenAIStub() as stub:
        # the plan takes longer than the player: it is still coming when the move is clicked (then dropped)
        stub.add_tool_calls([{"name": "roll_move", "arguments": {"move": "Face Danger", "stat": "edge"}}], delay=40)
        words = STORY.split(" ")
        stub.add_text(STORY, chunks=[w + " " for w in words[:-1]] + [words[-1]], chunk_delay=0.5)
        stub.add_text(STORY)  # a retry, if the rules check asks for one
        env = {
            "TABLETOP_EMBEDDER": "hash",
            "TABLETOP_HOME": str(tmp_path / "home"),
            "TABLETOP_LLM_BASE_URL": stub.base_url,
            "TABLETOP_LLM_MODEL": "stub",
            "TABLETOP_LLM_PLANNING": "tools",
            "TABLETOP_LLM_TIMEOUT": "60",
        }
        with serve_app(tmp_path / "streamlit.log", env=env) as url:
            browser.get(url)
            browser.type(browser.find("css selector", 'input[aria-label="Campaign name"]', timeout=90), "Caption")
            browser.type(browser.find("css selector", 'input[aria-label="Seed (optional)"]'), "7" + ENTER)
            time.sleep(0.5)
            browser.click("css selector", ".st-key-create_campaign button")
            chat = browser.find("css selector", "textarea[data-testid='stChatInputTextArea']", timeout=90)
            browser.type(chat, "I sprint across the collapsing catwalk" + ENTER)
            wait_until(lambda: LOOKING in browser.page_text(), 60, "the LLM's plan being awaited")
            browser.click("css selector", ".st-key-suggestion_0 button", timeout=60)
            while_writing: list[bool] = []
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline:
                text = browser.page_text()
                if "still writing" in text or "Thinking" in text:
                    while_writing.append(LOOKING in text)
                elif "Action score" in text and "vault the gap" in text:
                    break
                time.sleep(0.3)
            else:
                raise AssertionError(f"the story never finished:\n{browser.page_text()[:2000]}")
    assert len(while_writing) >= 3, while_writing  # the story took seconds: the page was read while it came
    assert not any(while_writing), f"{sum(while_writing)} of {len(while_writing)} looks showed {LOOKING!r}"
    assert LOOKING not in browser.page_text()
