"""``python -m evals.screenshots_session --system blades --out DIR``: play a whole session of one system in a real
browser (the app under ``streamlit run``, headless Chromium), offline, as a player plays it: actions in the
player's words (the top suggestion confirmed, a question answered with its first answer), commands, a few bad
inputs; a screenshot every few turns, then the page reloaded and the same campaign opened again. ``--window 390x844``
(or ``phone``, ``tablet``) plays it at that size, and each turn is also checked for what sticks out sideways.

Each turn's page text is checked for developer words (``options.``, tracebacks, ``None``) and the script prints
one line per turn with the seconds it took and what the page gained, so a reader can go through the session.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import tempfile
import time
from pathlib import Path

from assistant.ui.components.turn_view import WRITING
from evals.browser import ENTER, Browser, chrome, serve_app, wait_until, window_size
from evals.screenshots import create_campaign

STILL_WRITING = WRITING.strip("_")

DEVELOPER_WORDS = re.compile(r"options\.\w|Traceback|NoneType|\bNone\b(?! of )|\b[a-z]+_[a-z]+_?[a-z]*\b")
#: Snake-case words a player may read (none yet): a name the player typed is not ours to judge.
ALLOWED = {"crow_s"}
#: Material icon names Streamlit writes as text (drawn as icons, never read).
ICONS = re.compile(
    r"\b(?:keyboard_arrow_right|keyboard_arrow_down|keyboard_double_arrow_left|keyboard_double_arrow_right|smart_toy|face|expand_more|expand_less|check_circle|error|warning|info|close|content_copy|upload|download|delete|refresh|arrow_upward)\b"
)

#: (what the player types, pick): pick = the suggestion to confirm (0 = the top one), None for a command or a
#: turn that rolls at once.
SESSIONS: dict[str, list[tuple[str, int | None]]] = {
    "blades": [
        ("/set name Vex", None),
        ("/set vice Gambling", None),
        ("/set purveyor Spades at the Silver Nails", None),
        ("/set crew The Grey Crows", None),
        ("we pulled off the score, a standard score, 6 coin", 0),
        ("we take 4 heat, it got loud", 0),
        ("how much heat do we have?", None),
        ("what trouble comes calling?", None),
        ("/table entanglements", None),
        ("what entanglement do we get?", 0),
        ("roll the entanglements", 0),
        ("I start a long-term project to learn the Spirit Bane vault combination", 0),
        ("/clock", None),
        ("I hit the dice at the Silver Nails to blow off stress", 0),
        ("I want to acquire a fine lockpick set", 0),
        ("/choose 2", None),  # the third activity's price: 1 rep
        ("roll 2d for prowl", 0),
        ("Vex got nabbed by the bluecoats", 0),
        ("can i train prowess?", 0),
        ("/sheet", None),
        ("/roll reduce heat +consort", None),
        ("/meter heat +20 ha", None),
        ("/meter heat +8 a loud score on hostile turf", None),
        ("what is my wanted level?", None),
        ("/meter heat", None),
        ("/frobnicate", None),
        ("/set stress 12", None),
        ("/undo", None),
        ("I get patched up by the doc", 0),
        ("i take the fall for the crew", 0),
        ("/choose 1", None),
        ("/tables", None),
        ("/table vices", None),
        ("/roll long term project +study project=Tunnel clock=8", None),
        ("/roll long term project +study clock=6", None),
        ("/table incarceration", None),
        ("/add harm Broken arm (level 2)", None),
        ("/roll incarceration beating=yes", None),
        ("/remove harm 1", None),
        ("/moves", None),
        ("/help", None),
        ("/sheet", None),
    ],
    "city": [
        ("/set name Ilse", None),
        ("/set sway 2", None),
        ("/add belief The Magistrate lies", None),
        ("/add connection Tanner's Row", None),
        ("/set neighborhood Tanner's Row", None),
        ("/set faction The Lantern Guild", None),
        ("I set up a scheme to skim the ferry tolls", 0),
        ("I run the scheme", 0),
        ("I lean on the watch captain to look the other way", 0),
        ("what does the magistrate want?", None),
        ("I try to sense what the city demands of me", 0),
        ("/sheet", None),
        ("I spread a rumor that the Guild is broke", 0),
        ("/roll use power +lore", None),
        ("I use my power to open the sealed vault", 0),
        ("is the bridge guarded?", None),
        ("how much heat do I have?", None),
        ("/meter health -1 hurt", None),
        ("/set heat 99", None),
        ("I slip through the old quarter unseen", 0),
        ("i ask around the docks for news", 0),
        ("can i use my belief that the magistrate lies?", 0),
        ("I meet someone new at the tannery", 0),
        ("we try to take over the fishmarket", 0),
        ("/add demands Bring the dockmaster to heel", None),
        ("/set demands to retire 3", None),
        ("/roll take a big risk advantage=yes disadvantage=yes", None),
        ("/clock 6 The Guild's patience", None),
        ("/clock +2 The Guild's patience", None),
        ("/clock", None),
        ("/undo", None),
        ("new session", 0),
        ("/help", None),
        ("/sheet", None),
    ],
    "starforged": [
        ("/set name Kira", None),
        ("I swear an iron vow to rescue my brother from the Iron Syndicate, a dangerous vow", 0),
        ("I search the derelict for clues to where they took him", 0),
        ("I reach a milestone on my vow", 0),
        ("/track", None),
        ("A syndicate enforcer blocks my path and draws a blade", 0),
        ("I strike at the enforcer", 0),
        ("is the enforcer dead?", None),
        ("/roll endure harm 2", None),
        ("/table pay the price", None),
        ("/oracle likely is the station guarded?", None),
        ("/roll 2d6", None),
        ("/set health 3", None),
        ("/set health 3", None),
        ("/roll face danger +banana", None),
        ("I finish the enforcer", 0),
        ("I fulfil my vow", 0),
        ("/sheet", None),
    ],
    "elegy": [
        ("/set name Lucien", None),
        ("I feed on the drunk sailor in the alley", 0),
        ("A vampire hunter with a crossbow corners me", 0),
        ("I clash with the hunter", 0),
        ("is the hunter dead?", None),
        ("I end the fight", 0),
        ("I ask the oracle: is the watch captain corrupt? likely", None),
        ("/sheet", None),
    ],
    "dungeon-world": [
        ("/set name Arden", None),
        ("/character add Mara class=bard", None),
        ("I attack Mara with my sword", 0),
        ("/choose 1", None),
        ("I deal damage", 0),
        ("/character play Mara", None),
        ("I hack at Arden with my rapier", 0),
        ("how much hp do I have?", None),
        ("I defend against his next blow", 0),
        ("/set mana 2", None),
        ("I cast a spell at Arden", 0),
        ("can i cast magic missile?", None),
        ("I fire a magic missile at Arden", 0),
        ("/character play Arden", None),
        ("/sheet", None),
        ("is Mara bleeding?", None),
        ("/meter hp -30 run through", None),
        ("/undo", None),
        ("/help", None),
        ("/sheet", None),
    ],
}
#: A rules question asked in the Rules tab at the end of each session.
RULES_QUESTIONS = {
    "starforged": "what happens when momentum is negative?",
    "elegy": "how does focus work?",
    "blades": "what happens when my heat reaches 9?",
    "city": "how does running a scheme work?",
    "dungeon-world": "what does vulnerable do?",
}


def settle(browser: Browser) -> None:
    """Wait until the turn is drawn: no "Thinking…" and no story still being written left on the page (with a model
    narrating, a line typed before the story ends stops it there, as it would for a player)."""
    wait_until(lambda: not any(w in browser.page_text() for w in ("Thinking…", STILL_WRITING)), 600, "the turn to finish")
    browser.idle(300)


def _bubbles(browser: Browser) -> int:
    return len(browser.find_all("css selector", "[data-testid='stChatMessage']"))


def _after(browser: Browser, before: int) -> None:
    """Wait for the page to take up what the player did (a bubble more: until then "Thinking…" is not drawn yet and
    the page looks settled), then for the turn to finish."""
    with contextlib.suppress(AssertionError):  # a reply that adds no bubble (a toast, a redrawn panel): settle on it
        wait_until(lambda: _bubbles(browser) > before, 15, "the turn to begin")
    settle(browser)


#: A refusal the app gives while the last roll waits for a pick the rules require (it names the picks as /choose N).
PICK_WAITS = "still waits for a pick the rules require"


def _last_reply(browser: Browser) -> str:
    script = (
        "const m = document.querySelectorAll(\"[data-testid='stChatMessage']\");return m.length ? m[m.length - 1].innerText : '';"
    )
    return str(browser.run_script(script))


def say(browser: Browser, text: str, pick: int | None, *, picked_first: bool = False) -> str:
    """Type ``text`` and confirm suggestion ``pick``; when the move is refused because the last roll waits for a pick
    the rules require, make the first pick the refusal names and say the line again, as a player reading it does."""
    page = _say(browser, text, pick)
    reply = _last_reply(browser)
    waiting = re.search(r"/choose (\d+)", reply) if PICK_WAITS in reply else None
    if waiting and not picked_first:
        _say(browser, f"/choose {waiting.group(1)}", None)
        return say(browser, text, pick, picked_first=True)
    return page


def _say(browser: Browser, text: str, pick: int | None) -> str:
    browser.idle(300)
    before = _bubbles(browser)
    browser.type_into("css selector", "textarea[data-testid='stChatInputTextArea']", text + ENTER, timeout=300)
    _after(browser, before)
    if pick is not None and browser.find_all("css selector", f".st-key-suggestion_{pick} button"):
        before = _bubbles(browser)
        browser.click("css selector", f".st-key-suggestion_{pick} button", timeout=120)
        for _ in range(3):
            _after(browser, before)
            before = _bubbles(browser)
            if not browser.find_all("css selector", ".st-key-answer_0 button"):
                break
            try:
                browser.click("css selector", ".st-key-answer_0 button", timeout=60)
            except AssertionError:  # the page redrew under the click (a stale button): look again
                continue
    browser.idle(300)
    return browser.page_text()


def open_tab(browser: Browser, name: str) -> None:
    """Click the app's tab called ``name`` (after a reload the page sits at its newest turn, the tabs out of view)."""
    script = (
        "const tab = [...document.querySelectorAll('[role=tab]')].find(e => e.innerText.trim() === arguments[0]);"
        "if (!tab) { return false; } tab.scrollIntoView(); tab.click(); return true;"
    )
    wait_until(lambda: bool(browser.run_script(script, name)), 120, f"the {name} tab")


def developer_words(text: str) -> list[str]:
    return [m.group(0) for m in DEVELOPER_WORDS.finditer(ICONS.sub("", text)) if m.group(0) not in ALLOWED]


def runs_counted(path: Path) -> int:
    """How many times the page has run so far (the app writes a line per run where ``TABLETOP_UI_RUNS`` says)."""
    return path.read_text(encoding="utf-8").count("\n") if path.exists() else 0


def play(system: str, out: Path, home: str, every: int = 3, window: tuple[int, int] = (1400, 1100)) -> int:
    found = 0
    runs = Path(home) / f"runs-{system}.txt"
    with (
        serve_app(Path(home) / f"streamlit-{system}.log", env={"TABLETOP_HOME": home, "TABLETOP_UI_RUNS": str(runs)}) as url,
        chrome(window) as browser,
    ):
        browser.get(url)
        create_campaign(browser, f"Session of {system}", system)
        before = browser.page_text()
        for n, (text, pick) in enumerate(SESSIONS[system], 1):
            start, ran = time.perf_counter(), runs_counted(runs)
            page = say(browser, text, pick)
            bad = developer_words(page) + (browser.overflow()[:3] if browser.narrow() else [])
            gained = page.replace(before, "") if page.startswith(before[:200]) else page
            took = f"{time.perf_counter() - start:.1f}s, {runs_counted(runs) - ran} page runs"
            print(f"--- turn {n} {text!r} ({took})" + (f" FOUND {bad}" if bad else ""))
            print(gained[-1500:])
            before = page
            found += bool(bad)
            if n % every == 0:
                browser.screenshot(out / f"{system}-{n:02d}.png")
        browser.screenshot(out / f"{system}-end.png")
        browser.refresh()
        browser.find("css selector", "section[data-testid='stSidebar']", timeout=180)
        browser.idle(300)
        time.sleep(2)
        wait_until(lambda: browser.find_all("css selector", "textarea[data-testid='stChatInputTextArea']"), 120, "the chat")
        browser.screenshot(out / f"{system}-reloaded.png")
        print("--- reloaded\n" + browser.page_text()[-2500:])
        open_tab(browser, "Rules")
        browser.idle(300)
        browser.type_into("css selector", 'input[aria-label="Rules question"]', RULES_QUESTIONS[system] + ENTER, timeout=120)
        time.sleep(1.0)
        browser.idle(300)
        browser.wait_while_working(  # the spinner is shown until the answer replaces it
            lambda: not browser.busy() and "Searching the rules" not in browser.page_text(), "the rules answer"
        )
        browser.screenshot(out / f"{system}-rules.png")
        print("--- rules tab\n" + browser.page_text()[-2500:])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.screenshots_session", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("session-shots"))
    parser.add_argument("--system", default="blades", choices=sorted(SESSIONS))
    parser.add_argument("--home", default="")
    parser.add_argument("--window", type=window_size, default=(1400, 1100), help="WIDTHxHEIGHT (390x844), phone or tablet")
    args = parser.parse_args(argv)
    home = args.home or tempfile.mkdtemp(prefix="session-")
    return 1 if play(args.system, args.out, home, window=args.window) else 0


if __name__ == "__main__":
    raise SystemExit(main())
