"""``assistant campaign ...`` and ``assistant resolve --campaign``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from assistant import cli_resolve
from assistant.store import cli as store_cli
from tests.store_fixtures import *  # noqa: F403

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app() -> typer.Typer:
    app = typer.Typer()
    cli_resolve.register(app)
    store_cli.register(app)
    return app


def run(app: typer.Typer, args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args, input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_campaign_commands(app: typer.Typer, backend: str, tmp_path: Path) -> None:
    sheet = tmp_path / "kira.json"
    sheet.write_text(json.dumps({"name": "Kira", "stats": {"edge": 3, "heart": 1, "wits": 2}, "momentum": 4}))
    code, out, err = run(
        app, ["campaign", "new", "Iron Road", "--system", "starforged", "--character", str(sheet), "--seed", "5"]
    )
    assert code == 0, err
    assert "created campaign 'Iron Road'" in out
    assert run(app, ["campaign", "new", "Default", "--system", "starforged"])[0] == 0

    code, out, _ = run(
        app, ["resolve", "--campaign", "Iron Road"], json.dumps({"move": "Face Danger", "stat": "edge", "dice": [6, 1, 2]})
    )
    assert code == 0
    result = json.loads(out)
    assert result["outcome"] == "strong_hit" and result["character"]["momentum"] == 5

    code, out, _ = run(app, ["campaign", "show", "Iron Road", "--json"])
    assert code == 0
    shown = json.loads(out)
    assert {"name", "system", "characters", "events"} <= set(shown)
    assert shown["name"] == "Iron Road" and shown["system"] == "starforged"
    assert [c["name"] for c in shown["characters"]] == ["Kira"] and shown["characters"][0]["momentum"] == 5
    assert [e["seq"] for e in shown["events"]] == [1, 2, 3]
    assert [e["type"] for e in shown["events"]] == ["campaign_created", "character_added", "move_resolved"]

    code, out, _ = run(app, ["campaign", "list", "--json"])
    assert [c["name"] for c in json.loads(out)] == ["Default", "Iron Road"]
    code, out, _ = run(app, ["campaign", "show", "Iron Road"])
    assert code == 0 and "Kira" in out and "Face Danger (+edge): strong hit" in out

    code, out, _ = run(app, ["campaign", "replay", "Iron Road"])
    assert code == 0 and out.startswith("ok: replayed 3 events")
    code, out, _ = run(app, ["campaign", "undo", "Iron Road", "--json"])
    assert code == 0 and json.loads(out)["target_seq"] == 3
    code, out, _ = run(app, ["campaign", "show", "Iron Road", "--json"])
    assert json.loads(out)["characters"][0]["momentum"] == 4

    journal = tmp_path / "journal.md"
    code, _, err = run(app, ["campaign", "export", "Iron Road", "--format", "ironvault", "--output", str(journal)])
    assert code == 0, err
    assert "```iron-vault-mechanics" in journal.read_text()
    code, out, _ = run(app, ["campaign", "export", "Iron Road", "--format", "markdown"])
    assert code == 0 and out.startswith("# Iron Road")
    code, out, _ = run(app, ["campaign", "import", str(journal), "--name", "Copy", "--json"])
    assert code == 0 and json.loads(out) == {"name": "Copy"}
    code, out, _ = run(app, ["campaign", "show", "Copy", "--json"])
    assert json.loads(out)["characters"][0]["momentum"] == 4


def test_campaign_errors_are_one_line(app: typer.Typer, backend: str, tmp_path: Path) -> None:
    code, out, err = run(app, ["campaign", "show", "nope"])
    assert code == 1 and out == "" and err.strip().count("\n") == 0 and err.startswith("error: No campaign called")
    code, out, _ = run(app, ["campaign", "show", "nope", "--json"])
    assert code == 1 and json.loads(out)["error"]["type"] == "unknown_name"
    code, _, err = run(app, ["campaign", "new", "x", "--system", "chess"])
    assert code == 1 and "Unknown system" in err and "Traceback" not in err
    code, _, err = run(app, ["campaign", "new", "x", "--character", str(tmp_path / "missing.json")])
    assert code == 1 and err.startswith("error: ")
    bad = tmp_path / "bad.json"
    bad.write_text('{"stats": {"edge": 9}}')
    code, _, err = run(app, ["campaign", "new", "x", "--character", str(bad)])
    assert code == 1 and "edge" in err
    code, _, err = run(app, ["campaign", "export", "x", "--format", "pdf"])
    assert code == 1 and err.startswith("error: ")
    code, _, err = run(app, ["campaign", "undo", "x"])
    assert code == 1
    run(app, ["campaign", "new", "y"])
    code, out, _ = run(app, ["resolve", "--campaign", "y"], json.dumps({"move": "Nope"}))
    assert code == 1 and json.loads(out)["error"]["type"] == "unknown_name"
    code, out, _ = run(app, ["campaign", "show", "y", "--json"])
    assert len(json.loads(out)["events"]) == 2  # the failed move appended nothing


def test_main_cli_resolve_with_campaign(backend: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cli = [sys.executable, "-c", "from assistant.cli import main; main()"]
    new = subprocess.run(
        [*cli, "campaign", "new", "Main", "--system", "starforged"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert new.returncode == 0, new.stderr
    res = subprocess.run(
        [*cli, "resolve", "--campaign", "Main"],
        input=json.dumps({"move": "Face Danger", "stat": "edge", "dice": [4, 2, 9]}),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["outcome"] == "weak_hit"
    show = subprocess.run(
        [*cli, "campaign", "show", "Main", "--json"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120
    )
    assert [e["type"] for e in json.loads(show.stdout)["events"]][-1] == "move_resolved"
