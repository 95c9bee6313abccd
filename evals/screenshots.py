"""``python -m evals screenshots [--out docs/screenshots] [--systems a,b] [--window 390x844]``: play one turn of each
system in a real browser (the app under ``streamlit run``, headless Chromium), offline, and save what the player sees
(``--window``: at a phone's or a tablet's size, ``phone`` and ``tablet`` for short).

Each system gets a new campaign (in one fresh data directory), one action in the player's words, its top suggestion
confirmed, and a screenshot of the page with the dice card; the page text is checked for a dice card and for
developer words (``options.``, tracebacks) before the picture is kept. Prints one line per system with the
seconds each step took.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import tempfile
import time
from pathlib import Path

from evals.browser import ENTER, Browser, chrome, serve_app, wait_until, window_size

ACTIONS = {
    "starforged": "I swear a dangerous iron vow to find my lost sister",
    "elegy": "I slip through the cathedral shadows, hunting for blood",
    "blades": "We lie low and bribe a watch captain to lower the crew's heat",
    "city": "I lean on my contact at the docks for a favour",
    "dungeon-world": "I hack at the orc with my sword",
}
DEVELOPER_WORDS = re.compile(r"options\.\w|Traceback|snake_case|NoneType")


def create_campaign(browser: Browser, name: str, system: str, close: bool = True) -> None:
    """The New campaign form in the sidebar, filled in and sent; at phone width the sidebar is opened for it with its
    arrow (the app folds it away again once the campaign is made; ``close``: the run closes it if the app did not)."""
    browser.find("css selector", "section[data-testid='stSidebar']", timeout=180)
    browser.idle(300)
    narrow = browser.narrow()
    if narrow:
        browser.show_sidebar()
    if browser.find_all("css selector", ".st-key-campaign_pick"):  # campaigns exist: the form is folded away
        browser.click("xpath", "//summary[contains(., 'New campaign')]")
        time.sleep(0.5)
        browser.idle()  # unfolding the form reruns the app: type once it is done
    browser.type_into("css selector", 'input[aria-label="Campaign name"]', name, timeout=180)
    from assistant.engine import get_ruleset

    title = get_ruleset(system).title or system  # the picker shows each game by its name
    browser.type_into("css selector", ".st-key-new_campaign_system input", title + ENTER)
    time.sleep(0.5)
    browser.type_into("css selector", 'input[aria-label="Seed (optional)"]', "7" + ENTER)
    time.sleep(0.5)
    browser.click("css selector", ".st-key-create_campaign button")
    browser.find("css selector", "textarea[data-testid='stChatInputTextArea']", timeout=180)
    if narrow and close:
        browser.idle(300)
        with contextlib.suppress(AssertionError):
            wait_until(lambda: not browser.sidebar_shown(), 10, "the sidebar folded by the app")
        browser.show_sidebar(False)


def act(browser: Browser, text: str) -> str:
    """Type an action, confirm the top suggestion, answer a question with its first answer, return the page."""
    browser.idle(300)
    browser.type_into("css selector", "textarea[data-testid='stChatInputTextArea']", text + ENTER, timeout=300)
    wait_until(lambda: browser.find_all("css selector", ".st-key-suggestion_0 button"), 300, "the suggestions")
    browser.idle(300)
    browser.click("css selector", ".st-key-suggestion_0 button", timeout=120)
    for _ in range(3):  # a question before the move resolves: the first answer, as a player would click
        wait_until(
            lambda: (
                not browser.find_all("css selector", ".st-key-suggestion_0 button")
                or browser.find_all("css selector", ".st-key-answer_0 button")
            ),
            300,
            "the dice card or a question",
        )
        browser.idle(300)
        if not browser.find_all("css selector", ".st-key-answer_0 button"):
            break
        browser.click("css selector", ".st-key-answer_0 button", timeout=60)
    browser.idle(300)
    return browser.page_text()


#: The campaign each screenshot plays, named as a player would name it.
_CAMPAIGN_NAMES = {
    "starforged": "The Wayfarer's Wake",
    "elegy": "Rain on the Cloister",
    "blades": "Crow's Foot Nights",
    "city": "Lanterns of the River Ward",
    "dungeon-world": "The Duel at Brakk's Ford",
}


def shoot(system: str, out: Path, home: str, window: tuple[int, int] = (1400, 1100)) -> tuple[Path, dict[str, float]]:
    times: dict[str, float] = {}
    with (
        serve_app(Path(home) / f"streamlit-{system}.log", env={"TABLETOP_HOME": home}) as url,
        chrome(window) as browser,
    ):
        start = time.perf_counter()
        browser.get(url)
        create_campaign(browser, _CAMPAIGN_NAMES.get(system, "A new story"), system)
        times["campaign"] = time.perf_counter() - start
        start = time.perf_counter()
        text = act(browser, ACTIONS[system])
        times["turn"] = time.perf_counter() - start
        if DEVELOPER_WORDS.search(text):
            raise AssertionError(f"{system}: developer words on the page: {DEVELOPER_WORDS.search(text)}")
        time.sleep(1.0)
        shot = browser.screenshot(out / f"{system}.png")
    return shot, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals screenshots", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--systems", default=",".join(ACTIONS))
    parser.add_argument("--window", type=window_size, default=(1400, 1100), help="WIDTHxHEIGHT (390x844), phone or tablet")
    args = parser.parse_args(argv)
    failed = 0
    home = tempfile.mkdtemp(prefix="shots-")  # one data directory: the rules index is built once
    for system in [s.strip() for s in args.systems.split(",") if s.strip()]:
        try:
            shot, times = shoot(system, args.out, home, args.window)
        except (AssertionError, RuntimeError) as exc:
            failed += 1
            print(f"{system}: FAILED {exc}")
            continue
        steps = ", ".join(f"{k} {v:.1f}s" for k, v in times.items())
        print(f"{system}: {shot} ({steps})")
    return 1 if failed else 0
