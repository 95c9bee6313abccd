"""``assistant ui``: the command it runs (no server is started here)."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import assistant.ui.cli


def _app() -> typer.Typer:
    app = typer.Typer()
    assistant.ui.cli.register(app)

    @app.command("other")
    def other() -> None:  # a second command keeps typer's multi-command layout, as in `assistant`
        """Nothing."""

    return app


def test_ui_runs_streamlit_offline_on_the_given_address(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_call(command: list[str], env: dict[str, str], cwd: str) -> int:
        seen.update(command=command, env=env, cwd=cwd)
        return 0

    monkeypatch.setattr(assistant.ui.cli.subprocess, "call", fake_call)
    result = CliRunner().invoke(_app(), ["ui", "--server.address", "127.0.0.1", "--server.port", "8612", "--headless"])
    assert result.exit_code == 0, result.output
    command = seen["command"]
    assert command[1:4] == ["-m", "streamlit", "run"] and command[4].endswith("assistant/ui/app.py")
    assert command[command.index("--server.port") + 1] == "8612"
    assert command[command.index("--server.address") + 1] == "127.0.0.1"
    assert command[command.index("--server.headless") + 1] == "true"
    assert command[command.index("--browser.gatherUsageStats") + 1] == "false"
    assert "TABLETOP_LLM_BASE_URL" not in seen["env"]  # offline unless the environment sets an endpoint


def test_headless_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    assert assistant.ui.cli.headless_default()
