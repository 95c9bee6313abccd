"""Move-suggestion eval: ``python -m evals suggest --dataset FILE.jsonl --k 3 [--report]``.

Reads lines ``{"id", "system", "text", "expected_move"?, "expected_stat"?, "context"?}`` and prints one JSON
line per item: ``{"id", "moves": [{"system", "move", "stat", "score"}, ...]}`` (k moves, best first;
``move`` is the move's name as printed in the rules). ``context`` is a :class:`SuggestContext` as a dict
(``position``, ``scene_challenge``, ``mode``, ``in_combat``, ``character``).

``--report`` prints (to stderr, after the JSON lines) top-1 and top-3 accuracy per system and overall,
and the stat accuracy of top-1 hits that name an ``expected_stat``. ``--no-odds`` skips the odds
(ranking only, faster); ``--quiet`` prints only the report.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

DEFAULT_DATASET = Path(__file__).parent / "datasets" / "suggest_public.jsonl"


def load_dataset(path: Path) -> list[dict[str, Any]]:
    items = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SystemExit(f"{path}:{n}: not JSON ({exc.msg})") from None
        if not {"id", "system", "text"} <= set(item):
            raise SystemExit(f"{path}:{n}: each line needs id, system and text")
        items.append(item)
    return items


def predict(item: dict[str, Any], k: int, odds: bool = True) -> dict[str, Any]:
    from assistant.suggest import SuggestContext, rank, suggest

    context = SuggestContext.from_dict(item["system"], item.get("context"))
    if odds:
        moves = [
            {"system": s.system, "move": s.move, "stat": s.stat, "score": s.score} for s in suggest(item["text"], context, k=k)
        ]
    else:
        from assistant.suggest.core import build_suggestion

        ranked, cues = rank(item["text"], context)
        moves = []
        for s in ranked[:k]:
            sug = build_suggestion(s, cues, context, None)  # no ruleset: stat pick only, no odds
            moves.append({"system": sug.system, "move": sug.move, "stat": sug.stat, "score": sug.score})
    return {"id": item["id"], "moves": moves}


def score(items: list[dict[str, Any]], predictions: list[dict[str, Any]]) -> dict[str, Any]:
    from assistant.suggest.catalog import normalize_name

    per: dict[str, dict[str, int]] = defaultdict(lambda: {"n": 0, "top1": 0, "top3": 0, "stat_n": 0, "stat_ok": 0})
    misses = []
    for item, pred in zip(items, predictions, strict=True):
        if "expected_move" not in item:
            continue
        want = normalize_name(item["expected_move"])
        names = [normalize_name(m["move"]) for m in pred["moves"]]
        for key in (item["system"], "overall"):
            row = per[key]
            row["n"] += 1
            row["top1"] += bool(names[:1] == [want])
            row["top3"] += want in names[:3]
            if item.get("expected_stat") and names[:1] == [want]:
                row["stat_n"] += 1
                row["stat_ok"] += (pred["moves"][0]["stat"] or "").lower() == item["expected_stat"].lower()
        if names[:1] != [want]:
            misses.append({"id": item["id"], "expected": item["expected_move"], "got": [m["move"] for m in pred["moves"][:3]]})
    table = {}
    for key, row in per.items():
        n = row["n"] or 1
        table[key] = {
            "n": row["n"],
            "top1": round(row["top1"] / n, 3),
            "top3": round(row["top3"] / n, 3),
            "stat": round(row["stat_ok"] / row["stat_n"], 3) if row["stat_n"] else None,
        }
    return {"systems": table, "misses": misses}


def format_report(report: dict[str, Any]) -> str:
    lines = [f"{'system':<15} {'n':>4} {'top-1':>7} {'top-3':>7} {'stat@1':>7}"]
    systems = sorted(k for k in report["systems"] if k != "overall") + ["overall"]
    for key in systems:
        row = report["systems"].get(key)
        if row is None:
            continue
        stat = "-" if row["stat"] is None else f"{row['stat']:.3f}"
        lines.append(f"{key:<15} {row['n']:>4} {row['top1']:>7.3f} {row['top3']:>7.3f} {stat:>7}")
    if report["misses"]:
        lines.append("top-1 misses:")
        lines += [f"  {m['id']}: expected {m['expected']!r}, got {m['got']}" for m in report["misses"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals suggest", description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=DEFAULT_DATASET)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--report", action="store_true", help="print top-1/top-3 accuracy (stderr)")
    parser.add_argument("--quiet", action="store_true", help="no per-item JSON lines")
    parser.add_argument("--no-odds", action="store_true", help="rank only (skip the engine's odds)")
    parser.add_argument("--json-report", type=Path, help="also write the report as JSON to this file")
    args = parser.parse_args(argv)
    if not args.dataset.exists():
        print(f"No dataset at {args.dataset}", file=sys.stderr)
        return 2
    items = load_dataset(args.dataset)
    predictions = []
    for item in items:
        pred = predict(item, max(args.k, 1), odds=not args.no_odds)
        predictions.append(pred)
        if not args.quiet:
            print(json.dumps(pred, ensure_ascii=False), flush=True)
    if args.report or args.json_report:
        report = score(items, predictions)
        if args.report:
            print(format_report(report), file=sys.stderr)
        if args.json_report:
            args.json_report.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
