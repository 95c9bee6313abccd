"""``python -m evals faithfulness --llm URL --model NAME`` (or ``--gguf MODEL.gguf``): how faithfully a model narrates.

With ``--gguf`` the model runs in this process by llama.cpp (the project's ``local`` extra) instead of behind an endpoint.

It plays the chat scripts (``evals/datasets/chat_scripts.jsonl``, all five systems; ``--scripts
evals/datasets/chat_scripts_heldout.jsonl`` plays seven others, whose drafts the guard is measured on and never tuned
on, ``chat_scripts_heldout2.jsonl`` seven newer ones, the source of held-out set 27, and ``chat_scripts_heldout3.jsonl``
seven more, the source of set 28) in fresh campaigns in a
temporary home, with the model as the narrator (suggestions and rules answers stay offline, so only narration is
measured), and records every draft the model wrote, rejected or shown, to a JSONL file (``--drafts``):
``{script, turn, input, attempt, task, moves, outcomes, text, violations, ttft_ms, ms, prompt_tokens, facts}``, and on
a turn's last draft ``shown``, the narration the player read (the engine's opening, the story kept, or the template);
``facts`` is what the narrator was given (see :mod:`evals.guard_facts`), so each line can be labelled and re-checked
on its own. ``--replay OLD.jsonl`` adds the facts to drafts recorded without them (the scripts are played offline
with the same seeds) and re-checks them with the current guard; no model is needed.

The scorecard (stdout, or ``--json``) gives per narrated turn: the first-draft violation rate overall and by
kind, the retry-fix rate (rejected first drafts whose retry was shown), the cut rate (drafts shown up to a fault
after their story), the fallback rate (turns that ended with the offline template), time to the first token and
to the full turn (p50/p95), and prompt tokens.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from evals.chat import DEFAULT_SCRIPTS, fresh_home, load_scripts
from evals.faithfulness_play import play, replay
from evals.faithfulness_scorecard import format_scorecard, scorecard


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m evals faithfulness", description=__doc__.split("\n\n")[0])
    p.add_argument("--llm", help="base URL of an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8091/v1")
    p.add_argument(
        "--gguf",
        type=Path,
        help="a local GGUF model file run in this process by llama.cpp (the project's 'local' extra) instead of --llm",
    )
    p.add_argument(
        "--replay", type=Path, help="a drafts JSONL recorded earlier: add each draft's facts, re-check it, write --drafts"
    )
    p.add_argument("--model", default=os.environ.get("TABLETOP_LLM_MODEL", "gpt-4o-mini"))
    p.add_argument("--api-key-env", default="TABLETOP_LLM_API_KEY", help="environment variable holding the key")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per narration call")
    p.add_argument("--budget", type=int, default=1200, help="prompt token budget of the narrator")
    p.add_argument("--max-tokens", type=int, default=300, help="longest draft asked of the model")
    p.add_argument("--scripts", type=Path, default=DEFAULT_SCRIPTS)
    p.add_argument(
        "--task",
        choices=("add", "rewrite"),
        default="add",
        help="add: a sentence after the engine's opening; rewrite: the opening's outcome sentence retold with a detail",
    )
    p.add_argument("--only", help="play only the scripts whose id contains this")
    p.add_argument("--drafts", type=Path, default=Path("faithfulness_drafts.jsonl"), help="JSONL of every draft")
    p.add_argument("--json", action="store_true", help="print the scorecard as JSON")
    p.add_argument(
        "--index-from",
        type=Path,
        help="a home whose prepared rules index to start from (what changed since is indexed again; saves minutes)",
    )
    return p


def _copy_index(source: Path | None, home: Path) -> None:
    """The rules index and caches `assistant prepare` built under ``source``, copied into the eval's fresh home."""
    if source is None:
        return
    for part in ("rules_index", "cache"):
        if (source / part).is_dir():
            shutil.copytree(source / part, home / part, dirs_exist_ok=True)


def _local_model_problem(path: Path) -> str:
    """Why the GGUF model at ``path`` cannot be run in this process ("" when it loads): the player-facing words of
    :func:`assistant.llm_local.load_llama`. Loading it here also keeps the load out of the first turn's timing."""
    from assistant.engine.errors import ConfigError
    from assistant.llm_local import load_llama

    try:
        load_llama(str(path))
    except ConfigError as exc:
        return f"--gguf: {exc}"
    return ""


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from assistant.config import LLMSettings, Secret, Settings
    from assistant.narrate import LLMNarrator, make_chat_model

    scripts = [s for s in load_scripts(args.scripts) if not args.only or args.only in str(s.get("id"))]
    if args.replay is not None:
        recorded = [json.loads(line) for line in args.replay.read_text(encoding="utf-8").splitlines() if line.strip()]
        with fresh_home("tabletop-faithfulness-") as home:
            rows = replay(recorded, scripts, home)
        with args.drafts.open("w", encoding="utf-8") as out:
            out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
        missing = sum(r["facts"] is None for r in rows)
        print(f"{len(rows)} drafts, {missing} without facts (their turn no longer replays the same): {args.drafts}")
        return 0
    if bool(args.llm) == bool(args.gguf):
        print(
            "Give either --llm URL (an OpenAI-compatible endpoint) or --gguf MODEL.gguf (a local model file), "
            "or --replay DRAFTS.jsonl.",
            file=sys.stderr,
        )
        return 2
    if args.gguf and (problem := _local_model_problem(args.gguf)):
        print(problem, file=sys.stderr)
        return 2
    key = os.environ.get(args.api_key_env) or None
    with fresh_home("tabletop-faithfulness-") as home:
        llm = LLMSettings(
            base_url=args.llm or None,
            gguf=str(args.gguf) if args.gguf else None,
            model=args.model if args.llm else args.gguf.stem,
            api_key=Secret(key) if key else None,
            timeout=args.timeout,
        )
        settings = Settings(home=home, llm=llm)

        def make_narrator() -> Any:
            model = make_chat_model(settings, streaming=True)
            if model is None:
                raise SystemExit("Could not build a chat model for that endpoint.")
            # a runaway draft must not stall the eval: the in-process model takes its cap as a field
            capped: Any = (
                model.model_copy(update={"max_tokens": args.max_tokens}) if args.gguf else model.bind(max_tokens=args.max_tokens)
            )
            return LLMNarrator(capped, budget_tokens=args.budget)

        from assistant.prepare import prepare

        # What the app has ready before its first click (its warm start reads what `assistant prepare` built): the
        # rules index and its sentences. Without it each system's first turn timed the index being built (17-53 s).
        _copy_index(args.index_from, home)
        prepare(moves=False)
        with args.drafts.open("w", encoding="utf-8") as out:
            rows = play(scripts, make_narrator, home, out, narration_task=args.task)
    card = scorecard(rows, args.timeout)
    print(json.dumps(card, indent=2) if args.json else format_scorecard(card))
    print(f"drafts: {args.drafts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
