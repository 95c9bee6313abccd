"""Round 26, Settings: a key typed with an endpoint written without its scheme ("localhost:11434/v1") and saved at
once showed "API key: none." under an error that said only "Nothing was saved.": the player read it as the key being
lost by the page. The error now says the key was not kept either and what to do (correct the URL, type the key
again); a key saved with a good URL is the player's, at once, and the key itself is on no page."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.test_ui_app import APP

KEY = "sk-typed-in-settings-0123456789"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    for name in ("TABLETOP_LLM_BASE_URL", "TABLETOP_LLM_API_KEY", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)


def _save(url: str, key: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.run()
    at.text_input(key="settings_base_url").set_value(url)
    at.text_input(key="settings_api_key").set_value(key)
    at.button(key="settings_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _captions(at: AppTest) -> list[str]:
    return [str(c.value) for c in at.caption]


@pytest.mark.parametrize("url", ["localhost:11434/v1", "127.0.0.1:8080/v1", "ftp://127.0.0.1/v1"])
def test_a_refused_url_says_the_key_must_be_typed_again(url: str) -> None:
    at = _save(url, KEY)
    errors = [str(e.value) for e in at.error]
    assert len(errors) == 1 and "Nothing was saved, the key neither." in errors[0], errors
    assert "type the API key again" in errors[0] and "http://" in errors[0], errors
    assert "API key: none." in _captions(at)
    assert at.text_input(key="settings_api_key").value == ""
    assert KEY not in str([*errors, *_captions(at)])


def test_a_refused_url_without_a_key_asks_for_no_key() -> None:
    at = _save("localhost:11434/v1", "")
    errors = [str(e.value) for e in at.error]
    assert len(errors) == 1 and "type the API key again" not in errors[0], errors


def test_a_key_saved_at_once_with_a_good_url_is_the_players() -> None:
    at = _save("http://127.0.0.1:9/v1", KEY)
    assert not at.error, [e.value for e in at.error]
    assert "API key: yours, entered in this browser session." in _captions(at)
    assert at.text_input(key="settings_api_key").value == ""  # never sent back to the browser
