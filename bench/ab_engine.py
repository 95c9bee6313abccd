"""A/B check of the engine: resolve a fixed corpus of requests and record every Result (or refusal) as JSON.

Run once on the old code to record, once on the new code to compare; any difference is printed and the exit
status is 1. The corpus is every move of every system with each of its stats (and none), several characters
(default, hurt, negative and high burn meter, a held add), with and without a burn, each under a few seeds,
plus every golden case (forced dice). Prints numbers; never asserts.

    python bench/ab_engine.py record /tmp/engine-a.jsonl
    python bench/ab_engine.py compare /tmp/engine-a.jsonl
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from assistant.engine import AssistantError, available_systems, get_ruleset, resolve

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (1, 2, 3)


def _characters(system: str) -> list[dict[str, Any] | None]:
    sheet = get_ruleset(system).sheet
    meters = list(sheet.meters)
    impacts = list(sheet.impacts)
    chars: list[dict[str, Any] | None] = [None, {}]
    hurt: dict[str, Any] = {m: sheet.meters[m].min for m in meters[:2]}
    if impacts:
        hurt["impacts"] = impacts[:2]
    chars.append(hurt)
    burn = sheet.spec.burn
    if burn is not None:
        lo, hi = sheet.meters[burn.meter].min, sheet.meters[burn.meter].max
        chars += [{burn.meter: lo}, {burn.meter: -2 if lo < 0 else lo}, {burn.meter: hi}]
    if sheet.spec.next_move_add:
        chars.append({sheet.spec.next_move_add: 2})
    return chars


def corpus() -> Iterator[dict[str, Any]]:
    """Every request of the comparison, in a fixed order."""
    for system in available_systems():
        ruleset = get_ruleset(system)
        for move in ruleset.moves:
            stats: list[str | None] = [None, *dict.fromkeys(s for opt in move.roll.stats for s in opt.stats)]
            for stat in stats:
                for character in _characters(system):
                    for options in ({}, {"burn": True}):
                        request: dict[str, Any] = {"system": system, "move": move.id, "options": options}
                        if stat is not None:
                            request["stat"] = stat
                        if character is not None:
                            request["character"] = character
                        yield request
        for line in (ROOT / "tests" / "golden" / f"{system}.jsonl").read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield {**json.loads(line)["request"], "_forced": True}


def outcome_of(request: dict[str, Any], seed: int) -> str:
    req = {k: v for k, v in request.items() if k != "_forced"}
    try:
        return resolve(req, rng=random.Random(seed)).to_json(sort_keys=False)
    except AssistantError as exc:
        return json.dumps({"error": type(exc).__name__, "message": str(exc)}, ensure_ascii=False)


def run() -> list[str]:
    lines = []
    for request in corpus():
        for seed in SEEDS[:1] if request.get("_forced") else SEEDS:
            lines.append(outcome_of(request, seed))
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("record", "compare"):
        print(__doc__)
        return 2
    t0 = time.perf_counter()
    lines = run()
    seconds = time.perf_counter() - t0
    path = Path(argv[2])
    if argv[1] == "record":
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"recorded {len(lines)} results in {seconds:.1f} s to {path}")
        return 0
    old = path.read_text(encoding="utf-8").splitlines()
    if len(old) != len(lines):
        print(f"different corpus: {len(old)} recorded, {len(lines)} now")
        return 1
    diffs = [i for i, (a, b) in enumerate(zip(old, lines, strict=True)) if a != b]
    for i in diffs[:5]:
        print(f"--- #{i}\nold: {old[i][:600]}\nnew: {lines[i][:600]}")
    errors = sum(1 for line in lines if line.startswith('{"error"'))
    print(f"compared {len(lines)} results ({errors} refusals) in {seconds:.1f} s: {len(diffs)} differ")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
