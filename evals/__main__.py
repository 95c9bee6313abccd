"""Dispatch ``python -m evals <harness> [args]`` to ``evals.<harness>.main(args)``."""

from __future__ import annotations

import importlib
import sys

HARNESSES = {
    "retrieve": "evals.retrieve",
    "suggest": "evals.suggest",
    "guard": "evals.guard",
    "chat": "evals.chat",
    "screenshots": "evals.screenshots",
    "faithfulness": "evals.faithfulness",
    "planning": "evals.planning",
    "citations": "evals.citations",
    "fuzz": "evals.fuzz",
    "guard_probe": "evals.guard_probe",
    "faithfulness_kinds": "evals.faithfulness_kinds",
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help"} or args[0] not in HARNESSES:
        print("usage: python -m evals {" + ",".join(HARNESSES) + "} [options]", file=sys.stderr)
        return 0 if args and args[0] in {"-h", "--help"} else 2
    try:
        module = importlib.import_module(HARNESSES[args[0]])
    except ModuleNotFoundError:
        print(f"The '{args[0]}' harness is not available in this version.", file=sys.stderr)
        return 2
    return int(module.main(args[1:]) or 0)


if __name__ == "__main__":
    raise SystemExit(main())
