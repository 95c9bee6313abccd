"""The longer part of ``python -m evals.screenshots_player``: a dozen more turns of each game as a new player plays
them with the page's buttons: a line in the player's words, then the top suggestion's button, the first option of
a pick the rules ask for (radio, then Confirm), a question's first answer, and every other turn the first next
step's button. Each turn is checked for what a player trips on: more page runs than the clicks made (a turn drawn
twice), the newest reply out of view, developer words."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from evals.browser import Browser
from evals.screenshots_session import _last_reply, _say, developer_words, runs_counted, settle

#: A dozen more lines per game, as a player types them (a rules question and an oracle question among them).
MORE: dict[str, list[str]] = {
    "starforged": [
        "I search the airlock controls for a way in",
        "what happens on a miss?",
        "I swear to find the lost crew of the Kestrel, a formidable vow",
        "I gather information from the ship's logs",
        "is anyone still alive aboard?",
        "a scavenger drone attacks me",
        "I strike at the drone with my blade",
        "I take cover behind the bulkhead",
        "I heal my wounds with the medkit",
        "I make camp in the cargo hold",
        "I mark progress on my vow",
        "I board my ship and set a course home",
    ],
    "elegy": [
        "I follow the priest's scent through the fog",
        "how does blood work?",
        "is the priest aware of me?",
        "I charm the watchman at the gate",
        "a hunter steps out of the shadows with a stake",
        "I strike at the hunter",
        "I flee over the rooftops",
        "I resist the hunger",
        "I feed on the hunter",
        "I rest in my crypt until nightfall",
        "I gather secrets from the gossiping nuns",
        "I swear to destroy the hunter's order",
    ],
    "blades": [
        "we lay low to reduce heat",
        "I indulge my vice at the gambling den",
        "what happens when stress hits 9?",
        "I work on the long-term project to map the sewers",
        "I train my prowess",
        "I recover from my wounds with the doctor",
        "I acquire a cart for the next job",
        "we face entanglements",
        "the bluecoats come for Vex",
        "we pay off the bluecoats with coin",
        "I craft a smoke bomb",
        "we plan the next score",
    ],
    "city": [
        "I ask around the fish market for news",
        "what does network do?",
        "I spread a rumour that the guild is bankrupt",
        "is the harbourmaster corrupt?",
        "I threaten the dockhand to talk",
        "I slip away from the city watch",
        "I run my scheme to skim the tolls",
        "I meet a stranger at the tavern",
        "I use my power to open the sealed door",
        "I sense what the city wants",
        "I take a big risk and climb the bell tower",
        "I seek help from my faction",
    ],
    "dungeon-world": [
        "I defend myself from the orc's club",
        "how does vulnerable work?",
        "I hack at the orc again",
        "is the orc wounded?",
        "I shoot the orc with my crossbow",
        "I cast magic missile at the orc",
        "I drink a healing potion",
        "I defend my friend from the arrows",
        "I stab the orc in the back",
        "I make a saving throw against the poison",
        "I deal damage to the orc",
        "I search the orc's body for loot",
    ],
}

NEWEST_SHOWN = (
    "const m = document.querySelectorAll(\"[data-testid='stChatMessage']\"); if (!m.length) { return true; }"
    "const r = m[m.length - 1].getBoundingClientRect(); return r.top < window.innerHeight && r.bottom > 0;"
)


class Steps:
    """The page runs each interaction of a turn caused: one each (a click or a line sent draws the page once)."""

    def __init__(self, browser: Browser, runs: Path | None, line: str) -> None:
        self.browser, self.runs, self.line = browser, runs, line
        self.seen = runs_counted(runs) if runs else 0
        self.told: list[str] = []
        self.findings: list[str] = []

    def did(self, step: str) -> None:
        settle(self.browser)
        now = runs_counted(self.runs) if self.runs else 0
        self.told.append(f"{step} {now - self.seen}")
        if self.runs and now - self.seen > 1:
            self.findings.append(f"{self.line}: {step} drew the page {now - self.seen} times")
        elif self.runs and now == self.seen:  # a click that does nothing (or needs a second one)
            self.findings.append(f"{self.line}: {step} did nothing (the page did not run)")
        self.seen = now

    def click(self, selector: str, step: str) -> bool:
        found = self.browser.find_all("css selector", selector)
        if not found:
            return False
        self.browser.click_element(found[0])
        self.did(step)
        return True


def play_more(browser: Browser, system: str, out: Path, runs: Path | None) -> list[str]:
    """Play :data:`MORE` for ``system``; the findings, one line each."""
    findings: list[str] = []
    for n, text in enumerate(MORE.get(system, []), 1):
        start = time.perf_counter()
        line = f"{system} turn {n} {text!r}"
        steps = Steps(browser, runs, line)
        _say(browser, text, None)
        steps.did("sent")
        if steps.click(".st-key-suggestion_0 button", "suggestion"):
            steps.click(".st-key-answer_0 button", "answer")
        for i in range(4):  # the first open pick made with radio buttons, confirmed with its own button
            radios = browser.find_all("css selector", f".st-key-choice_{i} [role=radiogroup] label")
            if radios:
                browser.click_element(radios[0])
                steps.did("option")
                steps.click(f".st-key-choose_{i} button", "confirm")
                break
        if n % 2 == 0:
            steps.click("[class*='st-key-next_0'] button", "next step")
        page = browser.page_text()
        print(f"--- {line} ({time.perf_counter() - start:.1f}s; page runs: {', '.join(steps.told)})")
        print(_last_reply(browser)[-400:])
        findings += steps.findings + [f"{line}: developer words {w}" for w in developer_words(page)[:3]]
        if not browser.run_script(NEWEST_SHOWN):
            findings.append(f"{line}: the newest reply is out of view")
        if n % 4 == 0:
            browser.screenshot(out / f"{system}-more-{n:02d}.png")
    return findings


def downloads_to(browser: Browser, folder: Path) -> None:
    """Let the headless browser save downloads (the journal's export) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    params: dict[str, Any] = {"behavior": "allow", "downloadPath": str(folder.resolve())}
    browser.cmd("POST", "/goog/cdp/execute", {"cmd": "Browser.setDownloadBehavior", "params": params})


def exported(folder: Path, words: str, timeout: float = 30) -> bool:
    """A journal saved in ``folder`` that holds ``words`` (waited for while the download is written)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in folder.glob("*.md"):
            if words in path.read_text(encoding="utf-8", errors="replace"):
                return True
        time.sleep(0.5)
    return False
