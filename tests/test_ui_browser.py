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
    assert "Rules: Ironsworn: Starforged" in text  # the card's citation, the game by its name
    assert shot.stat().st_size > 10_000


DEVELOPER_WORDS = ("options.", "Traceback", "snake_case", "NoneType", "event_seq")
CHAT = "textarea[data-testid='stChatInputTextArea']"
TOP = ".st-key-suggestion_0 button"


def _present(browser: Browser, selector: str) -> bool:
    return bool(browser.find_all("css selector", selector))


def _act(browser: Browser, text: str) -> str:
    """Type an action, confirm the top suggestion, and return the page once its dice card is shown. Each wait lasts as
    long as the app shows it is working (a loaded machine is slow, not wrong) and fails once it has stopped."""
    browser.idle()
    _type_when_ready(browser, text + ENTER)
    browser.wait_while_working(lambda: _present(browser, TOP), f"suggestions for {text!r}")
    browser.idle()
    _click_when_ready(browser, TOP)
    browser.wait_while_working(lambda: not _present(browser, TOP), "the dice card")
    browser.idle()
    return browser.page_text()


def _type_when_ready(browser: Browser, text: str, selector: str = CHAT) -> None:
    """Type into the input once it is drawn and takes text (Streamlit disables inputs while it reruns)."""

    def typed() -> bool:
        found = browser.find_all("css selector", selector)
        if found:
            browser.type(found[0], text)
        return bool(found)

    browser.wait_while_working(typed, f"the input {selector!r} to take text")


def _click_when_ready(browser: Browser, selector: str) -> None:
    def clicked() -> bool:
        found = browser.find_all("css selector", selector)
        if found:
            browser.cmd("POST", f"/element/{found[0]}/click", {})
        return bool(found)

    browser.wait_while_working(clicked, f"a clickable {selector!r}")


def test_a_vow_from_swearing_to_fulfilling_survives_a_reload(app_url: str, browser: Browser, tmp_path: Path) -> None:
    """A new campaign with a created character; the vow by typed text and the top suggestion only; a reload while
    suggestions are pending keeps the campaign, its transcript, its vow and those suggestions."""
    try:
        browser.get(app_url)
        _type_when_ready(browser, "Vow Saga", 'input[aria-label="Campaign name"]')
        browser.type_into("css selector", 'input[aria-label="Character name"]', "Kira")
        browser.type_into("css selector", 'input[aria-label="Seed (optional)"]', "11" + ENTER)
        browser.idle()
        _click_when_ready(browser, ".st-key-create_campaign button")
        browser.wait_while_working(lambda: _present(browser, CHAT), "the new campaign's chat")
        sworn = _act(browser, "I swear a dangerous iron vow to find my lost sister")
        assert "Swear an Iron Vow" in sworn and "Find my lost sister" in sworn and "Kira" in sworn
        address = browser.url()
        assert "campaign=" in address  # the campaign is in the page's address
        _type_when_ready(browser, "I reach a milestone on my vow to find my lost sister" + ENTER)
        browser.wait_while_working(lambda: _present(browser, TOP), "the suggestions")
        browser.idle()
        browser.refresh()  # a reload with the suggestions pending: same campaign, transcript, vow and suggestions
        reloaded = browser.wait_while_working(
            lambda: (
                (t := browser.page_text())  # the page renders in parts: wait for the sidebar's sheet too
                and all(w in t for w in ("Swear an Iron Vow", "moves played: 1", "Find my lost sister", "Kira"))
                and t
            ),
            "the same campaign, its transcript and its sheet",
        )
        assert "Find my lost sister" in reloaded and "Kira" in reloaded and browser.url() == address
        browser.wait_while_working(lambda: _present(browser, TOP), "the pending suggestions")
        browser.idle()
        _click_when_ready(browser, TOP)
        browser.wait_while_working(lambda: not _present(browser, TOP), "the dice card")
        browser.idle()
        assert "Reach a Milestone" in browser.page_text()
        fulfilled = _act(browser, "I fulfill my vow to find my lost sister")
        assert "Fulfill Your Vow" in fulfilled
        shot = browser.screenshot(tmp_path / "ui-vow.png")
        for words in DEVELOPER_WORDS:
            assert words not in fulfilled, words
        assert shot.stat().st_size > 10_000
    except AssertionError as exc:
        shot = browser.screenshot(tmp_path / "ui-failure.png")
        raise AssertionError(f"{exc}\nscreenshot: {shot}\npage text:\n{browser.page_text()[-3000:]}") from None


def _open(browser: Browser, key: str) -> bool:
    """Whether the sidebar form (an expander) with this key is unfolded."""
    return bool(browser.run_script("return document.querySelector(`.st-key-${arguments[0]} details`).open;", key))


def _picked(browser: Browser) -> tuple[str, str]:
    """The campaign picker's and the character picker's shown values."""
    script = (
        "const v = s => (document.querySelector(s) || {}).value;"
        "return [v('.st-key-campaign_pick input'), v('[class*=st-key-character_pick_] input')];"
    )
    campaign, character = browser.run_script(script)
    return str(campaign), str(character)


def _create_campaign(browser: Browser, campaign: str, game: str) -> None:
    """Fill the open New campaign form and create the campaign, once the game picker shows the game typed into it.
    Typing into the picker while the app reruns (a loaded machine) can leave it on the previous game, or the click
    can land on a form being redrawn: the game is picked again, and the button clicked again, once each."""
    browser.idle()
    browser.type_into("css selector", 'input[aria-label="Campaign name"]', campaign, timeout=90)
    picked = "return (document.querySelector('.st-key-new_campaign_system input') || {}).value || '';"
    for _ in range(2):
        browser.type_into("css selector", ".st-key-new_campaign_system input", game + ENTER)
        browser.idle()
        if game.lower() in str(browser.run_script(picked)).lower():
            break
    for attempt in range(2):
        before = browser.url()
        browser.click("css selector", ".st-key-create_campaign button")
        try:  # the new campaign is the page's address
            wait_until(lambda b=before: (u := browser.url()) != b and "campaign=" in u, 60, f"the campaign {campaign!r}")
            browser.find("css selector", "textarea[data-testid='stChatInputTextArea']", timeout=90)
            return
        except AssertionError:
            if attempt:
                raise
            browser.idle()


def test_two_campaigns_side_by_side_keep_their_own_character_and_fold_the_form(
    app_url: str, browser: Browser, tmp_path: Path
) -> None:
    """Two campaigns, each with its first character: the New campaign form folds once the second is created, and
    switching between them shows each campaign's own character in the picker (the browser kept the last one's
    name, "Vex" over a sheet headed "Your character"). A Blades project's clock is in sight, not under "More"."""
    try:
        browser.get(app_url)
        browser.type_into("css selector", 'input[aria-label="Campaign name"]', "Grey Crows", timeout=90)
        browser.type_into("css selector", ".st-key-new_campaign_system input", "Blades" + ENTER)
        time.sleep(0.5)
        browser.type_into("css selector", 'input[aria-label="Character name"]', "Vex")
        time.sleep(0.5)
        browser.click("css selector", ".st-key-create_campaign button")
        browser.idle()
        browser.type_into(
            "css selector",
            "textarea[data-testid='stChatInputTextArea']",
            "/roll long term project +study project=Tunnel clock=8" + ENTER,
            timeout=90,
        )
        wait_until(lambda: "Tunnel" in browser.page_text().split("Play\n")[0], 120, "the project clock in the sidebar")
        wait_until(lambda: not _open(browser, "new_campaign_form"), 30, "the New campaign form folded")
        browser.idle()
        browser.click("xpath", "//summary[contains(., 'New campaign')]")
        wait_until(lambda: _open(browser, "new_campaign_form"), 30, "the form unfolded")
        browser.idle()
        _create_campaign(browser, "Ashen Ward", "Magistrate")
        wait_until(lambda: _picked(browser) == ("Ashen Ward", "Your character"), 90, "the new campaign and its character")
        # folded once created (a rerun after the campaign appears): the sheet is in sight again
        wait_until(lambda: not _open(browser, "new_campaign_form"), 30, "the New campaign form folded")
        browser.idle()
        for campaign, character in (("Grey Crows", "Vex"), ("Ashen Ward", "Your character")):
            browser.type_into("css selector", ".st-key-campaign_pick input", campaign + ENTER)
            wait_until(lambda c=campaign, n=character: _picked(browser) == (c, n), 90, f"{campaign} with {character}")
            browser.idle()
            heading = browser.run_script("return document.querySelector('[data-testid=stSidebarContent] h4').innerText;")
            assert heading == character, (campaign, heading)
        shot = browser.screenshot(tmp_path / "ui-two-campaigns.png")
        for words in DEVELOPER_WORDS:
            assert words not in browser.page_text(), words
        assert shot.stat().st_size > 10_000
    except AssertionError as exc:
        shot = browser.screenshot(tmp_path / "ui-failure.png")
        raise AssertionError(f"{exc}\nscreenshot: {shot}\npage text:\n{browser.page_text()[-3000:]}") from None


def test_the_character_picker_shows_the_new_name_after_a_sheet_edit(app_url: str, browser: Browser, tmp_path: Path) -> None:
    """A keyed picker kept showing the name it was first drawn with ("Your character") above a sheet headed with the
    name just saved in the sheet editor; then the journal exported with its button is saved by the browser."""
    from evals.screenshots_player import CHARACTER_PICKED, _rename

    try:
        browser.get(app_url)
        _type_when_ready(browser, "Rename Saga", 'input[aria-label="Campaign name"]')
        browser.idle()
        _click_when_ready(browser, ".st-key-create_campaign button")
        browser.wait_while_working(lambda: _present(browser, CHAT), "the new campaign's chat")
        browser.idle()
        assert browser.run_script(CHARACTER_PICKED) == "Your character"
        assert _rename(browser, "Ash")
        browser.wait_while_working(lambda: "Saved: Name set to Ash" in browser.page_text(), "the sheet saved")
        browser.idle()
        assert browser.run_script(CHARACTER_PICKED) == "Ash"  # the picker, as the sheet's heading
        # the journal's export is a download the browser saves (only a real browser shows that the button works)
        from evals.screenshots_longplay import downloads_to, exported
        from evals.screenshots_player import _click, _expand

        downloads_to(browser, tmp_path / "journals")
        assert _expand(browser, "Export or import a journal")
        assert _click(browser, ".st-key-export_markdown button")
        assert exported(tmp_path / "journals", "Ash"), list((tmp_path / "journals").iterdir())
    except AssertionError as exc:
        shot = browser.screenshot(tmp_path / "ui-failure.png")
        raise AssertionError(f"{exc}\nscreenshot: {shot}\npage text:\n{browser.page_text()[:3000]}") from None
