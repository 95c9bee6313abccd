"""``assistant ui``: start the Streamlit app (offline by default)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
        try:
            code = subprocess.call(command, env=env, cwd=str(APP.parents[2]))
        except KeyboardInterrupt:
            code = 0
        raise typer.Exit(code)
