"""Optional LLM re-ranking of the offline shortlist (prompt: ``assistant/prompts/rerank_moves.txt``).

The chat model is injected (any LangChain chat model; tests use the fake ones). Its answer is parsed as
JSON and validated: a move that is not in the shortlist is discarded, and a stat that the move does not
offer is dropped (the offline stat stays). Any error, timeout or empty answer returns None, which keeps
the offline order. The call runs at temperature 0 under the re-rank task's deadline and ``max_tokens``
(:mod:`assistant.llm_calls`).

The model only reorders the offline shortlist, and :func:`merge_order` keeps it honest: no move ends up
below one the offline ranker scored far lower (under :data:`FAR_RATIO` of its score), so the offline best
cannot be pushed under a poor fit, and a move the model left out is not dropped below every move it named.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from assistant.llm_calls import invoke_within, limits_for, limits_of
from assistant.prompts import load_prompt
from assistant.suggest.catalog import normalize_name

log = logging.getLogger(__name__)

PROMPT_NAME = "rerank_moves"
FAR_RATIO = 0.75
"""A move scored under this share of another's offline score is "far lower" and never goes above it."""


def describe_situation(context: Any) -> str:
    parts = []
    position = context.position or (context.character or {}).get("position")
    if position:
        parts.append(f"in a fight, {'in control' if position == 'in_control' else 'in a bad spot'}")
    elif context.in_combat:
        parts.append("in a fight")
    if context.scene_challenge:
        parts.append("during a scene challenge")
    if context.mode:
        parts.append("downtime" if context.mode == "downtime" else "free play")
    return "; ".join(parts) or "free play"


def describe_candidates(shortlist: list[Any]) -> str:
    lines = []
    for s in shortlist:
        move = s.move
        stats = "; ".join(f"+{'/+'.join(a.stats)}" + (f" ({a.when})" if a.when else "") for a in move.approaches) or "no stat"
        lines.append(f"- {move.name}: {move.trigger}. Stats: {stats}")
    return "\n".join(lines)


def build_prompt(text: str, context: Any, shortlist: list[Any]) -> str:
    return load_prompt(PROMPT_NAME).format(
        system=context.system,
        situation=describe_situation(context),
        text=text.replace('"', "'"),
        candidates=describe_candidates(shortlist),
    )


def _content(message: Any) -> str:
    content = getattr(message, "content", message)
    if isinstance(content, list):  # content blocks
        content = "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    return str(content)


def parse_answer(raw: str) -> list[dict[str, Any]]:
    """The ``moves`` list of the model's JSON answer (code fences and surrounding prose tolerated)."""
    text = raw.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.DOTALL)
    if fenced:
        text = fenced.group(1).strip()
    start = min((i for i in (text.find("{"), text.find("[")) if i >= 0), default=-1)
    if start < 0:
        raise ValueError("no JSON in the answer")
    data, _ = json.JSONDecoder().raw_decode(text[start:])
    items = data.get("moves") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ValueError("the answer has no 'moves' list")
    out = []
    for item in items:
        if isinstance(item, str):
            out.append({"move": item, "stat": None})
        elif isinstance(item, dict) and item.get("move"):
            out.append({"move": str(item["move"]), "stat": item.get("stat")})
    return out


def validate(items: list[dict[str, Any]], shortlist: list[Any]) -> list[tuple[str, str | None]]:
    """Keep only shortlisted moves (by any of their names) and stats they offer; drop repeats."""
    index: dict[str, Any] = {}
    for s in shortlist:
        for name in s.move.names():
            index.setdefault(name, s)
    order: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for item in items:
        scored = index.get(normalize_name(item["move"]))
        if scored is None:
            log.info("LLM re-rank named a move not in the shortlist: %r (discarded)", item["move"])
            continue
        if scored.move.key in seen:
            continue
        seen.add(scored.move.key)
        stat = item.get("stat")
        allowed = {st.lower() for a in scored.move.approaches for st in a.stats}
        stat = str(stat).strip().lower().lstrip("+") if stat else None
        if stat and stat not in allowed:
            log.info("LLM re-rank named stat %r for %s, which it does not offer (dropped)", stat, scored.move.name)
            stat = None
        order.append((scored.move.key, stat))
    return order


def rerank(
    llm: Any, text: str, context: Any, shortlist: list[Any], timeout: float | None = None
) -> list[tuple[str, str | None]] | None:
    """[(move key, stat or None)] in the model's order, or None to keep the offline order."""
    if not shortlist:
        return None
    prompt = build_prompt(text, context, shortlist)
    limits = limits_of(llm, "rerank") if timeout is None else limits_for("rerank", timeout)
    try:
        message = invoke_within(llm, prompt, limits)
        order = validate(parse_answer(_content(message)), shortlist)
    except TimeoutError:
        log.warning("LLM re-rank timed out after %.1fs; keeping the offline order", limits.total)
        return None
    except Exception as exc:  # noqa: BLE001 - any failure keeps the offline order
        from assistant.llm_errors import describe, url_from_of

        why = describe(exc, url_from_of(llm)).words  # from the error's kind and status, never its text (a key)
        log.warning("The language model could not re-rank the moves (%s); showing the offline order.", why)
        return None
    return order or None


def merge_order(head: list[Any], order: list[str]) -> list[Any]:
    """``head`` (offline scored moves, best first) in the model's ``order`` of move keys, the moves it left out
    after in their offline order, then each move raised above any just before it that scored far lower."""
    by_key = {s.move.key: s for s in head}
    preferred = [by_key[key] for key in order if key in by_key]
    preferred += [s for s in head if s not in preferred]
    merged: list[Any] = []
    for scored in preferred:
        at = len(merged)
        while at > 0 and merged[at - 1].score < FAR_RATIO * scored.score:
            at -= 1
        merged.insert(at, scored)
    return merged


def llm_from_settings(settings: Any = None) -> Any | None:
    """A chat model for the configured endpoint (temperature 0, no retries: a re-rank falls back fast), or None."""
    from assistant.llm import chat_model

    return chat_model(settings, task="rerank")
