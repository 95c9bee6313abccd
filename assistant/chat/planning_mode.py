"""How the LLM plans a move at this endpoint: native tool calls, a JSON answer, or not at all.

Endpoints differ: OpenAI and some servers return ``tool_calls``; llama-cpp-python returns a small model's calls
as plain text (or nothing), so a planner that waits for ``tool_calls`` there spends 30-100 s for nothing. The
first plan at an endpoint asks it once, with a one-word tool and a short deadline, whether it makes tool calls
(:func:`probe`); the answer is kept per endpoint and model for the life of the process.

- ``tools``: the endpoint returned a tool call: plan with the tools bound.
- ``json``: it did not: plan with the JSON protocol of :mod:`assistant.chat.plan_json` (validated by schema).
- ``off``: planning is switched off (``TABLETOP_LLM_PLANNING=off``), or the JSON answers were unusable
  :data:`JSON_FAILURES_BEFORE_OFF` times in a row; the offline suggestions stand and the player is told once.

``TABLETOP_LLM_PLANNING`` fixes the mode without a probe. Models that are not built by :func:`assistant.llm.chat_model`
(e.g. the fakes in tests) plan with tools.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from assistant.config import ConfigError, endpoint_identity
from assistant.llm_calls import invoke_within, limits_for

log = logging.getLogger(__name__)

MODES = ("tools", "json", "off")
PROBE_TIMEOUT = 15.0
"""The probe's deadline (or the player's timeout, when shorter)."""
JSON_FAILURES_BEFORE_OFF = 2
PROBE_TOOL = {
    "type": "function",
    "function": {
        "name": "note_word",
        "description": "Write down one word.",
        "parameters": {
            "type": "object",
            "properties": {"word": {"type": "string", "description": "The word to write down."}},
            "required": ["word"],
        },
    },
}
PROBE_MESSAGES = [
    ("system", "You can call tools. When asked to note a word, call the note_word tool; do not answer in text."),
    ("human", "Note the word: lantern"),
]

_lock = threading.Lock()
_modes: dict[tuple[str, str], str] = {}
_json_failures: dict[tuple[str, str], int] = {}


def endpoint_key(model: Any) -> tuple[str, str] | None:
    """(endpoint, model name) of a model built for an endpoint, or None for other models."""
    base = getattr(model, "openai_api_base", None)
    if not base or not hasattr(model, "planning"):
        return None
    try:
        identity = endpoint_identity(str(base))
    except ConfigError:
        identity = str(base)
    return identity, str(getattr(model, "model_name", ""))


def known_mode(model: Any) -> str | None:
    """The mode without asking the endpoint: configured, cached, or ``tools`` for models of no endpoint."""
    configured = str(getattr(model, "planning", "auto") or "auto")
    key = endpoint_key(model)
    with _lock:
        learned = _modes.get(key) if key is not None else None
    if learned == "off" or configured not in MODES:
        return learned if key is not None else "tools"
    return configured


def planning_mode(model: Any, cancel: threading.Event | None = None) -> str:
    """The mode for ``model`` (see the module docstring); probes the endpoint the first time. Raises the
    probe's error when the endpoint fails outright (unreachable, refused key), without caching anything."""
    mode = known_mode(model)
    if mode is not None:
        return mode
    key = endpoint_key(model)
    mode = probe(model, cancel)
    if key is not None:
        with _lock:
            _modes[key] = mode
    log.info("planning at %s: %s", key[0] if key else "?", mode)
    return mode


def probe(model: Any, cancel: threading.Event | None = None) -> str:
    """``tools`` if the endpoint answers a one-word tool request with a tool call, else ``json``."""
    try:
        runnable = model.bind_tools([PROBE_TOOL])
    except NotImplementedError:
        return "tools"
    timeout = min(PROBE_TIMEOUT, float(getattr(model, "turn_timeout", PROBE_TIMEOUT) or PROBE_TIMEOUT))
    reply = invoke_within(runnable, PROBE_MESSAGES, limits_for("probe", timeout), cancel=cancel)
    calls = getattr(reply, "tool_calls", None) or []
    return "tools" if any(c.get("name") == "note_word" for c in calls) else "json"


def note_json_result(model: Any, usable: bool) -> str | None:
    """Count a JSON plan's answer; returns ``off`` when planning was just switched off for this endpoint."""
    key = endpoint_key(model)
    if key is None:
        return None
    with _lock:
        if usable:
            _json_failures.pop(key, None)
            return None
        _json_failures[key] = _json_failures.get(key, 0) + 1
        if _json_failures[key] >= JSON_FAILURES_BEFORE_OFF:
            _modes[key] = "off"
            return "off"
    return None


def forget() -> None:
    """Forget every endpoint's mode (tests; or after the player changed the endpoint's server)."""
    with _lock:
        _modes.clear()
        _json_failures.clear()
