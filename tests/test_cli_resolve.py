"""The `assistant resolve` JSON contract, through the real command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from assistant.engine import resolve

CLI = [sys.executable, "-m", "assistant.cli"]


def run(args: list[str], stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(CLI + args, input=stdin, capture_output=True, text=True, timeout=120)


FACE_DANGER = {
    "system": "starforged",
    "move": "face danger",
    "stat": "edge",
    "character": {"stats": {"edge": 2}, "momentum": 3},
    "dice": [4, 2, 9],
}


def test_resolve_reads_stdin_and_prints_the_result() -> None:
    proc = run(["resolve"], json.dumps(FACE_DANGER))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert out["move"] == "Face Danger"
    assert (out["outcome"], out["match"], out["score"], out["dice"]) == ("weak_hit", False, 6, [4, 2, 9])
    assert out["character"]["momentum"] == 3
    assert out["follow_ups"][0]["kind"] == "suffer"
    assert "weak hit" in out["text"]
    assert out == resolve(FACE_DANGER).to_dict()


def test_resolve_request_file(tmp_path: Path) -> None:
    path = tmp_path / "req.json"
    path.write_text(json.dumps({**FACE_DANGER, "dice": [6, 1, 2]}))
    out = json.loads(run(["resolve", "--request", str(path)]).stdout)
    assert out["outcome"] == "strong_hit" and out["character"]["momentum"] == 4


@pytest.mark.parametrize(
    ("request_text", "error_type"),
    [
        ("{not json", "invalid_input"),
        (json.dumps({"system": "nope", "move": "x"}), "unknown_name"),
        (json.dumps({**FACE_DANGER, "move": "Face Dangr"}), "unknown_name"),
        (json.dumps({**FACE_DANGER, "stat": "supply"}), "invalid_input"),
        (json.dumps({**FACE_DANGER, "dice": [7, 1, 1]}), "invalid_dice"),
        (json.dumps({**FACE_DANGER, "dice": [4, 2]}), "invalid_dice"),
        (json.dumps({**FACE_DANGER, "dice": [4, 2, 9, 9]}), "invalid_dice"),
        (json.dumps({**FACE_DANGER, "surprise": 1}), "invalid_input"),
        (json.dumps({**FACE_DANGER, "options": {"odds": "likely"}}), "invalid_input"),
        (json.dumps({**FACE_DANGER, "character": {"momentum": 11}}), "invalid_input"),
    ],
)
def test_errors_are_json_on_stdout_with_nonzero_exit(request_text: str, error_type: str) -> None:
    proc = run(["resolve"], request_text)
    assert proc.returncode != 0
    err = json.loads(proc.stdout)["error"]
    assert err["type"] == error_type and err["message"]
    assert "Traceback" not in proc.stderr


def test_batch_prints_one_line_per_request(tmp_path: Path) -> None:
    lines = [json.dumps(FACE_DANGER), "{broken", json.dumps({**FACE_DANGER, "dice": [6, 1, 2]}), ""]
    path = tmp_path / "batch.jsonl"
    path.write_text("\n".join(lines))
    proc = run(["resolve", "--batch", str(path)])
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(outs) == 3
    assert outs[0]["outcome"] == "weak_hit" and "error" in outs[1] and outs[2]["outcome"] == "strong_hit"
    assert proc.returncode == 1  # one line failed


def test_seed_makes_unforced_rolls_reproducible() -> None:
    req = json.dumps({k: v for k, v in FACE_DANGER.items() if k != "dice"})
    a = json.loads(run(["resolve", "--seed", "7"], req).stdout)
    b = json.loads(run(["resolve", "--seed", "7"], req).stdout)
    assert a["dice"] == b["dice"] and len(a["dice"]) == 3


def test_odds_command_prints_exact_odds() -> None:
    req = {"system": "starforged", "move": "face danger", "stat": "wits", "character": {"stats": {"wits": 1}, "momentum": 0}}
    out = json.loads(run(["odds"], json.dumps(req)).stdout)
    assert out["outcomes"] == {"miss": 45.17, "weak_hit": 39.67, "strong_hit": 15.17}
    assert out["match"] == 10.0
