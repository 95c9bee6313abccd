"""Planning without tool calls: the model answers one JSON object, checked against a schema.

For endpoints that do not return ``tool_calls`` (see :mod:`assistant.chat.planning_mode`) the planning prompt gets
``assistant/prompts/plan_turn_json.txt`` appended, which lists the tools and asks for::

    {"calls": [{"tool": "roll_move", "args": {"move": "Face Danger", "stat": "edge"}}]}

:func:`parse_calls` accepts that object (inside a code fence or after a sentence too) and nothing else: an answer
without it raises :class:`PlanJSONError`. Each call is then checked like a tool call
(:func:`assistant.chat.tools.validate_tool_call`).
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from assistant.chat.tools import TOOL_MODELS
from assistant.prompts import load_prompt

PROMPT_NAME = "plan_turn_json"
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


class PlanJSONError(ValueError):
    """The model's answer holds no plan in the JSON protocol."""


class _Call(BaseModel):
    model_config = ConfigDict(extra="ignore")
    tool: str = Field(min_length=1, max_length=40)
    args: dict[str, Any] = Field(default_factory=dict)


class _Plan(BaseModel):
    model_config = ConfigDict(extra="ignore")
    calls: list[_Call] = Field(default_factory=list, max_length=8)


def describe_tools() -> str:
    """One line per tool: its name, what it is for and its arguments (required ones marked)."""
    lines = []
    for name, model in TOOL_MODELS.items():
        doc = " ".join((model.__doc__ or "").split()).split(". ")[0].rstrip(".") + "."
        args = []
        for field_name, field in model.model_fields.items():
            mark = "" if field.is_required() else "?"
            described = (field.description or "").split(". ")[0].rstrip(".")
            args.append(f"{field_name}{mark}: {described}" if described else f"{field_name}{mark}")
        lines.append(f"- {name}: {doc} Args: " + "; ".join(args))
    return "\n".join(lines)


def instructions() -> str:
    return load_prompt(PROMPT_NAME).format(tools=describe_tools())


def _normalise(data: Any) -> Any:
    """Accept the common near-misses: a bare list of calls, ``name``/``arguments`` for ``tool``/``args``."""
    if isinstance(data, list):
        data = {"calls": data}
    if isinstance(data, dict) and "calls" not in data and ("tool" in data or "name" in data):
        data = {"calls": [data]}
    if isinstance(data, dict) and isinstance(data.get("calls"), list):
        calls = []
        for call in data["calls"]:
            if isinstance(call, dict):
                call = dict(call)
                if "tool" not in call and "name" in call:
                    call["tool"] = call.pop("name")
                if "args" not in call and "arguments" in call:
                    args = call.pop("arguments")
                    call["args"] = json.loads(args) if isinstance(args, str) and args.strip().startswith("{") else args
            calls.append(call)
        data = {**data, "calls": calls}
    return data


def parse_calls(text: str) -> list[tuple[str, dict[str, Any]]]:
    """The (tool, args) pairs of a JSON-protocol answer; raises :class:`PlanJSONError` when there is none."""
    body = text.strip()
    fenced = _FENCE.search(body)
    if fenced:
        body = fenced.group(1).strip()
    starts = [i for i in (body.find("{"), body.find("[")) if i >= 0]
    if not starts:
        raise PlanJSONError("the answer holds no JSON object")
    try:
        data, _ = json.JSONDecoder().raw_decode(body[min(starts) :])
        plan = _Plan.model_validate(_normalise(data))
    except (ValueError, ValidationError) as exc:
        raise PlanJSONError(f"the answer is not a plan in the JSON protocol ({type(exc).__name__})") from None
    return [(call.tool, call.args) for call in plan.calls]
