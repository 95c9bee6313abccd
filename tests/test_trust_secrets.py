# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Secrets never reach what we store, export, log or show: a canary key echoed back by the endpoint is scrubbed
from the narration, the campaign's events, both exports, the guard log and the log records, on every path: the chat
API, the CLI (``assistant chat`` plain and ``--json``, ``suggest``, ``ask`` with the LLM, ``campaign export`` and
``show``) and the app (play, rules, settings, export), against a fake endpoint on 127.0.0.1 that echoes the key in
its narration and in 401, 429 and 500 errors."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant.chat.session import ChatSession
from assistant.config import LLMSettings, Secret, Settings
from assistant.secrets import REDACTED, install_log_scrubber, scrub
from assistant.store import service
from tests.openai_stub import OpenAIStub, openai_stub  # noqa: F401

CANARY = "canary-9f3b27d1e5c4a8b6"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_scrub_removes_remembered_secrets_and_key_shapes_but_not_words() -> None:
    Secret(CANARY)
    assert scrub(f"the server said {CANARY}!") == f"the server said {REDACTED}!"
    assert scrub("Authorization: Bearer abc123def456ghi") == f"Authorization: Bearer {REDACTED}"
    assert scrub('{"api_key": "zz9plural2alpha77"}') == f'{{"api_key": "{REDACTED}"}}'
    assert REDACTED in scrub("use sk-proj-ABCDEFGH12345678 here")
    for ordinary in ("The bearer of bad news arrives", "bearer carefully", "a key to the vault", "sk-8 is a ship"):
        assert scrub(ordinary) == ordinary


def test_short_values_are_not_remembered() -> None:
    Secret("abc")
    assert scrub("abc abc") == "abc abc"


def _files_text(root: Path) -> str:
    out = []
    for path in root.rglob("*"):
        if path.is_file():
            out.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(out)


def test_a_key_echoed_by_the_endpoint_is_stored_shown_exported_and_logged_nowhere(
    openai_stub: OpenAIStub, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    install_log_scrubber()
    caplog.set_level(logging.DEBUG)
    service.create_campaign("canary", "starforged", seed=3)
    settings = Settings(home=home, llm=LLMSettings(base_url=openai_stub.base_url, model="stub", api_key=Secret(CANARY)))
    session = ChatSession.open("canary", settings=settings)
    openai_stub.add_text(f"You slip past the sentry. (debug: key {CANARY})")
    turn = session.confirm({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 1]})
    assert turn.kind == "action" and turn.results[0].outcome == "strong_hit"
    assert CANARY not in turn.narration
    session.send(f"I whisper the password {CANARY} to the guard")
    logging.getLogger("assistant.test").warning("endpoint said %s", CANARY)
    exports = service.export("canary", "markdown") + service.export("canary", "ironvault")
    assert CANARY not in exports and REDACTED in exports
    assert CANARY not in _files_text(home)
    assert CANARY not in caplog.text
    assert [r.headers["authorization"] for r in openai_stub.requests] == [f"Bearer {CANARY}"] * len(openai_stub.requests)


# ---- every path: the CLI and the app against an endpoint that echoes the key back ----------------------------------

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "What happens when I face danger and miss?"
CHAT_LINES = [
    "I sneak past the guard",
    "1",
    "/oracle likely Is the hatch open?",
    QUESTION,
    "I attack the raider with my blade",
    "1",
    "/price",
]


@pytest.fixture
def echo_stub(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[OpenAIStub]:
    """A fake endpoint on 127.0.0.1 that echoes the key in its narration and in 401, 429 and 500 errors; the app
    and the CLI are configured with the canary key from the environment."""
    with OpenAIStub(echo_key=True) as stub:
        monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
        monkeypatch.setenv("TABLETOP_LLM_BASE_URL", stub.base_url)
        monkeypatch.setenv("TABLETOP_LLM_API_KEY", CANARY)
        monkeypatch.setenv("TABLETOP_LLM_MODEL", "stub")
        # the stub answers at once; a short timeout only makes a loaded machine (the CI box running the browser tests
        # beside this one) miss a first token, mark the endpoint down and skip the echoes this test must meet
        monkeypatch.setenv("TABLETOP_LLM_TIMEOUT", "60")
        yield stub


def _cli(*args: str, stdin: str = "") -> str:
    """Run the ``assistant`` command in its own process (as a player would); its stdout and stderr together."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", "from assistant.cli import main; main()", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    return done.stdout + done.stderr


def _sent_the_key(stub: OpenAIStub) -> bool:
    return any(r.headers.get("authorization") == f"Bearer {CANARY}" for r in stub.requests)


def test_the_cli_never_prints_or_stores_a_key_the_endpoint_echoes(
    echo_stub: OpenAIStub, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from typer.testing import CliRunner

    from assistant.cli import app

    home = tmp_path / "home"
    chat = "\n".join(CHAT_LINES) + "\n"
    outputs = [  # the terminal chat in its own process, as a player runs it: every kind of echo comes round
        _cli("chat", "--campaign", "canary", "--new", "--seed", "3", stdin=chat),
        _cli("chat", "--campaign", "canary", "--json", "--auto-roll", stdin=chat),
    ]
    assert echo_stub.echoed >= 8, "the chat made too few calls to meet every kind of echo"
    install_log_scrubber()  # as the command's main() does
    caplog.set_level(logging.DEBUG)
    runner = CliRunner()
    for status in ("text", 401, 429, 500):  # each kind of answer on each one-off command
        echo_stub.echo_cycle = [status]
        before = len(echo_stub.requests)
        for args in (
            ["suggest", "I sneak past the guard", "--system", "starforged"],
            ["ask", QUESTION, "--system", "starforged"],
            ["ask", QUESTION, "--system", "starforged", "--json"],
        ):
            result = runner.invoke(app, args)
            assert result.exit_code == 0 and result.exception is None, result.output
            outputs.append(result.output)
        assert len(echo_stub.requests) - before >= 3, f"suggest and ask did not call the endpoint ({status})"
    for fmt in ("markdown", "ironvault"):
        outputs.append(runner.invoke(app, ["campaign", "export", "canary", "--format", fmt]).output)
    outputs.append(runner.invoke(app, ["campaign", "show", "canary", "--json"]).output)
    printed = "\n".join(outputs)
    assert "Traceback" not in printed
    assert _sent_the_key(echo_stub)
    assert CANARY not in printed and CANARY not in caplog.text
    assert "rejected the API key" in printed and "could not re-rank the moves" in caplog.text  # the echoes were met
    assert CANARY not in _files_text(home)
    assert service.load_campaign("canary").moves >= 2


def test_the_app_never_shows_or_stores_a_key_the_endpoint_echoes(
    echo_stub: OpenAIStub, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from streamlit.testing.v1 import AppTest

    from tests.test_ui_app import APP, page_text

    home = tmp_path / "home"
    caplog.set_level(logging.DEBUG)
    at = AppTest.from_file(str(APP), default_timeout=90)
    at.run()
    seen: list[str] = []

    def look() -> None:
        assert not at.exception, [e.value for e in at.exception]
        seen.append(page_text(at))

    at.text_input(key="new_campaign_name").set_value("Canary Road")
    at.selectbox(key="new_campaign_system").set_value("starforged")
    at.text_input(key="new_campaign_seed").set_value("7")
    at.button(key="create_campaign").click().run()
    look()
    for text in ("I sprint across the collapsing catwalk", "I force the hatch open", QUESTION):  # play
        at.chat_input(key="chat_text").set_value(text).run()
        look()
        if any(b.key == "suggestion_0" for b in at.button):
            at.button(key="suggestion_0").click().run()
            look()
    at.text_input(key="rules_question").set_value(QUESTION)  # the rules tab
    at.button(key="rules_ask").click().run()
    look()
    at.button(key="settings_save").click().run()  # the settings form, saved as it is
    look()
    labels = [b.label for b in at.get("download_button")]  # the export buttons
    assert len(labels) == 2
    exports = service.export("Canary Road", "markdown") + service.export("Canary Road", "ironvault")

    assert echo_stub.echoed >= 4 and _sent_the_key(echo_stub)
    assert CANARY not in "\n".join(seen) and CANARY not in caplog.text
    assert CANARY not in exports
    assert CANARY not in _files_text(home)
