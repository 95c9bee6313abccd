"""Ask the language model which tools a player's message calls for, and keep only valid calls.

    plan = plan_turn(chat_model, player_text="I dash for the airlock", system="starforged", state=state,
                     suggestions=suggest(text, context))
    for action in plan.actions:          # checked ToolActions; nothing has been applied
        apply_action(campaign, action)

The model sees the prompt ``assistant/prompts/plan_turn.txt`` (the system, the active character, the campaign's
tracks and the offline suggestions with their exact odds) and the tools of :mod:`assistant.chat.tools`.
Every call it makes is checked; if any is rejected, the errors go back to it once as tool messages and
it may correct them. An endpoint that returns no ``tool_calls`` plans with the JSON protocol instead
(``mode="json"``, :mod:`assistant.chat.plan_json`; one attempt). Both attempts share one deadline, the
player's timeout, and each call has the planning task's ``max_tokens`` (:mod:`assistant.llm_calls`).
Planning never changes the game. Any failure of the model itself (timeout, rate limit, connection, HTTP
error, unreadable response) raises :class:`PlanFailed`, whose message never contains the API key, so the
caller can fall back to the offline suggestions.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from assistant.chat.plan_json import PlanJSONError, instructions, parse_calls
from assistant.chat.tools import ToolAction, ToolCallError, langchain_tools, validate_tool_call
from assistant.engine import get_ruleset
from assistant.engine.tracks import MAX_TICKS, Rank
from assistant.errors import AssistantError
from assistant.llm_calls import CallCancelled, invoke_within, limits_of
from assistant.llm_errors import describe, scrub, secrets_of, url_from_of
from assistant.prompts import load_prompt
from assistant.store.state import CampaignState
from assistant.suggest import Suggestion

log = logging.getLogger(__name__)

PROMPT_NAME = "plan_turn"
MAX_ACTIONS = 4
"""Tool calls accepted per turn (limits what one message can make the engine do)."""
MAX_HISTORY = 12
MAX_PLAYER_TEXT = 4000
MAX_SUGGESTIONS = 5


class PlanFailed(AssistantError):
    """The language model could not plan this turn; fall back to the offline suggestions."""

    kind = "llm_unavailable"

    def __init__(self, message: str, reason: str = "error", retry_after: float | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        """``timeout``, ``rate_limit``, ``connection``, ``auth``, ``http_error``, ``bad_response`` or ``error``."""
        self.retry_after = retry_after
        """Seconds the endpoint asked to wait (HTTP 429 ``Retry-After``), when it said."""


@dataclass
class Plan:
    actions: list[ToolAction]
    """The valid tool calls, in the order the model made them (none applied yet)."""
    rejected: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    """Every rejected call (``{"name", "args", "id"}``) with the reason, over both attempts."""
    text: str = ""
    """What the model wrote besides its tool calls (its last answer)."""
    prompt_tokens: int = 0
    """Tokens sent (messages and tool schemas, cl100k_base), summed over the attempts."""
    attempts: int = 1
    mode: str = "tools"
    """``tools`` (native tool calls) or ``json`` (the JSON protocol)."""
    unusable: bool = False
    """The model's answer held no plan in the JSON protocol (``json`` mode only)."""


# ---- the prompt ----------------------------------------------------------------------------------


def describe_character(system: str, state: CampaignState | None) -> str:
    sheet = state.active() if state is not None else None
    if not sheet:
        return "(no character in play)"
    ruleset = get_ruleset(system)
    lines = [str(sheet.get("name") or (state.active_character if state else "") or "(unnamed)")]
    stats = sheet.get("stats") or {}
    if stats:
        lines.append("stats: " + ", ".join(f"{k} {v}" for k, v in stats.items()))
    meters = [f"{name} {sheet.get(name, spec.default)} ({spec.min}..{spec.max})" for name, spec in ruleset.sheet.meters.items()]
    if meters:
        lines.append("meters: " + ", ".join(meters))
    if sheet.get("impacts"):
        lines.append("impacts: " + ", ".join(sheet["impacts"]))
    if sheet.get("position"):
        lines.append(f"position: {sheet['position']}")
    return "\n".join(lines)


def describe_tracks(state: CampaignState | None) -> str:
    lines = []
    for tid, track in (state.tracks if state is not None else {}).items():
        if track.get("status") in ("completed", "forsaken", "abandoned"):
            continue
        ticks = int(track.get("ticks", 0))
        try:
            per_mark = f"; marking progress adds {Rank.parse(track.get('rank', 'formidable')).ticks_per_mark} ticks"
        except AssistantError:
            per_mark = ""
        lines.append(
            f"- {track.get('name') or tid} ({track.get('kind', 'vow')}, {track.get('rank')}): "
            f"{ticks // 4} boxes ({ticks}/{MAX_TICKS} ticks){per_mark}"
        )
    return "\n".join(lines) or "(none)"


def describe_suggestions(suggestions: Sequence[Suggestion]) -> str:
    lines = []
    for s in list(suggestions)[:MAX_SUGGESTIONS]:
        stat = f" +{s.stat}" + (f" ({s.stat_value})" if s.stat_value is not None else "") if s.stat else ""
        odds = ""
        outcomes = (s.odds or {}).get("outcomes") if isinstance(s.odds, dict) else None
        if isinstance(outcomes, dict) and outcomes:
            odds = ": " + ", ".join(f"{k.replace('_', ' ')} {v}%" for k, v in outcomes.items())
        lines.append(f"- {s.move}{stat}{odds} — {s.why}")
    return "\n".join(lines) or "(none)"


PLAYER_SAYS = "The player's message:"


def build_messages(
    *,
    player_text: str,
    system: str,
    state: CampaignState | None,
    suggestions: Sequence[Suggestion],
    history: Sequence[tuple[str, str]],
) -> list[Any]:
    """The messages of the first attempt: the filled prompt, recent history, the player's message."""
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

    from assistant.inputs import quote_data

    ruleset = get_ruleset(system)
    prompt = load_prompt(PROMPT_NAME).format(
        system=ruleset.system_id, system_title=ruleset.title or ruleset.system_id, max_actions=MAX_ACTIONS
    )
    messages: list[Any] = [SystemMessage(prompt)]
    for role, text in list(history)[-MAX_HISTORY:]:
        human = role.lower() in ("user", "player", "human")
        messages.append(HumanMessage(text) if human else AIMessage(text))
    data = [  # the sheet, track names and moves are data in the player's turn, never instructions (quoted)
        f"The character:\n{quote_data(describe_character(ruleset.system_id, state))}",
        f"Active progress tracks:\n{quote_data(describe_tracks(state))}",
        f"Moves that may fit:\n{quote_data(describe_suggestions(suggestions))}",
    ]
    messages.append(HumanMessage("\n\n".join([*data, f"{PLAYER_SAYS}\n{player_text[:MAX_PLAYER_TEXT]}"])))
    return messages


# ---- the model -----------------------------------------------------------------------------------


def _content(message: Any) -> str:
    content = getattr(message, "content", "")
    if isinstance(content, list):
        content = "".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return str(content or "")


def _count(messages: list[Any], tools: list[Any]) -> int:
    from rules_index.tokens import count_tokens

    text = "\n".join(_content(m) for m in messages)
    calls = [json.dumps(getattr(m, "tool_calls", []) or [], default=str) for m in messages]
    return count_tokens(text + "\n".join(calls) + json.dumps(tools, default=str))


def redact(text: str, secrets: Sequence[str] = ()) -> str:
    """``text`` without the given secrets, ``sk-...`` keys or bearer tokens."""
    return scrub(text, secrets)


_REASONS = {"not_found": "http_error", "runaway": "bad_response"}


def describe_failure(exc: BaseException, url_from: str | None = None) -> PlanFailed:
    """A :class:`PlanFailed` for a model exception, built from its type and status only (never its text,
    which may quote the request)."""
    failure = describe(exc, url_from)
    words = failure.words[0].upper() + failure.words[1:]
    reason = _REASONS.get(failure.reason, failure.reason)
    return PlanFailed(f"{words}; using the offline suggestions instead.", reason, failure.retry_after)


def _invoke(runnable: Any, messages: list[Any], chat_model: Any, until: float, cancel: threading.Event | None = None) -> Any:
    try:
        return invoke_within(runnable, messages, limits_of(chat_model, "plan"), until=until, cancel=cancel)
    except CallCancelled:
        raise
    except Exception as exc:  # noqa: BLE001 - any model failure means: fall back offline
        failure = describe_failure(exc, url_from_of(chat_model))
        failure.message = scrub(failure.message, secrets_of(chat_model))
        log.warning("Planning with the language model failed (%s): %s", failure.reason, failure.message)
        raise failure from None


# ---- the plan ------------------------------------------------------------------------------------


def _calls(message: Any) -> list[tuple[dict[str, Any], object]]:
    """Every tool call of an AI message as (record, raw args); malformed ones keep their raw text."""
    out: list[tuple[dict[str, Any], object]] = []
    for i, call in enumerate(getattr(message, "tool_calls", None) or []):
        out.append(({"name": call.get("name"), "args": call.get("args"), "id": call.get("id") or f"call_{i}"}, call.get("args")))
    for j, call in enumerate(getattr(message, "invalid_tool_calls", None) or []):
        raw = call.get("args")
        out.append(
            ({"name": call.get("name"), "args": raw, "id": call.get("id") or f"invalid_{j}"}, raw if raw is not None else "")
        )
    return out


def _key(action: ToolAction) -> str:
    return json.dumps([action.tool, action.args], sort_keys=True, default=str)


def plan_turn(
    chat_model: Any,
    *,
    player_text: str,
    system: str,
    state: CampaignState | None,
    suggestions: Sequence[Suggestion] = (),
    history: Sequence[tuple[str, str]] = (),
    mode: str = "tools",
    until: float | None = None,
    cancel: threading.Event | None = None,
) -> Plan:
    """The checked tool calls the model proposes for ``player_text`` (see the module docstring). ``until``: the
    monotonic time by which planning must be done (default: the player's timeout from now); ``cancel``: set it to
    stop planning (raises :class:`~assistant.llm_calls.CallCancelled`)."""
    from langchain_core.messages import SystemMessage, ToolMessage

    until = until if until is not None else time.monotonic() + limits_of(chat_model, "plan").total
    messages = build_messages(player_text=player_text, system=system, state=state, suggestions=suggestions, history=history)
    if mode == "json":
        messages[0] = SystemMessage(f"{_content(messages[0])}\n\n{instructions()}")
        plan = Plan(actions=[], prompt_tokens=_count(messages, []), attempts=1, mode="json")
        reply = _invoke(chat_model, messages, chat_model, until, cancel)
        _check_json(reply, plan, system, state)
        return plan
    tools = langchain_tools()
    try:
        runnable = chat_model.bind_tools(tools)
    except NotImplementedError:  # a model without tool binding (e.g. a scripted fake): called as it is
        runnable = chat_model
    plan = Plan(actions=[], prompt_tokens=_count(messages, tools), attempts=1)
    reply = _invoke(runnable, messages, chat_model, until, cancel)
    answers = _check_calls(reply, plan, system, state, seen=set())
    if any(not ok for ok, _ in answers.values()):
        plan.attempts = 2
        retry = [*messages, reply]
        for call_id, (ok, note) in answers.items():
            text = (
                f"Accepted: {note}. Do not call it again."
                if ok
                else f"Rejected: {note} Correct this call, or make no call if none is needed."
            )
            retry.append(ToolMessage(content=text, tool_call_id=call_id))
        plan.prompt_tokens += _count(retry, tools)
        reply = _invoke(runnable, retry, chat_model, until, cancel)
        _check_calls(reply, plan, system, state, seen={_key(a) for a in plan.actions})
    plan.text = _content(reply)
    return plan


def _check_calls(reply: Any, plan: Plan, system: str, state: CampaignState | None, seen: set[str]) -> dict[str, tuple[bool, str]]:
    """Check each call of ``reply``, adding to ``plan``; returns call id -> (accepted, summary or error)."""
    answers: dict[str, tuple[bool, str]] = {}
    for record, raw in _calls(reply):
        name = record["name"] or ""
        try:
            action = validate_tool_call(str(name), raw, system=system, state=state)
            if _key(action) not in seen and len(plan.actions) >= MAX_ACTIONS:
                raise ToolCallError(f"At most {MAX_ACTIONS} tool calls per message; this one was not run.")
        except ToolCallError as exc:
            plan.rejected.append((record, exc.message))
            answers[record["id"]] = (False, exc.message)
            continue
        answers[record["id"]] = (True, action.summary)
        if _key(action) not in seen:
            seen.add(_key(action))
            plan.actions.append(action)
    return answers


def _check_json(reply: Any, plan: Plan, system: str, state: CampaignState | None) -> None:
    """Check a JSON-protocol answer's calls, adding to ``plan``; an answer without a plan marks it unusable."""
    text = _content(reply)
    plan.text = text
    try:
        calls = parse_calls(text)
    except PlanJSONError as exc:
        plan.unusable = True
        plan.rejected.append(({"name": "", "args": text[:200], "id": "json"}, f"The model's answer was not usable: {exc}."))
        return
    fake = type("Reply", (), {"tool_calls": [{"name": t, "args": a, "id": f"json_{i}"} for i, (t, a) in enumerate(calls)]})()
    _check_calls(fake, plan, system, state, seen=set())
