"""``python -m evals.screenshots_player --out DIR``: the five games played in one real browser the way a player uses
the page rather than the chat's commands: a campaign per game from the New campaign form, a move from its suggestion
button, the pick the rules require made with the radio buttons and Confirm, the next step's button, the sheet edited
in the sidebar's form, a rules question, the Undo button, a reload, the campaign switched away and back with the
picker, and the journal exported with its button. A screenshot after each step; each page is checked for developer
words and for a game named by its id ("starforged ›"), and each step prints what the player read.

``--window 390x844`` (or ``phone``, ``tablet``) plays it at a phone's or a tablet's width: the sidebar, folded away
there, is opened with its arrow for the sheet, the export and the campaign picker and closed again after, and each
page is also checked for anything a player would have to scroll sideways to read.
"""

from __future__ import annotations

import argparse
import re
import tempfile
from pathlib import Path
from typing import Any

from evals.browser import ENTER, Browser, chrome, serve_app, window_size
from evals.screenshots import create_campaign
from evals.screenshots_longplay import downloads_to, exported, play_more
from evals.screenshots_session import _bubbles, _last_reply, developer_words, runs_counted, say, settle

ACTIONS = {
    "starforged": "I slip past the patrol drones into the derelict's airlock",
    "elegy": "I slip through the cathedral shadows, hunting for blood",
    "blades": "we pulled off the score, a standard score, 6 coin",
    "city": "I lean on my contact at the docks for a favour",
    "dungeon-world": "I hack at the orc with my sword",
}
QUESTIONS = {
    "starforged": "how does momentum work?",
    "elegy": "how does hunger work?",
    "blades": "how does heat work?",
    "city": "when do I roll with advantage?",
    "dungeon-world": "how does armor work?",
}
CHARACTER_PICKED = "return (document.querySelector('[class*=st-key-character_pick_] input') || {}).value || '';"
IDS = re.compile(r"(?<![A-Za-z'’] )\b(?:starforged|elegy|blades|city|dungeon-world) ›|\.txt:L\d|the engine's")


def _check(step: str, text: str, browser: Browser | None = None) -> list[str]:
    found = [f"{step}: developer words {developer_words(text)[:5]}"] if developer_words(text) else []
    found += [f"{step}: a game by its id {m.group(0)!r}" for m in IDS.finditer(text)]
    if browser is not None and browser.narrow():
        found += [f"{step}: wider than the window: {line}" for line in browser.overflow()[:3]]
    return found


#: Where the app counts its runs (``TABLETOP_UI_RUNS``), and how many each step's line has told so far.
RUNS: dict[str, Any] = {"path": None, "told": 0}


def _shoot(browser: Browser, out: Path, system: str, step: str) -> str:
    settle(browser)
    browser.screenshot(out / f"{system}-{step}.png")
    reply = _last_reply(browser)
    ran = runs_counted(RUNS["path"]) if RUNS["path"] else 0
    print(f"--- {system} {step} ({ran - RUNS['told']} page runs since the last step)\n{reply[-600:]}")
    RUNS["told"] = ran
    return browser.page_text()


def _click(browser: Browser, selector: str) -> bool:
    """Click the first element matching ``selector`` if the page has one; whether it did."""
    found = browser.find_all("css selector", selector)
    if not found:
        return False
    browser.click_element(found[0])
    settle(browser)
    return True


def _sidebar(browser: Browser, shown: bool) -> None:
    """At a phone's width the sidebar is folded away: open it for what is in it, close it after (a wide window keeps it)."""
    if browser.narrow():
        browser.show_sidebar(shown)
        settle(browser)


def _expand(browser: Browser, words: str, sidebar: bool = True) -> bool:
    where = "section[data-testid='stSidebar'] " if sidebar else ""
    script = (
        f'const s = [...document.querySelectorAll("{where}summary")].find(e => e.innerText.includes(arguments[0]));'
        "if (!s) { return false; } if (!s.parentElement.open) { s.scrollIntoView(); s.click(); } return true;"
    )
    done = bool(browser.run_script(script, words))
    settle(browser)
    return done


def _pick_first_choice(browser: Browser) -> bool:
    """The first radio of an open required pick, then Confirm choice."""
    radios = browser.find_all("css selector", "[class*='st-key-choice_'] [role=radiogroup] label")
    if not radios:
        return False
    browser.click_element(radios[0])
    settle(browser)
    return _click(browser, "[class*='st-key-choose_'] button")


def _rename(browser: Browser, new_name: str) -> bool:
    """Open the sidebar's sheet editor, give the character a new name, save."""
    if not _expand(browser, "Edit "):
        return False
    fields = browser.find_all("css selector", "section[data-testid='stSidebar'] [class*='st-key-sheet_edit_'] input")
    if not fields:
        return False
    browser.cmd("POST", f"/element/{fields[0]}/clear", {})
    browser.type(fields[0], new_name)
    script = (
        "const b = [...document.querySelectorAll('section[data-testid=stSidebar] button')]"
        ".find(e => e.innerText.includes('Save the sheet')); if (!b) { return false; } b.click(); return true;"
    )
    saved = bool(browser.run_script(script))
    settle(browser)
    return saved


SHEET_TEXT = (
    "const s = document.querySelector('section[data-testid=stSidebar]'); if (!s) { return ''; }"
    "const t = s.innerText; const i = t.indexOf('Character'); return i < 0 ? t : t.slice(i);"
)


def _main_and_sheet(browser: Browser) -> tuple[str, str]:
    """The newest reply and the sidebar's sheet as the player reads them (a reload must show both the same)."""
    return _last_reply(browser).strip(), str(browser.run_script(SHEET_TEXT)).strip()


def _first_difference(before: str, after: str) -> str:
    old, new = before.splitlines(), after.splitlines()
    for i, (a, b) in enumerate(zip(old, new, strict=False)):
        if a != b:
            return f"line {i + 1}: {a[:120]!r} became {b[:120]!r}"
    return f"{len(old)} lines became {len(new)}" + (f", first new {new[len(old)][:120]!r}" if len(new) > len(old) else "")


def _pick_campaign(browser: Browser, name: str) -> None:
    _sidebar(browser, True)
    browser.type_into("css selector", ".st-key-campaign_pick input", name + ENTER, timeout=120)
    settle(browser)
    browser.wait_while_working(
        lambda: str(browser.run_script("return document.querySelector('.st-key-campaign_pick input').value;")) == name,
        f"the campaign {name!r} picked",
    )
    settle(browser)
    _sidebar(browser, False)


def play(systems: list[str], out: Path, home: str, window: tuple[int, int] = (1400, 1100), more: bool = False) -> list[str]:
    findings: list[str] = []
    names = {s: f"{s.replace('-', ' ').title()} by the buttons" for s in systems}
    RUNS["path"], RUNS["told"] = Path(home) / "runs-player.txt", 0
    env = {"TABLETOP_HOME": home, "TABLETOP_UI_RUNS": str(RUNS["path"])}
    with serve_app(Path(home) / "streamlit-player.log", env=env) as url, chrome(window) as browser:
        browser.get(url)
        downloads_to(browser, out / "journals")
        for system in systems:
            findings += _play_one(browser, system, names, systems[0], out, more)
    return findings


def _play_one(browser: Browser, system: str, names: dict[str, str], first: str, out: Path, more: bool = False) -> list[str]:
    findings: list[str] = []
    create_campaign(browser, names[system], system)
    settle(browser)
    say(browser, ACTIONS[system], 0)
    findings += _check(f"{system} move", _shoot(browser, out, system, "1-move"), browser)
    if _pick_first_choice(browser):
        findings += _check(f"{system} pick", _shoot(browser, out, system, "2-pick"), browser)
    if _click(browser, "[class*='st-key-next_0'] button"):
        findings += _check(f"{system} next step", _shoot(browser, out, system, "3-next"), browser)
    if more:
        findings += play_more(browser, system, out, RUNS["path"])
        RUNS["told"] = runs_counted(RUNS["path"])
    _sidebar(browser, True)
    if not _rename(browser, "Ash Renamed"):
        findings.append(f"{system}: no sheet editor to rename the character")
    text = _shoot(browser, out, system, "4-sheet")
    if "Ash Renamed" not in text.split("Play\n")[0] or browser.run_script(CHARACTER_PICKED) != "Ash Renamed":
        findings.append(f"{system}: after the sheet edit the sidebar shows {browser.run_script(CHARACTER_PICKED)!r}")
    findings += _check(f"{system} sheet", text)
    _sidebar(browser, False)
    say(browser, QUESTIONS[system], None)
    findings += _check(f"{system} rules", _shoot(browser, out, system, "5-rules"), browser)
    before = _bubbles(browser)
    if _click(browser, ".st-key-undo button"):
        if _bubbles(browser) <= before and "Undone" not in _last_reply(browser):
            findings.append(f"{system}: the Undo button changed nothing on the page")
        findings += _check(f"{system} undo", _shoot(browser, out, system, "6-undo"), browser)
    page_before = _main_and_sheet(browser)
    browser.refresh()
    browser.wait_while_working(
        lambda: browser.find_all("css selector", "textarea[data-testid='stChatInputTextArea']"), "the reloaded page"
    )
    settle(browser)
    shown = str(browser.run_script("return document.querySelector('.st-key-campaign_pick input').value;"))
    if shown != names[system]:
        findings.append(f"{system}: the reload opened {shown!r}, not {names[system]!r}")
    findings += _check(f"{system} reload", _shoot(browser, out, system, "7-reloaded"), browser)
    for part, was, now in zip(("newest reply", "sheet"), page_before, _main_and_sheet(browser), strict=True):
        if was != now:
            findings.append(f"{system}: the reload changed the {part}: {_first_difference(was, now)}")
    _sidebar(browser, True)
    if _expand(browser, "Export or import a journal"):
        if not _click(browser, ".st-key-export_markdown button"):
            findings.append(f"{system}: no export button")
        elif not exported(out / "journals", ACTIONS[system]):
            findings.append(f"{system}: the Markdown export saved no journal with the first action in it")
        findings += _check(f"{system} export", _shoot(browser, out, system, "8-export"))
    _sidebar(browser, False)
    if system != first:  # away to the first game's campaign and back
        _pick_campaign(browser, names[first])
        _pick_campaign(browser, names[system])
        text = _shoot(browser, out, system, "9-switched-back")
        if ACTIONS[system] not in text:
            findings.append(f"{system}: back from {names[first]!r}, the transcript lost the first action")
        findings += _check(f"{system} switch", text, browser)
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.screenshots_player", description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("player-shots"))
    parser.add_argument("--systems", default=",".join(ACTIONS))
    parser.add_argument("--home", default="")
    parser.add_argument("--window", type=window_size, default=(1400, 1100), help="WIDTHxHEIGHT (390x844), phone or tablet")
    parser.add_argument("--more", action="store_true", help="a dozen more turns of each game with the buttons")
    args = parser.parse_args(argv)
    home = args.home or tempfile.mkdtemp(prefix="player-")
    findings = play([s for s in args.systems.split(",") if s], args.out, home, args.window, args.more)
    print("\n".join(["--- findings", *findings]) if findings else "--- no findings")
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())
