"""What the evals that talk to a real endpoint share (``planning``, ``citations``): their command line, the
LLM settings it names, a few items of each system from a dataset, and the printed summary."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def endpoint_parser(prog: str, description: str, per_system: int) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=description)
    p.add_argument("--llm", required=True, help="base URL of an OpenAI-compatible endpoint")
    p.add_argument("--model", default=os.environ.get("TABLETOP_LLM_MODEL", "gpt-4o-mini"))
    p.add_argument("--api-key-env", default="TABLETOP_LLM_API_KEY")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--per-system", type=int, default=per_system)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    return p


def llm_settings(args: argparse.Namespace) -> Any:
    """The endpoint named on the command line, its key read from the environment variable named there."""
    from assistant.config import LLMSettings, Secret

    key = os.environ.get(args.api_key_env) or None
    return LLMSettings(base_url=args.llm, model=args.model, api_key=Secret(key) if key else None, timeout=args.timeout)


def per_system(dataset: Path, n: int, keep: Callable[[dict[str, Any]], bool] | None = None) -> list[dict[str, Any]]:
    """The first ``n`` rows of each system in a JSONL dataset, in file order (of the rows ``keep`` accepts)."""
    rows = [json.loads(line) for line in dataset.read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = [row for row in rows if keep is None or keep(row)]
    picked: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        bucket = picked.setdefault(row["system"], [])
        if len(bucket) < n:
            bucket.append(row)
    return [row for bucket in picked.values() for row in bucket]


def print_summary(summary: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
