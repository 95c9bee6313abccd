"""``assistant ui``: start the Streamlit app (offline by default)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path
from types import FrameType

import typer

APP = Path(__file__).resolve().parent / "app.py"
#: Streamlit settings that keep the app offline and quiet unless asked otherwise.
OFFLINE_FLAGS = ["--browser.gatherUsageStats", "false", "--global.developmentMode", "false"]


def headless_default() -> bool:
    """Headless under CI or without a display (no browser to open)."""
    if os.environ.get("CI"):
        return True
    return sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def streamlit_command(address: str, port: int, headless: bool) -> list[str]:
    return [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(APP),
        "--server.address",
        address,
        "--server.port",
        str(port),
        "--server.headless",
        "true" if headless else "false",
        *OFFLINE_FLAGS,
    ]


#: Seconds the server gets to stop after SIGTERM before it is killed.
STOP_GRACE = 10.0
_STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def run_child(command: list[str], env: dict[str, str], cwd: str) -> int:
    """Run the server as a child in its own process group and stop that whole group when we are stopped
    (Ctrl-C, SIGTERM, SIGHUP) or exit, so no server is left running behind us. Returns its exit status."""
    child = subprocess.Popen(command, env=env, cwd=cwd, start_new_session=True)
    stopping: list[int] = []

    def stop(signum: int, _frame: FrameType | None) -> None:
        stopping.append(signum)
        _signal_group(child, signal.SIGTERM)  # only signal here: the wait below is already running

    previous = {sig: signal.signal(sig, stop) for sig in _STOP_SIGNALS}
    try:
        code = child.wait()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_group(child)
    return 0 if stopping else code


def _signal_group(child: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # the whole group is gone already
        os.killpg(child.pid, signum)


def _stop_group(child: subprocess.Popen[bytes]) -> None:
    """SIGTERM the child's process group (the server and anything it started), then SIGKILL what is left
    after ``STOP_GRACE`` seconds."""
    _signal_group(child, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(timeout=STOP_GRACE)
    _signal_group(child, signal.SIGKILL)
    child.wait()


def register(app: typer.Typer) -> None:
    @app.command("ui")
    def ui_command(
        address: str = typer.Option("127.0.0.1", "--server.address", "--address", help="Address to listen on."),
        port: int = typer.Option(8501, "--server.port", "--port", help="Port to listen on."),
        headless: bool | None = typer.Option(
            None, "--headless/--open-browser", help="Do not open a browser (default: headless under CI or without a display)."
        ),
    ) -> None:
        """Start the web app (chat, sheet, tracks, clocks, oracles, rules answers). Offline unless an LLM is set."""
        env = {**os.environ, "STREAMLIT_BROWSER_GATHER_USAGE_STATS": "false"}
        env.setdefault("OMP_NUM_THREADS", "1")
        env.setdefault("TOKENIZERS_PARALLELISM", "false")
        env.setdefault("HF_HUB_OFFLINE", "1")
        env.setdefault("TRANSFORMERS_OFFLINE", "1")
        env.setdefault("ANONYMIZED_TELEMETRY", "False")
        command = streamlit_command(address, port, headless_default() if headless is None else headless)
        raise typer.Exit(run_child(command, env, str(APP.parents[2])))
