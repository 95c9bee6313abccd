# ruff: noqa: F811  (the openai_stub fixture is imported from tests/openai_stub.py)
"""Secrets never reach what we store, export, log or show: a canary key echoed back by the endpoint is scrubbed
from the narration, the campaign's events, both exports, the guard log and the log records."""

from __future__ import annotations

import logging
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
