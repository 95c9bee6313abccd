"""``python -m evals chat --llm URL``: scripted sessions against a real OpenAI-compatible endpoint.

Each script (``evals/datasets/chat_scripts.jsonl``) is ``{"id", "system", "seed", "turns": [...]}``; a turn is
what a player types (free text, a question, a ``/command``), or ``"#1"``..``"#3"`` to confirm that suggestion of
the previous turn. Every script plays in a fresh campaign in a temporary home (nothing touches yours).

Per turn it prints ``{"script", "turn", "input", "kind", "narrator", "rolls", "violations": [{kind, detail}],
"prompt_tokens", "ms"}``, then a summary on stderr: LLM narrations, retries, offline fallbacks, violations per
turn (by kind), and prompt tokens per turn (mean, p95). ``--offline`` runs the same scripts with the template
narrator (no endpoint), which is how the harness itself is tested.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DEFAULT_SCRIPTS = Path(__file__).parent / "datasets" / "chat_scripts.jsonl"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m evals chat", description=__doc__.split("\n\n")[0])
    p.add_argument("--llm", help="base URL of an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1")
    p.add_argument("--model", default=os.environ.get("TABLETOP_LLM_MODEL", "gpt-4o-mini"))
    p.add_argument("--api-key-env", default="TABLETOP_LLM_API_KEY", help="environment variable holding the key")
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--scripts", type=Path, default=DEFAULT_SCRIPTS)
    p.add_argument("--offline", action="store_true", help="use the template narrator instead of an endpoint")
    p.add_argument("--budget", type=int, default=1200, help="prompt token budget of the narrator")
    p.add_argument("--json-summary", action="store_true")
    return p


def load_scripts(path: Path) -> list[dict[str, Any]]:
    scripts = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                scripts.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise SystemExit(f"{path}:{n}: not valid JSON ({exc.msg})") from None
    return scripts


def _settings(home: Path, args: argparse.Namespace) -> Any:
    from assistant.config import LLMSettings, Secret, Settings

    key = os.environ.get(args.api_key_env) or None
    llm = LLMSettings(
        base_url=None if args.offline else args.llm, model=args.model, api_key=Secret(key) if key else None, timeout=args.timeout
    )
    return Settings(home=home, llm=llm)


def run_script(script: dict[str, Any], args: argparse.Namespace, home: Path) -> list[dict[str, Any]]:
    from assistant.chat.session import ChatSession
    from assistant.store import service

    name = str(script["id"])
    service.create_campaign(name, script.get("system", "starforged"), seed=int(script.get("seed", 1)))
    session = ChatSession.open(name, settings=_settings(home, args), budget_tokens=args.budget)
    rows: list[dict[str, Any]] = []
    suggestions: list[Any] = []
    for i, text in enumerate(script["turns"], 1):
        started = time.perf_counter()
        if isinstance(text, str) and text.startswith("#") and text[1:].isdigit():
            index = int(text[1:]) - 1
            turn = session.confirm(suggestions[index]) if 0 <= index < len(suggestions) else session.send(text)
        else:
            turn = session.send(str(text))
        ms = (time.perf_counter() - started) * 1000
        suggestions = list(turn.suggestions) if turn.suggestions and not turn.results else []
        plan_ms, planned = None, False
        if turn.refining:  # the offline suggestions were shown after `ms`; the LLM's plan comes after
            refined = session.refine()
            plan_ms = round((time.perf_counter() - started) * 1000, 1)
            planned = refined.narrator == "llm"
            suggestions = list(refined.suggestions) or suggestions
        rows.append(
            {
                "script": name,
                "turn": i,
                "input": text,
                "kind": turn.kind,
                "narrator": turn.narrator,
                "rolls": len(turn.results),
                "violations": [v.to_dict() for v in turn.violations],
                "prompt_tokens": turn.context_tokens,
                "ms": round(ms, 1),
                "plan_ms": plan_ms,
                "planned": planned,
                "error": turn.error,
            }
        )
    return rows


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    narrated = [r for r in rows if r["rolls"] and r["kind"] in {"action", "oracle"}]
    kinds = Counter(v["kind"] for r in rows for v in r["violations"])
    tokens = sorted(r["prompt_tokens"] for r in rows if r["prompt_tokens"])
    return {
        "turns": len(rows),
        "narrated_turns": len(narrated),
        "llm_first_try": sum(r["narrator"] == "llm" for r in narrated),
        "llm_after_retry": sum(r["narrator"] == "llm-retry" for r in narrated),
        "template_fallback": sum(r["narrator"] == "template-fallback" for r in narrated),
        "violations_per_narrated_turn": round(sum(kinds.values()) / len(narrated), 3) if narrated else 0.0,
        "violations_by_kind": dict(kinds),
        "prompt_tokens_mean": round(statistics.mean(tokens), 1) if tokens else None,
        "prompt_tokens_p95": tokens[min(len(tokens) - 1, int(0.95 * len(tokens)))] if tokens else None,
        "errors": sum(r["kind"] == "error" for r in rows),
    }


@contextmanager
def fresh_home(prefix: str) -> Iterator[Path]:
    """A temporary TABLETOP_HOME for the campaigns an eval plays; the stores are closed and the old home restored."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        previous = os.environ.get("TABLETOP_HOME")
        os.environ["TABLETOP_HOME"] = tmp
        try:
            yield Path(tmp)
        finally:
            from assistant.store.service import close_stores

            close_stores()
            if previous is None:
                os.environ.pop("TABLETOP_HOME", None)
            else:
                os.environ["TABLETOP_HOME"] = previous


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.offline and not args.llm:
        print("Give --llm URL (an OpenAI-compatible endpoint) or --offline.", file=sys.stderr)
        return 2
    scripts = load_scripts(args.scripts)
    rows: list[dict[str, Any]] = []
    with fresh_home("tabletop-chat-eval-") as home:
        for script in scripts:
            for row in run_script(script, args, home):
                print(json.dumps(row, ensure_ascii=False), flush=True)
                rows.append(row)
    summary = summarize(rows)
    if args.json_summary:
        print(json.dumps(summary), file=sys.stderr)
    else:
        for key, value in summary.items():
            print(f"{key}: {value}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
