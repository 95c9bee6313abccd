"""The `assistant suggest` command, the eval harness and the public dataset."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from assistant.suggest import core, moves_for
from assistant.suggest.catalog import normalize_name

DATASET = Path(__file__).resolve().parents[1] / "evals" / "datasets" / "suggest_public.jsonl"


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch):
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setattr(core, "_DEFAULT_EMBEDDERS", {})


@pytest.fixture
def app():
    from assistant.suggest.cli import register

    app = typer.Typer()
    register(app)

    @app.command("noop")
    def _noop() -> None:  # a second command keeps typer from collapsing the group
        pass

    return app


def test_cli_prints_moves_stats_and_odds(app):
    result = CliRunner().invoke(
        app, ["suggest", "I dive for cover as they open fire", "--system", "starforged", "--bad-spot", "--k", "2", "--offline"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("1. ")
    assert "why: When" in result.output
    assert "assistant resolve" in result.output
    assert "Strike" not in result.output.split("\n")[0]


def test_cli_json_with_character(app, tmp_path):
    sheet = tmp_path / "hero.json"
    sheet.write_text(json.dumps({"stats": {"edge": 3, "heart": 1, "iron": 2, "shadow": 2, "wits": 1}, "momentum": 9}))
    result = CliRunner().invoke(
        app,
        [
            "suggest",
            "I leap across the gap",
            "--system",
            "starforged",
            "--json",
            "--character",
            str(sheet),
            "--offline",
            "--k",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data) == 3
    for row in data:
        assert {
            "move",
            "move_id",
            "system",
            "stat",
            "stat_value",
            "score",
            "why",
            "approach",
            "odds",
            "burn_odds",
            "request",
        } <= set(row)
        assert row["request"]["character"]["momentum"] == 9


def test_cli_downtime_and_unknown_system(app):
    ok = CliRunner().invoke(
        app, ["suggest", "I hit the gambling halls", "--system", "blades", "--downtime", "--offline", "--json"]
    )
    assert ok.exit_code == 0
    rows = json.loads(ok.output)
    # with the Blades ruleset, every suggestion carries its exact pool odds
    assert rows and all(row["odds"] and abs(sum(row["odds"]["outcomes"].values()) - 100) < 0.1 for row in rows)
    bad = CliRunner().invoke(app, ["suggest", "I do a thing", "--system", "monopoly", "--offline"])
    assert bad.exit_code == 2


def test_public_dataset_is_labelled_over_five_systems():
    items = [json.loads(line) for line in DATASET.read_text().splitlines() if line.strip()]
    assert len(items) >= 80
    assert len({i["id"] for i in items}) == len(items)
    counts = Counter(i["system"] for i in items)
    assert set(counts) == {"starforged", "elegy", "blades", "city", "dungeon-world"}
    for item in items:
        moves = {m.key: m for m in moves_for(item["system"])}
        key = normalize_name(item["expected_move"])
        assert key in moves, item
        if item.get("expected_stat"):
            offered = {s for a in moves[key].approaches for s in a.stats}
            assert item["expected_stat"] in offered, item


def test_eval_harness_prints_one_line_per_item_and_a_report(tmp_path, capsys):
    from evals.suggest import main

    data = tmp_path / "mini.jsonl"
    rows = [
        {"id": "a", "system": "dungeon-world", "text": "I swing my axe at the orc", "expected_move": "Hack & Slash"},
        {"id": "b", "system": "city", "text": "I listen for rumors at the tavern", "expected_move": "Ear to the Ground"},
    ]
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    report = tmp_path / "report.json"
    assert main(["--dataset", str(data), "--k", "3", "--report", "--json-report", str(report)]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line["id"] for line in lines] == ["a", "b"]
    for line in lines:
        assert len(line["moves"]) == 3
        assert set(line["moves"][0]) == {"system", "move", "stat", "score"}
    assert "overall" in err and "top-1" in err
    parsed = json.loads(report.read_text())
    assert parsed["systems"]["overall"]["n"] == 2


def test_eval_dispatcher_knows_suggest():
    from evals.__main__ import main

    assert main(["suggest", "--dataset", "/nonexistent.jsonl"]) == 2
