"""The input that used to crash the process (issue: hostile input and faults), each kept as a test: JSON nested
thousands of levels deep, whole numbers of thousands of digits, lone UTF-16 surrogates, line separators inside a
string and bytes that are not UTF-8. Through the batch (one bad line is one error line; the lines after it are
still answered) and through the Python API (our own error)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from assistant.cli_resolve import register
from assistant.engine import InputError, resolve

FACE = {"system": "starforged", "move": "Face Danger", "stat": "edge", "dice": [5, 2, 9]}
DEEP = 5000  # past Python's recursion limit
DIGITS = 5000  # past Python's 4,300-digit limit on int <-> str


def _deep_dict(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"x": 1}
    for _ in range(depth):
        value = {"x": value}
    return value


KILLER_LINES = {
    "deep list": "[" * DEEP + "]" * DEEP,
    "deep character": json.dumps({**FACE, "character": "@"}).replace('"@"', '{"x":' * DEEP + "1" + "}" * DEEP),
    "huge number": json.dumps({**FACE, "adds": 0}).replace('"adds": 0', '"adds": ' + "9" * DIGITS),
    "lone surrogate": json.dumps({**FACE, "stat": "@"}).replace('"@"', '"\\ud800"'),
    "NaN": json.dumps({**FACE, "adds": 0}).replace('"adds": 0', '"adds": NaN'),
}


def _batch(tmp_path: Path, data: bytes) -> tuple[int, list[dict[str, Any]]]:
    import typer

    app = typer.Typer()
    register(app)
    path = tmp_path / "batch.jsonl"
    path.write_bytes(data)
    result = CliRunner().invoke(app, ["resolve", "--batch", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines()]


@pytest.mark.parametrize("kind", sorted(KILLER_LINES))
def test_a_killer_line_is_one_error_and_the_batch_goes_on(tmp_path: Path, kind: str) -> None:
    code, outs = _batch(tmp_path, (KILLER_LINES[kind] + "\n" + json.dumps(FACE) + "\n").encode())
    assert code == 1 and len(outs) == 2
    assert outs[0]["error"]["type"] == "invalid_input" and "Traceback" not in outs[0]["error"]["message"]
    assert outs[1]["outcome"] == "weak_hit"  # the line after it is answered


def test_bytes_that_are_not_utf8_and_line_separators_in_a_string(tmp_path: Path) -> None:
    separated = json.dumps({**FACE, "note": "a\u2028b\u0085c\x0cd"}, ensure_ascii=False).encode()
    code, outs = _batch(tmp_path, b'{"system": "starforged", "move": "Face \xff Danger"}\n' + separated + b"\n")
    assert code == 1 and len(outs) == 2  # U+2028 and U+0085 inside a string split nothing
    assert "UTF-8" in outs[0]["error"]["message"]
    assert outs[1].get("outcome") == "weak_hit" or outs[1]["error"]["type"] == "invalid_input"


@pytest.mark.parametrize(
    "request_",
    [
        {**FACE, "character": _deep_dict(DEEP)},
        {**FACE, "adds": 10**DIGITS},
        {**FACE, "stat": "ed\ud800ge"},
        {**FACE, "options": {"note": "\x00"}},
    ],
    ids=["deep character", "huge number", "lone surrogate", "NUL"],
)
def test_the_python_api_refuses_them_with_our_error(request_: dict[str, Any]) -> None:
    with pytest.raises(InputError) as refused:
        resolve(request_)
    assert refused.value.message and "Traceback" not in refused.value.message


@pytest.mark.parametrize("number", [10**30, 2**63 - 1, 0])
def test_a_journal_with_a_number_no_store_can_hold_is_refused_whole(number: int) -> None:
    """Found by the fuzz eval: an event version of 10^30 reached SQLite and crashed the import."""
    from assistant.store import service

    service.create_campaign("source", "starforged", seed=3)
    service.resolve_in_campaign("source", FACE)
    text = service.export("source", "markdown")
    assert '"v":1' in text or '"v":2' in text
    edited = text.replace('"v":2', f'"v":{number}', 1) if '"v":2' in text else text.replace('"v":1', f'"v":{number}', 1)
    with pytest.raises(InputError):
        service.import_journal(edited)
    assert [c.name for c in service.list_campaigns()] == ["source"]


def test_whole_numbers_must_fit_a_database_integer() -> None:
    from assistant.engine.safe_json import check, loads

    assert loads(str(2**63 - 1)) == 2**63 - 1 and loads(str(-(2**63))) == -(2**63)
    for bad in (str(2**63), str(10**19 - 1)):
        with pytest.raises(InputError):
            loads(bad)
    with pytest.raises(InputError):
        check({"seed": 2**63})
