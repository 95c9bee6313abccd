"""The chat eval harness (offline mode) and the ``assistant chat`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.cli import app


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")


def test_chat_eval_offline_prints_a_row_per_turn_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from evals.chat import main

    scripts = tmp_path / "scripts.jsonl"
    scripts.write_text(
        json.dumps(
            {
                "id": "t1",
                "system": "starforged",
                "seed": 3,
                "turns": ["I slip past the sentry", "#1", "Is the door locked?", "/roll warp +edge"],
            }
        )
        + "\n"
    )
    assert main(["--offline", "--scripts", str(scripts), "--json-summary"]) == 0
    out, err = capsys.readouterr()
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["turn"] for r in rows] == [1, 2, 3, 4]
    assert [r["kind"] for r in rows] == ["action", "action", "oracle", "error"]
    assert rows[1]["narrator"] == "template" and rows[1]["violations"] == []
    summary = json.loads(err.strip().splitlines()[-1])
    assert summary["turns"] == 4 and summary["errors"] == 1 and summary["narrated_turns"] == 2


def test_chat_eval_needs_an_endpoint_or_offline(capsys: pytest.CaptureFixture[str]) -> None:
    from evals.chat import main

    assert main([]) == 2
    assert "--llm" in capsys.readouterr().err


def test_assistant_chat_scripted_session() -> None:
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["chat", "-c", "cli-saga", "--new", "--seed", "4", "--json"],
        input="I slip past the sentry\n1\n/undo\n/roll nowhere\n",
    )
    assert result.exit_code == 0, result.output
    turns = [json.loads(line) for line in result.output.splitlines()]
    assert [t["kind"] for t in turns] == ["action", "action", "command", "error"]
    assert turns[1]["results"] and turns[1]["narration"]
    assert "Undone" in turns[2]["narration"]
