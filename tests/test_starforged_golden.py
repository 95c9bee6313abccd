"""Starforged's golden cases (tests/golden/starforged.jsonl, run by tests/test_golden.py) cover every move and
every outcome; and the move data matches the rules text (rules_index/corpus/starforged.txt)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from assistant.engine import get_ruleset

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "starforged.jsonl"
CORPUS = ROOT / "rules_index" / "corpus" / "starforged.txt"


def load_cases() -> list[dict[str, Any]]:
    cases = []
    for n, line in enumerate(GOLDEN.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            case = json.loads(line)
            case["_line"] = n
            cases.append(case)
    return cases


CASES = load_cases()


# ---- coverage -----------------------------------------------------------------------------------


def outcome_key(move: Any, outcome: str, match: bool) -> str:
    """The outcome key of ``move`` that a result with this outcome and match reads (as the engine does)."""
    if match and f"{outcome}_match" in move.outcomes:
        return f"{outcome}_match"
    if outcome in move.outcomes:
        return outcome
    if outcome in ("strong_hit", "weak_hit") and "hit" in move.outcomes:
        return "hit"
    return outcome


def covered_keys() -> dict[str, set[str]]:
    ruleset = get_ruleset("starforged")
    covered: dict[str, set[str]] = {}
    for case in CASES:
        if "error" in case["expect"] or str(case["request"]["move"]).startswith("table:"):
            continue  # a refused request or a table roll covers no move outcome
        move = ruleset.find_move(case["request"]["move"])
        key = outcome_key(move, case["expect"]["outcome"], case["expect"].get("match", False))
        covered.setdefault(move.id, set()).add(key)
    return covered


def test_every_outcome_of_every_move_is_covered() -> None:
    covered = covered_keys()
    missing = {}
    for move in get_ruleset("starforged").moves:
        keys = set(move.outcomes)
        gap = keys - covered.get(move.id, set())
        if gap:
            missing[move.id] = sorted(gap)
    assert not missing, f"outcome keys without a golden case: {missing}"


def test_every_move_has_a_golden_case() -> None:
    covered = covered_keys()
    assert {m.id for m in get_ruleset("starforged").moves} <= set(covered)


def test_rolling_moves_cover_the_three_tiers() -> None:
    """Every move with an action or progress roll has a strong hit, a weak hit and a miss case
    (a move whose text prints no outcome for a tier still gets a case pinning what happens)."""
    covered = covered_keys()
    for move in get_ruleset("starforged").moves:
        if move.roll.type in ("action", "progress"):
            assert {"strong_hit", "weak_hit", "miss"} <= {k.removesuffix("_match") for k in covered[move.id]}, move.id


# ---- data against the rules text ----------------------------------------------------------------

LINES = CORPUS.read_text(encoding="utf-8").splitlines()


def corpus_headings() -> list[tuple[int, str]]:
    start = LINES.index("## Session Moves")
    return [(i + 1, line[4:].strip()) for i, line in enumerate(LINES) if i > start and line.startswith("### ")]


def plain(text: str) -> str:
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "")
    return " ".join(text.split())


def test_every_heading_has_a_move_in_order() -> None:
    moves = get_ruleset("starforged").moves
    headings = corpus_headings()
    assert [name for _, name in headings] == [m.name for m in moves]
    for (line, name), move in zip(headings, moves, strict=True):
        assert move.source.file == "starforged.txt"
        assert move.source.lines[0] == line, f"{name}: heading at line {line}, data says {move.source.lines[0]}"


def test_source_ranges_end_at_the_last_line_of_the_move() -> None:
    boundaries = [i + 1 for i, line in enumerate(LINES) if line.startswith("## ") or line.startswith("### ")]
    for move in get_ruleset("starforged").moves:
        first, last = move.source.lines
        nxt = min([b for b in boundaries if b > first] + [len(LINES) + 1])
        expected_last = max(i for i in range(first, nxt) if LINES[i - 1].strip())
        assert last == expected_last, f"{move.name}: ends at {expected_last}, data says {last}"


def test_move_ids_categories_and_triggers() -> None:
    categories = {
        "session",
        "adventure",
        "quest",
        "connection",
        "exploration",
        "combat",
        "suffer",
        "recover",
        "threshold",
        "legacy",
        "fate",
        "scene_challenge",
    }
    for move in get_ruleset("starforged").moves:
        assert move.id == re.sub(r"[^a-z0-9]+", "_", move.name.lower()).strip("_")
        assert move.category in categories
        first, last = move.source.lines
        block = plain("\n".join(LINES[first - 1 : last]))
        for part in move.trigger.split("; "):
            assert plain(part).lower() in block.lower(), f"{move.id}: trigger {part!r} not in its text"


def test_move_text_is_the_rules_text() -> None:
    for move in get_ruleset("starforged").moves:
        first, last = move.source.lines
        block = plain("\n".join(LINES[first - 1 : last]))
        for line in move.text.splitlines():
            assert plain(line) in block, f"{move.id}: {line!r} is not in lines {first}-{last}"
        # and nothing of the move is left out (besides the heading and the *Progress Move* marker)
        body = [plain(x) for x in LINES[first:last] if x.strip() and x.strip() != "*Progress Move*"]
        assert plain(move.text) == " ".join(body), move.id


def test_progress_moves_are_marked() -> None:
    for move in get_ruleset("starforged").moves:
        first, last = move.source.lines
        printed = "*Progress Move*" in LINES[first - 1 : last]
        assert move.progress_move == (printed or move.id == "finish_the_scene"), move.id
        if move.progress_move:
            assert move.roll.type == "progress", move.id


def test_readings_quote_the_rules_text() -> None:
    text = plain("\n".join(LINES))
    for move in get_ruleset("starforged").moves:
        for reading in move.readings:
            assert plain(reading.sentence) in text, f"{move.id}: {reading.sentence!r}"


def test_option_ids_are_unique_among_open_choices() -> None:
    for move in get_ruleset("starforged").moves:
        for key, outcome in move.outcomes.items():
            ids = [o.id for c in [*move.choices, *outcome.choices] for o in c.options]
            assert len(ids) == len(set(ids)), (move.id, key, ids)


def test_ruleset_validates() -> None:
    get_ruleset("starforged").validate()
