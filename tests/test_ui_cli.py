"""``assistant ui``: the command it runs (no server is started here)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
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

    def fake_run(command: list[str], env: dict[str, str], cwd: str) -> int:
        seen.update(command=command, env=env, cwd=cwd)
        return 0

    monkeypatch.setattr(assistant.ui.cli, "run_child", fake_run)
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


CHILD_SCRIPT = """
import subprocess, sys, time
from assistant.ui.cli import run_child
grandchild = [sys.executable, "-c", "import time; time.sleep(120)"]
server = "import subprocess, sys, time; p = subprocess.Popen(%r); print(p.pid, flush=True); time.sleep(120)"
child = [sys.executable, "-c", server % (grandchild,)]
sys.exit(run_child(child, env=None, cwd="."))
"""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_stopping_the_command_stops_the_server_and_its_children(signum: int) -> None:
    """`assistant ui` stopped by Ctrl-C or SIGTERM leaves no server process behind."""
    parent = subprocess.Popen([sys.executable, "-c", CHILD_SCRIPT], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    grandchild_pid = int(parent.stdout.readline())  # the server's own child is up: the whole tree runs
    parent.send_signal(signum)
    assert parent.wait(timeout=30) == 0
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and _alive(grandchild_pid):
        time.sleep(0.1)
    assert not _alive(grandchild_pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as fh:  # a zombie waiting for its reaper is gone for our purposes
        return fh.read().split()[2] != "Z"
