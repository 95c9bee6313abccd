"""``python -m evals planning --llm URL --model NAME``: the LLM's turn plan on a real endpoint.

For intents of the public suggestion set (``--per-system`` of each system), it opens a campaign with the model
configured, sends the intent (the offline suggestions must come back at once), then waits for the plan
(``refine()``) and records: the planning mode the endpoint was found to support (tools, json, off), whether
the model proposed a usable move, the time to the offline suggestions and to the plan, and whether the top move
is the expected one before and after the plan. Prints one JSON line per intent on stderr and a summary.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from evals.endpoint_eval import endpoint_parser, llm_settings, per_system, print_summary

DATASET = Path(__file__).parent / "datasets" / "suggest_public.jsonl"


def _parser() -> argparse.ArgumentParser:
    return endpoint_parser("python -m evals planning", __doc__.split("\n\n")[0], per_system=2)


def _top(turn: Any) -> str | None:
    return turn.suggestions[0].move if turn.suggestions else None


def run(args: argparse.Namespace) -> dict[str, Any]:
    from assistant import llm_backoff
    from assistant.chat import planning_mode
    from assistant.chat.session import ChatSession
    from assistant.config import Settings
    from assistant.llm import chat_model
    from assistant.store import service

    rows: list[dict[str, Any]] = []
    previous = os.environ.get("TABLETOP_HOME")
    with tempfile.TemporaryDirectory(prefix="tabletop-planning-") as tmp:
        os.environ["TABLETOP_HOME"] = tmp
        llm = llm_settings(args)
        settings = Settings(home=Path(tmp), llm=llm)
        for n, item in enumerate(per_system(DATASET, args.per_system)):
            llm_backoff.reset()
            name = f"plan-{n}"
            service.create_campaign(name, item["system"], seed=n + 1)
            session = ChatSession.open(name, settings=settings, retrieve_rules=False)
            started = time.perf_counter()
            offline = session.send(item["text"])
            offline_ms = (time.perf_counter() - started) * 1000
            refined = session.refine() if offline.refining else offline
            plan_ms = (time.perf_counter() - started) * 1000
            row = {
                "id": item["id"],
                "system": item["system"],
                "mode": planning_mode.known_mode(chat_model(settings, task="plan")),
                "offline_ms": round(offline_ms, 1),
                "plan_ms": round(plan_ms, 1),
                "planned": bool(getattr(refined, "planned", False)) or _top(refined) != _top(offline),
                "expected": item["expected_move"],
                "offline_top": _top(offline),
                "refined_top": _top(refined),
                "notes": [n for n in refined.notes if "LLM" in n or "plan" in n][:2],
            }
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), file=sys.stderr, flush=True)
        service.close_stores()
    if previous is None:
        os.environ.pop("TABLETOP_HOME", None)
    else:
        os.environ["TABLETOP_HOME"] = previous
    n = len(rows)
    return {
        "intents": n,
        "modes": sorted({str(r["mode"]) for r in rows}),
        "plans_that_changed_the_list": sum(r["planned"] for r in rows),
        "offline_top1": round(sum(r["offline_top"] == r["expected"] for r in rows) / n, 3) if n else None,
        "refined_top1": round(sum(r["refined_top"] == r["expected"] for r in rows) / n, 3) if n else None,
        "offline_ms_p50": statistics.median(r["offline_ms"] for r in rows) if rows else None,
        "offline_ms_max": max((r["offline_ms"] for r in rows), default=None),
        "plan_ms_p50": statistics.median(r["plan_ms"] for r in rows) if rows else None,
        "plan_ms_max": max((r["plan_ms"] for r in rows), default=None),
    }


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    summary = run(args)
    print_summary(summary, args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
