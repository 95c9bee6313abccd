"""``python -m evals faithfulness --llm URL --model NAME``: how faithfully a model narrates, turn by turn.

It plays the chat scripts (``evals/datasets/chat_scripts.jsonl``, all five systems) in fresh campaigns in a
temporary home, with the model as the narrator (suggestions and rules answers stay offline, so only narration
is measured), and records every draft the model wrote, rejected or shown, to a JSONL file (``--drafts``):
``{script, turn, input, attempt, task, moves, outcomes, text, violations, ttft_ms, ms, prompt_tokens}``.

The scorecard (stdout, or ``--json``) gives per narrated turn: the first-draft violation rate overall and by
kind, the retry-fix rate (rejected first drafts whose retry was shown), the fallback rate (turns that ended
with the offline template), time to the first token and to the full turn (p50/p95), and prompt tokens.
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from evals.chat import DEFAULT_SCRIPTS, load_scripts


class RecordingNarrator:
    """Wraps a narrator: keeps each draft's text, timing and prompt size (the guard decides what is shown)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "llm")
        self.drafts: list[dict[str, Any]] = []

    def begin_turn(self) -> None:
        """The draft and its retry share the turn's deadline, as in the app."""
        begin = getattr(self.inner, "begin_turn", None)
        if callable(begin):
            begin()

    @property
    def last_report(self) -> Any:
        return getattr(self.inner, "last_report", None)

    def stream(self, request: Any) -> Iterator[str]:
        draft: dict[str, Any] = {"request": request, "attempt": 2 if request.feedback else 1, "text": "", "ttft_ms": None}
        self.drafts.append(draft)
        started = time.perf_counter()
        try:
            for chunk in self.inner.stream(request):
                piece = chunk if isinstance(chunk, str) else str(getattr(chunk, "content", chunk))
                if piece and draft["ttft_ms"] is None:
                    draft["ttft_ms"] = round((time.perf_counter() - started) * 1000, 1)
                draft["text"] += piece
                yield chunk
        except Exception as exc:
            draft["error"] = f"{type(exc).__name__}: {exc}"
            raise
        finally:
            draft["ms"] = round((time.perf_counter() - started) * 1000, 1)
            report = self.last_report
            draft["prompt_tokens"] = getattr(report, "total", None)


def _violations(draft: dict[str, Any]) -> list[dict[str, str]]:
    from assistant.guard import check_narration, prepare, second_person_fix

    request = draft["request"]
    facts = prepare(list(request.results), system=request.system, quotable=[str(getattr(h, "text", "")) for h in request.rules])
    question = request.question or (request.player_text if request.task == "oracle" else "")
    found = check_narration(
        second_person_fix(draft["text"]),
        list(request.results),
        system=request.system,
        intent=request.player_text,
        facts=facts,
        question=question or None,
    )
    return [v.to_dict() | {"excerpt": v.excerpt} for v in found]


def play(
    scripts: list[dict[str, Any]], make_narrator: Callable[[], Any], home: Path, drafts_out: Any | None = None
) -> list[dict[str, Any]]:
    """Play every script; one row per narrated turn (the drafts are written to ``drafts_out`` as they come)."""
    from assistant import llm_backoff
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Settings
    from assistant.store import service

    rows: list[dict[str, Any]] = []
    for script in scripts:
        name = str(script["id"])
        service.create_campaign(name, script.get("system", "starforged"), seed=int(script.get("seed", 1)))
        recorder = RecordingNarrator(make_narrator())
        session = ChatSession.open(name, settings=Settings(home=home, llm=LLMSettings()), narrator=recorder)
        suggestions: list[Any] = []
        for number, text in enumerate(script["turns"], 1):
            llm_backoff.reset()  # the eval measures the model on every turn, not the app's back-off
            before = len(recorder.drafts)
            started = time.perf_counter()
            if isinstance(text, str) and text.startswith("#") and text[1:].isdigit():
                index = int(text[1:]) - 1
                turn = session.confirm(suggestions[index]) if 0 <= index < len(suggestions) else session.send(text)
            else:
                turn = session.send(str(text))
            turn_ms = round((time.perf_counter() - started) * 1000, 1)
            suggestions = list(turn.suggestions) if turn.suggestions and not turn.results else []
            drafts = recorder.drafts[before:]
            if not drafts:
                continue
            records = []
            for draft in drafts:
                request = draft["request"]
                record = {
                    "script": name, "turn": number, "input": text, "attempt": draft["attempt"], "task": request.task,
                    "moves": [r.move for r in request.results], "outcomes": [r.outcome for r in request.results],
                    "text": draft["text"], "error": draft.get("error"), "violations": _violations(draft),
                    "ttft_ms": draft["ttft_ms"], "ms": draft["ms"], "prompt_tokens": draft["prompt_tokens"],
                }  # fmt: skip
                records.append(record)
                if drafts_out is not None:
                    drafts_out.write(json.dumps(record, ensure_ascii=False) + "\n")
                    drafts_out.flush()
            first = records[0]
            row = {
                "script": name,
                "turn": number,
                "narrator": turn.narrator,
                "turn_ms": turn_ms,
                "first_violations": [v["kind"] for v in first["violations"]],
                "first_error": first["error"],
                "errors": [r["error"] for r in records if r["error"]],
                "ttft_ms": first["ttft_ms"],
                "prompt_tokens": first["prompt_tokens"],
                "drafts": len(records),
            }  # fmt: skip
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), file=sys.stderr, flush=True)
    return rows


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _fallback_cause(row: dict[str, Any]) -> str:
    """Why a turn fell back: a draft timed out, failed otherwise, or every draft broke the rules."""
    errors = " ".join(row.get("errors") or ([row["first_error"]] if row.get("first_error") else []))
    if "timeout" in errors.lower() or "did not" in errors.lower():
        return "timeout"
    return "error" if errors else "guard"


def scorecard(rows: list[dict[str, Any]], timeout: float | None = None) -> dict[str, Any]:
    n = len(rows)
    rejected = [r for r in rows if r["first_violations"]]
    kinds = Counter(k for r in rows for k in set(r["first_violations"]))
    fallbacks = [r for r in rows if r["narrator"] == "template-fallback"]
    ttft = [r["ttft_ms"] for r in rows if r["ttft_ms"] is not None]
    turn = [r["turn_ms"] for r in rows]
    tokens = [r["prompt_tokens"] for r in rows if r["prompt_tokens"]]

    def rate(a: int, b: int) -> float | None:
        return round(a / b, 3) if b else None

    return {
        "narrated_turns": n,
        "first_draft_violation_rate": rate(len(rejected), n),
        "first_draft_violations_by_kind": {k: rate(v, n) for k, v in sorted(kinds.items())},
        "first_draft_errors": sum(bool(r["first_error"]) for r in rows),
        "retry_fix_rate": rate(sum(r["narrator"] == "llm-retry" for r in rejected), len(rejected)),
        "fallback_rate": rate(len(fallbacks), n),
        "fallback_by_cause": {k: rate(v, n) for k, v in sorted(Counter(_fallback_cause(r) for r in fallbacks).items())},
        "turns_over_deadline": None if timeout is None else sum(r["turn_ms"] > (timeout + 2) * 1000 for r in rows),
        "ttft_ms_p50": _pct(ttft, 0.5),
        "ttft_ms_p95": _pct(ttft, 0.95),
        "turn_ms_p50": _pct(turn, 0.5),
        "turn_ms_p95": _pct(turn, 0.95),
        "prompt_tokens_mean": round(statistics.mean(tokens), 1) if tokens else None,
        "prompt_tokens_p95": _pct([float(t) for t in tokens], 0.95),
    }


def format_scorecard(card: dict[str, Any]) -> str:
    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    by_kind = ", ".join(f"{k} {pct(v)}" for k, v in card["first_draft_violations_by_kind"].items()) or "none"
    return "\n".join(
        [
            f"narrated turns: {card['narrated_turns']}",
            f"first-draft violation rate: {pct(card['first_draft_violation_rate'])} (by kind: {by_kind}); "
            f"first drafts that failed outright: {card['first_draft_errors']}",
            f"retry-fix rate: {pct(card['retry_fix_rate'])}; template fallback rate: {pct(card['fallback_rate'])} "
            f"(by cause: {', '.join(f'{k} {pct(v)}' for k, v in card.get('fallback_by_cause', {}).items()) or 'none'}); "
            f"turns over their deadline + 2 s: {card.get('turns_over_deadline', 'n/a')}",
            f"time to first token p50/p95: {card['ttft_ms_p50']} / {card['ttft_ms_p95']} ms; "
            f"full turn p50/p95: {card['turn_ms_p50']} / {card['turn_ms_p95']} ms",
            f"prompt tokens per turn: mean {card['prompt_tokens_mean']}, p95 {card['prompt_tokens_p95']}",
        ]
    )


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m evals faithfulness", description=__doc__.split("\n\n")[0])
    p.add_argument("--llm", required=True, help="base URL of an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8091/v1")
    p.add_argument("--model", default=os.environ.get("TABLETOP_LLM_MODEL", "gpt-4o-mini"))
    p.add_argument("--api-key-env", default="TABLETOP_LLM_API_KEY", help="environment variable holding the key")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per narration call")
    p.add_argument("--budget", type=int, default=1200, help="prompt token budget of the narrator")
    p.add_argument("--max-tokens", type=int, default=300, help="longest draft asked of the model")
    p.add_argument("--scripts", type=Path, default=DEFAULT_SCRIPTS)
    p.add_argument("--only", help="play only the scripts whose id contains this")
    p.add_argument("--drafts", type=Path, default=Path("faithfulness_drafts.jsonl"), help="JSONL of every draft")
    p.add_argument("--json", action="store_true", help="print the scorecard as JSON")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from assistant.config import LLMSettings, Secret, Settings
    from assistant.narrate import LLMNarrator, make_chat_model

    scripts = [s for s in load_scripts(args.scripts) if not args.only or args.only in str(s.get("id"))]
    key = os.environ.get(args.api_key_env) or None
    with tempfile.TemporaryDirectory(prefix="tabletop-faithfulness-") as tmp:
        llm = LLMSettings(base_url=args.llm, model=args.model, api_key=Secret(key) if key else None, timeout=args.timeout)
        settings = Settings(home=Path(tmp), llm=llm)

        def make_narrator() -> Any:
            model = make_chat_model(settings, streaming=True)
            if model is None:
                raise SystemExit("Could not build a chat model for that endpoint.")
            capped: Any = model.bind(max_tokens=args.max_tokens)  # a runaway draft must not stall the eval
            return LLMNarrator(capped, budget_tokens=args.budget)

        previous = os.environ.get("TABLETOP_HOME")
        os.environ["TABLETOP_HOME"] = tmp
        try:
            with args.drafts.open("w", encoding="utf-8") as out:
                rows = play(scripts, make_narrator, Path(tmp), out)
        finally:
            from assistant.store.service import close_stores

            close_stores()
            if previous is None:
                os.environ.pop("TABLETOP_HOME", None)
            else:
                os.environ["TABLETOP_HOME"] = previous
    card = scorecard(rows, args.timeout)
    print(json.dumps(card, indent=2) if args.json else format_scorecard(card))
    print(f"drafts: {args.drafts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
