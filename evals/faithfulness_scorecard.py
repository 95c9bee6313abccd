"""The faithfulness eval's scorecard: rates, their 95 % intervals and timings over the rows of narrated turns that
:func:`evals.faithfulness_play.play` gives, and the scorecard in words."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any


def _percentile(values: list[float], q: float) -> float | None:
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
        "ttft_ms_p50": _percentile(ttft, 0.5),
        "ttft_ms_p95": _percentile(ttft, 0.95),
        "turn_ms_p50": _percentile(turn, 0.5),
        "turn_ms_p95": _percentile(turn, 0.95),
        "prompt_tokens_mean": round(statistics.mean(tokens), 1) if tokens else None,
        "prompt_tokens_p95": _percentile([float(t) for t in tokens], 0.95),
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
