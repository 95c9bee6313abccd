"""Fuzzing every door: ``python -m evals fuzz [--cases N] [--door NAME ...] [--seed S] [--json FILE]``.

Each door gets ``--cases`` generated inputs (default: ``TABLETOP_FUZZ_CASES``, else 200) from
:mod:`evals.fuzz_cases`, one door after another, and a line of counts: cases, accepted, our errors (a refusal
in words) and crashes. A crash is anything else: an exception that is not ours, an internal error shown to the
player ("Something went wrong on our side"), a traceback in the output, a batch that lost lines or printed text
that is not JSON, an error that still changed the campaign or the index, or an import that was accepted but does
not replay. The first few crashes are printed with their input. Exit status 1 when any door crashed.

Doors:

* ``resolve``: the Python API (``assistant.engine.resolve``) with requests from all five systems' data and
  malformed ones; a result must encode as JSON and the request must come back untouched.
* ``batch``: ``assistant resolve --batch FILE`` (through the CLI) with one to four lines of JSON bytes each: real
  requests, truncated ones, and the known killers (deep nesting, huge numbers, lone surrogates, NaN, line
  separators, bytes that are not UTF-8). One output line per input line, each JSON.
* ``chat``: hostile messages and slash-commands, confirming the top suggestion and answering questions, on a
  campaign of each of the five systems; an error changes no mechanics.
* ``journal``: our own exports (both formats, all five systems) with numbers changed, lines deleted, doubled,
  swapped or added, or cut short, given to ``service.import_journal``; accepted means it replays.
* ``campaign-import``: ``assistant campaign import FILE --json`` with those journals as bytes in other encodings
  or with junk bytes, random bytes, and special files (symlink, pipe, folder, missing, oversized).
* ``ingest``: homebrew rules documents (headings, triggers, tables, NUL, lone surrogates, huge lines, files that
  are not UTF-8 and the special files) given to ``rules_index.homebrew.ingest`` under any system name.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings

from evals.fuzz_doors import DOORS, Crash

DEFAULT_CASES = 200
EXAMPLES_KEPT = 5


def default_cases(fallback: int = DEFAULT_CASES) -> int:
    """Cases per door: ``TABLETOP_FUZZ_CASES`` when set, else ``fallback`` (the tests keep a small one for CI)."""
    raw = os.environ.get("TABLETOP_FUZZ_CASES", "").strip()
    return int(raw) if raw.isdigit() and int(raw) > 0 else fallback


@dataclass
class Tally:
    """The counts of one door."""

    door: str
    cases: int = 0
    accepted: int = 0
    ours: int = 0
    crashes: int = 0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"{self.door:<16} cases {self.cases:>6}  accepted {self.accepted:>6}  our errors {self.ours:>6}  "
            f"crashes {self.crashes:>3}  ({self.seconds:.0f} s)"
        )


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} chars)"


# ---- the runner ------------------------------------------------------------------------------------------------------


@contextmanager
def _workspace() -> Iterator[Path]:
    """A temporary data directory for one door (the store and the index live there; restored afterwards)."""
    from assistant.store import service

    old = os.environ.get("TABLETOP_HOME")
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        work = Path(tmp)
        os.environ["TABLETOP_HOME"] = str(work / "home")
        try:
            yield work
        finally:
            service.close_stores()
            if old is None:
                os.environ.pop("TABLETOP_HOME", None)
            else:
                os.environ["TABLETOP_HOME"] = old


def run_door(name: str, cases: int, seed_value: int = 0) -> Tally:
    """Run ``cases`` generated inputs through door ``name``; the counts."""
    from assistant.engine.errors import AssistantError, ConfigError, InternalError

    tally = Tally(name)
    started = time.perf_counter()
    os.environ.setdefault("TABLETOP_EMBEDDER", "hash")
    with _workspace() as work, DOORS[name](work) as (strategy, run):

        @seed(seed_value)
        @settings(
            max_examples=cases,
            deadline=None,
            database=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(strategy)
        def case(value: Any) -> None:
            tally.cases += 1
            try:
                accepted = run(value)
            except (InternalError, ConfigError) as exc:
                problem: str = f"{type(exc).__name__}: {exc.message}"
            except AssistantError:
                tally.ours += 1
                return
            except Crash as exc:
                problem = str(exc)
            except Exception as exc:  # noqa: BLE001 - every foreign exception is a finding
                problem = f"{type(exc).__name__}: {exc}"
            else:
                tally.accepted += int(accepted)
                tally.ours += int(not accepted)
                return
            tally.crashes += 1
            if len(tally.examples) < EXAMPLES_KEPT:
                tally.examples.append(f"{problem[:400]}\n    input: {_short(value)}")

        case()
    tally.seconds = time.perf_counter() - started
    return tally


def main(argv: list[str]) -> int:
    """Entry point used by ``python -m evals fuzz``."""
    parser = argparse.ArgumentParser(prog="python -m evals fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=None, help="cases per door (default: TABLETOP_FUZZ_CASES or 200)")
    parser.add_argument("--door", action="append", choices=sorted(DOORS), help="only this door (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the counts (and crash examples) to FILE as JSON")
    args = parser.parse_args(argv)
    cases = args.cases or default_cases()
    tallies = []
    for name in args.door or list(DOORS):
        tally = run_door(name, cases, args.seed)
        tallies.append(tally)
        print(tally.line(), flush=True)
        for example in tally.examples:
            print(f"  crash: {example}", flush=True)
    if args.json:
        args.json.write_text(json.dumps([asdict(t) for t in tallies], indent=2, ensure_ascii=False), encoding="utf-8")
    return 1 if any(t.crashes for t in tallies) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
