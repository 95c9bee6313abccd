"""Golden forced-dice cases, one file per system (``tests/golden/<system>.jsonl``), run by one runner.

Each line is ``{"id", "request", "expect"}`` (optionally ``"lines": [first, last]`` of the system's text in
``rules_index/corpus/`` the case comes from, and ``"xfail": "<why>"`` where the engine disagrees with the
text: the line keeps the text's result and the case is a strict xfail until the engine is fixed). The
expectations were worked out by hand from the rules text, never copied from engine output. ``expect`` holds:

* ``outcome``, ``match``, ``score`` — compared when given (``outcome`` always is);
* ``stat_value``, ``challenge``, ``adds`` — compared when given;
* ``character`` — only the fields given (nested objects compared field by field);
* ``effects`` — the full list of ``[kind, target, delta]`` triples, in order;
* ``follow_ups`` — in order: a follow-up's name, ``{"suffer": -2}`` for a suffer move and its amount, or
  ``{"move": <id>, "options": {...}, "target": <who>}`` for its ready request (and whose sheet it acts on);
* ``choices`` — the ids of the open choices; ``rows`` — the texts of the table rows rolled;
* ``track`` / ``clock`` / ``burn`` — only the fields given;
* ``dice_kept`` / ``dice_rerolled`` — the marks of every die, in order; ``notes`` — texts some note contains;
* ``available`` — option id -> whether the character can pick it now; ``budget`` — choice id -> its points;
* ``error`` — instead of all the above: the request is refused, ``{"type": <kind>, "contains": <text>}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant.engine import AssistantError, Result, available_systems, resolve

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden"
CORPUS = ROOT / "rules_index" / "corpus"


def load(system: str) -> list[dict[str, Any]]:
    path = GOLDEN / f"{system}.jsonl"
    cases = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            case = json.loads(line)
            case["_where"] = f"{path.name}:{n}"
            cases.append(case)
    return cases


CASES = {system: load(system) for system in available_systems()}


def _param(system: str, case: dict[str, Any]) -> Any:
    marks = [pytest.mark.xfail(reason=case["xfail"], strict=True)] if case.get("xfail") else []
    return pytest.param(system, case, id=f"{system}:{case['id']}", marks=marks)


def assert_subset(expected: Any, actual: Any, where: str) -> None:
    """Every field of ``expected`` equals the same field of ``actual`` (recursing into objects)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing (have {sorted(actual)})"
            assert_subset(value, actual[key], f"{where}.{key}")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def check(result: Result, exp: dict[str, Any]) -> None:
    data = result.to_dict()
    assert result.outcome == exp["outcome"]
    for key in ("match", "score", "stat_value", "challenge", "adds"):
        if key in exp:
            assert data[key] == exp[key], f"{key}: expected {exp[key]!r}, got {data[key]!r}"
    for key in ("character", "track", "clock", "burn"):
        if key in exp:
            assert_subset(exp[key], data[key], key)
    if "effects" in exp:
        assert [[e.kind, e.target, e.delta] for e in result.effects] == exp["effects"]
    if "choices" in exp:
        assert [c.id for c in result.choices] == exp["choices"]
    if "rows" in exp:
        assert result.table is not None
        assert [r["text"] for r in result.table["rows"]] == exp["rows"]
    if "dice_kept" in exp:
        assert [d.kept for d in result.dice_detail] == exp["dice_kept"]
    if "dice_rerolled" in exp:
        assert [d.rerolled for d in result.dice_detail] == exp["dice_rerolled"]
    for text in exp.get("notes", []):
        assert any(text in note for note in result.notes), (text, result.notes)
    if "available" in exp:
        offered = {o.id: o.available for c in result.choices for o in c.options}
        assert {k: offered.get(k) for k in exp["available"]} == exp["available"]
    if "budget" in exp:
        assert {c.id: c.budget for c in result.choices if c.id in exp["budget"]} == exp["budget"]
    if "follow_ups" in exp:
        assert len(result.follow_ups) == len(exp["follow_ups"]), [f.move for f in result.follow_ups]
        for want, have in zip(exp["follow_ups"], result.follow_ups, strict=True):
            if isinstance(want, str):
                assert have.move == want
            elif "suffer" in want:
                assert (have.kind, have.amount) == ("suffer", want["suffer"]), have
            else:
                assert have.request is not None and have.request["move"] == want["move"]
                if "options" in want:
                    assert have.request.get("options") == want["options"]
                if "target" in want:
                    assert have.target == want["target"], have


@pytest.mark.parametrize(("system", "case"), [_param(s, c) for s, cases in CASES.items() for c in cases])
def test_golden_case(system: str, case: dict[str, Any]) -> None:
    assert case["request"]["system"] == system, case["_where"]
    refused = case["expect"].get("error")
    if refused is None:
        check(resolve(case["request"]), case["expect"])
        return
    with pytest.raises(AssistantError) as caught:
        resolve(case["request"])
    assert caught.value.kind == refused["type"], caught.value
    assert refused.get("contains", "") in caught.value.message


@pytest.mark.parametrize("system", available_systems())
def test_every_system_has_golden_cases_with_unique_ids(system: str) -> None:
    ids = [c["id"] for c in CASES[system]]
    assert len(ids) >= 15, f"{system}: only {len(ids)} golden cases"
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


@pytest.mark.parametrize("system", available_systems())
def test_cited_lines_are_in_the_text(system: str) -> None:
    lines = (CORPUS / f"{system}.txt").read_text(encoding="utf-8").splitlines()
    for case in CASES[system]:
        if "lines" in case:
            first, last = case["lines"]
            assert 1 <= first <= last <= len(lines), case["_where"]
