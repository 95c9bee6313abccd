"""``python -m evals faithfulness --llm URL --model NAME`` (or ``--gguf MODEL.gguf``): how faithfully a model narrates.

With ``--gguf`` the model runs in this process by llama.cpp (the project's ``local`` extra) instead of behind an endpoint.

It plays the chat scripts (``evals/datasets/chat_scripts.jsonl``, all five systems) in fresh campaigns in a
temporary home, with the model as the narrator (suggestions and rules answers stay offline, so only narration
is measured), and records every draft the model wrote, rejected or shown, to a JSONL file (``--drafts``):
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
import io
import json
import os
import shutil
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from evals.chat import DEFAULT_SCRIPTS, fresh_home, load_scripts
from evals.guard_facts import facts_record


class RecordingNarrator:
    """Wraps a narrator: keeps each draft's text, timing and prompt size (the guard decides what is shown)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "llm")
        self.drafts: list[dict[str, Any]] = []
        self._turn_drafts = 0

    def begin_turn(self, started: float | None = None) -> None:
        """The draft and its retries share the turn's deadline, as in the app."""
        self._turn_drafts = 0
        begin = getattr(self.inner, "begin_turn", None)
        if callable(begin):
            begin(started)

    @property
    def turn_until(self) -> float | None:
        """The inner narrator's deadline for the turn: the chat asks for a last draft only when it leaves time, and
        must see the same deadline through this wrapper as without it."""
        until = getattr(self.inner, "turn_until", None)
        return until if isinstance(until, (int, float)) else None

    @property
    def last_report(self) -> Any:
        return getattr(self.inner, "last_report", None)

    def stream(self, request: Any) -> Iterator[str]:
        self._turn_drafts += 1
        draft: dict[str, Any] = {"request": request, "attempt": self._turn_drafts, "text": "", "ttft_ms": None}
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
            draft["raw"] = getattr(exc, "raw", "")  # what a draft stopped before its first sentence began with
            raise
        finally:
            draft["ms"] = round((time.perf_counter() - started) * 1000, 1)
            report = self.last_report
            draft["prompt_tokens"] = getattr(report, "total", None)


def _violations(draft: dict[str, Any], facts: dict[str, Any]) -> list[dict[str, str]]:
    from evals.guard_facts import check_facts

    return [v.to_dict() | {"excerpt": v.excerpt} for v in check_facts(draft["text"], facts)]


def play(
    scripts: list[dict[str, Any]],
    make_narrator: Callable[[], Any],
    home: Path,
    drafts_out: Any | None = None,
    pick: Callable[[str, int, list[Any]], int | None] | None = None,
) -> list[dict[str, Any]]:
    """Play every script; one row per narrated turn (the drafts are written to ``drafts_out`` as they come).
    ``pick(script, turn, suggestions)`` may choose which suggestion a ``#N`` turn confirms (None: the N-th)."""
    from assistant import llm_backoff
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Settings
    from assistant.store import service

    rows: list[dict[str, Any]] = []
    _warm_up(home)
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
                chosen = pick(name, number, suggestions) if pick is not None else None
                index = index if chosen is None else chosen
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
                facts = facts_record(request)
                record = {
                    "script": name, "turn": number, "input": text, "attempt": draft["attempt"], "task": request.task,
                    "moves": [r.move for r in request.results], "outcomes": [r.outcome for r in request.results],
                    "text": draft["text"], "error": draft.get("error"), "violations": _violations(draft, facts),
                    "ttft_ms": draft["ttft_ms"], "ms": draft["ms"], "prompt_tokens": draft["prompt_tokens"], "facts": facts,
                }  # fmt: skip
                if draft.get("raw"):
                    record["raw"] = draft["raw"]
                records.append(record)
            records[-1]["shown"] = turn.narration  # what the player read: the engine's opening, the story, the cuts
            if drafts_out is not None:
                for record in records:
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
                # the shown draft broke a rule after its story and was cut there (assistant.chat.narration)
                "cut": turn.narrator != "template-fallback" and bool(records[-1]["violations"] or records[-1]["error"]),
                # the turn's deadline came after some story: it stands, ending at its last full sentence
                "deadline_cut": turn.narrator != "template-fallback" and "timeout" in (records[-1]["error"] or ""),
                # the player read the engine's opening alone: the model's story added nothing to it
                "opening_only": turn.narrator != "template-fallback" and _opening_only(turn.narration, first["facts"]),
            }  # fmt: skip
            rows.append(row)
            print(json.dumps(row, ensure_ascii=False), file=sys.stderr, flush=True)
    return rows


def _opening_only(shown: str, facts: dict[str, Any]) -> bool:
    """Whether the story shown is the engine's opening (its attempt and outcome, an answer, a row) and nothing more."""
    opening = " ".join(str(facts.get("opening") or "").split())
    return bool(opening) and " ".join(shown.split()) == opening


def _warm_up(home: Path) -> None:
    """One offline turn before the timed ones: the embedder, the index and the rulesets load as the app's warm start
    loads them, so the first scripted turn times the model, not the process starting."""
    from assistant.chat.session import ChatSession
    from assistant.config import LLMSettings, Settings
    from assistant.narrate import TemplateNarrator
    from assistant.store import service

    service.create_campaign("faithfulness-warm-up", "starforged", seed=1)
    session = ChatSession.open(
        "faithfulness-warm-up", settings=Settings(home=home, llm=LLMSettings()), narrator=TemplateNarrator()
    )
    turn = session.send("I creep along the corridor")
    if turn.suggestions:
        session.confirm(turn.suggestions[0])


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


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float] | None:
    """The 95 % Wilson interval of a rate of ``k`` in ``n``: on 26 turns one run's rate is only a rough figure
    (a true 25 % reads anywhere from about 11 to 45 %), so the scorecard says how rough."""
    if not n:
        return None
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)


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
        "first_draft_violation_ci95": wilson(len(rejected), n),
        "fallback_ci95": wilson(len(fallbacks), n),
        "first_draft_violations_by_kind": {k: rate(v, n) for k, v in sorted(kinds.items())},
        "first_draft_errors": sum(bool(r["first_error"]) for r in rows),
        "retry_fix_rate": rate(sum(r["narrator"] == "llm-retry" for r in rejected), len(rejected)),
        "cut_rate": rate(sum(bool(r.get("cut")) for r in rows), n),
        "deadline_cut_rate": rate(sum(bool(r.get("deadline_cut")) for r in rows), n),
        "opening_only_rate": rate(sum(bool(r.get("opening_only")) for r in rows), n),
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


def _interval(ci: Any) -> str:
    return "n/a" if not ci else f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}%"


def format_scorecard(card: dict[str, Any]) -> str:
    def pct(x: float | None) -> str:
        return "n/a" if x is None else f"{100 * x:.1f}%"

    by_kind = ", ".join(f"{k} {pct(v)}" for k, v in card["first_draft_violations_by_kind"].items()) or "none"
    return "\n".join(
        [
            f"narrated turns: {card['narrated_turns']}",
            f"first-draft violation rate: {pct(card['first_draft_violation_rate'])} "
            f"(95% interval {_interval(card.get('first_draft_violation_ci95'))}; by kind: {by_kind}); "
            f"first drafts that failed outright: {card['first_draft_errors']}",
            f"retry-fix rate: {pct(card['retry_fix_rate'])}; shown cut before a fault: {pct(card.get('cut_rate'))} "
            f"(at the turn's deadline: {pct(card.get('deadline_cut_rate'))}); "
            f"template fallback rate: {pct(card['fallback_rate'])} (95% interval {_interval(card.get('fallback_ci95'))}) "
            f"(by cause: {', '.join(f'{k} {pct(v)}' for k, v in card.get('fallback_by_cause', {}).items()) or 'none'}); "
            f"turns over their deadline + 2 s: {card.get('turns_over_deadline', 'n/a')}",
            f"stories that are the engine's opening alone (the model added nothing): {pct(card.get('opening_only_rate'))}",
            f"time to first token p50/p95: {card['ttft_ms_p50']} / {card['ttft_ms_p95']} ms; "
            f"full turn p50/p95: {card['turn_ms_p50']} / {card['turn_ms_p95']} ms",
            f"prompt tokens per turn: mean {card['prompt_tokens_mean']}, p95 {card['prompt_tokens_p95']}",
        ]
    )


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


def replay(drafts: list[dict[str, Any]], scripts: list[dict[str, Any]], home: Path) -> list[dict[str, Any]]:
    """Drafts recorded before their lines carried facts, with the facts added and the current guard's violations.

    The scripts are played offline with the same seeds (suggestions were offline in the recorded run too), so each
    turn's Results are the ones the model narrated. A draft whose moves or outcomes differ from the replay (the
    scripts or the engine changed since) gets ``"facts": null`` and keeps its recorded violations."""
    from assistant.narrate.template import TemplateNarrator

    recorded_moves: dict[tuple[Any, Any], Any] = {}
    for d in drafts:
        recorded_moves.setdefault((d.get("script"), d.get("turn")), d.get("moves"))

    def pick(script: str, turn: int, suggestions: list[Any]) -> int | None:
        moves = recorded_moves.get((script, turn)) or []
        names = [getattr(s, "move", None) for s in suggestions]
        return names.index(moves[0]) if moves and moves[0] in names else None

    buffer = io.StringIO()
    play(scripts, TemplateNarrator, home, buffer, pick)
    by_turn: dict[tuple[Any, Any], dict[str, Any]] = {}
    for line in buffer.getvalue().splitlines():
        record = json.loads(line)
        by_turn.setdefault((record["script"], record["turn"]), record)
    out: list[dict[str, Any]] = []
    for draft in drafts:
        found = by_turn.get((draft.get("script"), draft.get("turn")))
        same = found is not None and found["moves"] == draft.get("moves") and found["outcomes"] == draft.get("outcomes")
        row = dict(draft)
        row["facts"] = found["facts"] if same and found else None
        if row["facts"] is not None:
            row["violations"] = _violations(row, row["facts"])
        out.append(row)
    return out


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
            rows = play(scripts, make_narrator, home, out)
    card = scorecard(rows, args.timeout)
    print(json.dumps(card, indent=2) if args.json else format_scorecard(card))
    print(f"drafts: {args.drafts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
