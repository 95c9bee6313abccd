"""What players read wrong, by kind of turn: the labelled sets' shown stories counted by the turn's outcome.

``python -m evals faithfulness_kinds [--dev 20-29] [--check 30-32]`` reads ``guard_real_model_heldoutN.jsonl`` (the
stories players read, ``shown`` with ``shown_label``) and prints, for each kind of turn (a hit, a weak hit, a miss,
the oracle's yes or no, Pay the Price, a table, a move with no roll), how many stories players read and how many carry
a fault. It then tries the policy "the model adds its sentence only to kinds whose rate on the development sets is at
most T" for a few T: a kind left out shows the engine's own story, counted as no fault (the engine's words are the
template the offline chat shows). It reports the shown faults and the share of turns still narrated by the model on
the development sets and on the check sets, the kinds chosen on the development sets only.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from assistant.narration_kinds import KINDS
from assistant.narration_kinds import turn_kind as kind_of

DATASETS = Path(__file__).resolve().parent / "datasets"


def turn_kind(facts: dict[str, Any]) -> str:
    """The kind of turn a labelled draft's facts tell (as the app chooses it: :func:`assistant.narration_kinds.turn_kind`)."""
    return kind_of(str(facts.get("task") or ""), [str(o) for o in facts.get("outcomes") or []])


def shown_rows(numbers: Iterable[int]) -> list[tuple[int, str, bool]]:
    """``(set, kind, fault)`` for every story players read in the given sets."""
    rows: list[tuple[int, str, bool]] = []
    for number in numbers:
        path = DATASETS / f"guard_real_model_heldout{number}.jsonl"
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            if not isinstance(item.get("shown"), str) or item.get("shown_label") not in ("ok", "fault"):
                continue
            rows.append((number, turn_kind(item.get("facts") or {}), item["shown_label"] == "fault"))
    return rows


def by_kind(rows: list[tuple[int, str, bool]]) -> dict[str, tuple[int, int]]:
    """``kind -> (faults, stories)``."""
    stories = Counter(kind for _, kind, _ in rows)
    faults = Counter(kind for _, kind, fault in rows if fault)
    return {kind: (faults[kind], stories[kind]) for kind in KINDS if stories[kind]}


def policy(rows: list[tuple[int, str, bool]], kinds: set[str]) -> tuple[int, int, int]:
    """``(faults shown, stories, stories the model still narrates)`` when only ``kinds`` get the model's sentence."""
    narrated = [fault for _, kind, fault in rows if kind in kinds]
    return sum(narrated), len(rows), len(narrated)


def _span(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals faithfulness_kinds", description=__doc__)
    parser.add_argument("--dev", default="20-29", help="sets the kinds are chosen on (e.g. 20-29)")
    parser.add_argument("--check", default="30-32", help="sets the choice is checked on")
    args = parser.parse_args(argv)
    dev, check = shown_rows(_span(args.dev)), shown_rows(_span(args.check))
    dev_kinds, check_kinds = by_kind(dev), by_kind(check)
    print(f"| kind | sets {args.dev}: faults / stories | sets {args.check} | all |")
    print("|---|---|---|---|")
    for kind in KINDS:
        d, c = dev_kinds.get(kind, (0, 0)), check_kinds.get(kind, (0, 0))
        if not d[1] and not c[1]:
            continue
        a = (d[0] + c[0], d[1] + c[1])
        print(f"| {kind} | {_rate(*d)} | {_rate(*c)} | {_rate(*a)} |")
    print()
    print("| model's sentence on kinds with dev rate ≤ | kinds | dev: faults / stories, narrated | check: the same |")
    print("|---|---|---|---|")
    for limit in (1.0, 0.15, 0.13, 0.11, 0.08, 0.0):
        kinds = {k for k, (f, n) in dev_kinds.items() if n and f / n <= limit}
        df, dn, dm = policy(dev, kinds)
        cf, cn, cm = policy(check, kinds)
        chosen = ", ".join(k for k in KINDS if k in kinds) or "none"
        print(f"| {limit:.0%} | {chosen} | {_rate(df, dn)}, {dm / max(dn, 1):.0%} | {_rate(cf, cn)}, {cm / max(cn, 1):.0%} |")
    return 0


def _rate(faults: int, stories: int) -> str:
    return f"{faults}/{stories} ({faults / stories:.1%})" if stories else "—"


if __name__ == "__main__":
    raise SystemExit(main())
