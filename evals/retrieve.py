"""Retrieval eval: ``python -m evals retrieve --dataset FILE.jsonl --k 5 [--report] [--compare]``.

Reads lines ``{"id", "system", "question", "expected": {"section", "text"}}`` and prints one JSON line
per question: ``{"id", "results": [{"system", "section", "text", "score"}, ...]}`` (k results, best first).
Each question is searched within its own system (as a campaign's system would filter it); ``--all-systems``
searches everything.

A result is a *hit* when it is of the expected system and either its section path has a segment (or
its move name) equal to ``expected.section`` (case-insensitive), or its text contains ``expected.text``
(case-insensitive, whitespace-normalised). ``--report`` prints hit@1, hit@5 and MRR to stderr;
``--compare`` prints them for vector-only, BM25-only and hybrid retrieval.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MODES = ("vector", "bm25", "hybrid")


def load_dataset(path: Path) -> list[dict[str, Any]]:
    """The questions of a JSONL dataset (blank lines ignored)."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{number}: not valid JSON ({exc.msg})") from exc
    return rows


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def is_hit(result: dict[str, Any], expected: dict[str, Any], system: str | None) -> bool:
    """Does one result match the expected passage (see module docstring)?"""
    if system and result.get("system") != system:
        return False
    want_section = _norm(str(expected.get("section", "")))
    segments = [_norm(s) for s in str(result.get("section", "")).split("›")]
    if want_section and (want_section in segments or want_section == _norm(str(result.get("move") or ""))):
        return True
    want_text = _norm(str(expected.get("text", "")))
    return bool(want_text) and want_text in _norm(str(result.get("text", "")))


def metrics(ranked_hits: Sequence[Sequence[bool]]) -> dict[str, float]:
    """hit@1, hit@5 and MRR over questions, each given as the hit flags of its ranked results."""
    n = max(1, len(ranked_hits))
    first = [next((i for i, h in enumerate(flags) if h), None) for flags in ranked_hits]
    return {
        "questions": len(ranked_hits),
        "hit@1": sum(1 for f in first if f == 0) / n,
        "hit@5": sum(1 for f in first if f is not None and f < 5) / n,
        "mrr": sum(1.0 / (f + 1) for f in first if f is not None) / n,
    }


def run(rows: list[dict[str, Any]], k: int, mode: str, index: Any, all_systems: bool = False) -> list[dict]:
    """Search every question; return output records (with hit flags under ``_hits``)."""
    from rules_index.search import search_index

    out = []
    for row in rows:
        system = None if all_systems else row.get("system")
        hits = search_index(index, str(row["question"]), system, k, mode)  # type: ignore[arg-type]
        results = [h.as_dict() for h in hits]
        flags = [is_hit(r, row.get("expected", {}), row.get("system")) for r in results]
        out.append({"id": row.get("id"), "results": results, "_hits": flags})
    return out


def _open_index(index_dir: str | None) -> Any:
    from rules_index.search import get_index

    if index_dir is None:
        return get_index()
    from rules_index.embed import get_embedder
    from rules_index.index import RulesIndex

    from rules_index.notes import sync_notes

    index = RulesIndex(get_embedder(), path=Path(index_dir))
    index.sync_corpus()
    sync_notes(index)
    return index


def main(argv: list[str]) -> int:
    """Entry point used by ``python -m evals retrieve``."""
    parser = argparse.ArgumentParser(prog="python -m evals retrieve", description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", required=True, type=Path)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--mode", choices=MODES, default="hybrid")
    parser.add_argument("--report", action="store_true", help="print hit@1, hit@5 and MRR to stderr")
    parser.add_argument("--compare", action="store_true", help="report every mode (no per-question output)")
    parser.add_argument("--all-systems", action="store_true", help="do not filter by the question's system")
    parser.add_argument("--index-dir", help="index directory (default: the one in TABLETOP_HOME)")
    args = parser.parse_args(argv)
    if not args.dataset.is_file():
        print(f"error: dataset {args.dataset} not found", file=sys.stderr)
        return 2
    rows = load_dataset(args.dataset)
    index = _open_index(args.index_dir)
    for mode in MODES if args.compare else (args.mode,):
        records = run(rows, max(args.k, 5) if args.report or args.compare else args.k, mode, index, args.all_systems)
        if not args.compare:
            for rec in records:
                results = [{key: r[key] for key in ("system", "section", "text", "score")} for r in rec["results"][: args.k]]
                try:
                    print(json.dumps({"id": rec["id"], "results": results}, ensure_ascii=False))
                except BrokenPipeError:  # e.g. piped into `head`
                    return 0
        if args.report or args.compare:
            summary = metrics([rec["_hits"] for rec in records])
            print(json.dumps({"mode": mode, **{k: round(v, 4) for k, v in summary.items()}}), file=sys.stderr)
    return 0
