"""How the LLM plans a move at this endpoint: native tool calls, a JSON answer, or not at all.

Endpoints differ: OpenAI and some servers return ``tool_calls``; llama-cpp-python returns a small model's calls
as plain text (or nothing), so a planner that waits for ``tool_calls`` there spends 30-100 s for nothing. The
first plan at an endpoint asks it once, with a one-word tool and a short deadline, whether it makes tool calls
(:func:`probe`); the answer is kept per endpoint and model for the life of the process.

- ``tools``: the endpoint returned a tool call: plan with the tools bound.
- ``json``: it did not: plan with the JSON protocol of :mod:`assistant.chat.plan_json` (validated by schema).
- ``off``: planning is switched off (``TABLETOP_LLM_PLANNING=off``), or the JSON answers were unusable
  :data:`JSON_FAILURES_BEFORE_OFF` times in a row, or (``auto`` only) the probe took longer than
  :data:`SLOW_PROBE_SECONDS`, or the player acted before :data:`DROPS_BEFORE_OFF` plans in a row arrived: the offline
  suggestions stand and the player is told once, with the reason (:func:`off_reason`).

A slow probe means a model that prefills a prompt at a few dozen tokens a second (a small model on a laptop's CPU). Such
a server has one slot: a plan of a thousand prompt tokens holds it for half a minute, and the narration the player asks
for next waits behind it and runs out of time. There the offline suggestions are worth more than a plan.

``TABLETOP_LLM_PLANNING`` fixes the mode without a probe. Models that are not built by :func:`assistant.llm.chat_model`
(e.g. the fakes in tests) plan with tools.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import replace
from typing import Any

from assistant.config import ConfigError, endpoint_identity
from assistant.llm_calls import CallTimedOut, invoke_within, limits_for

log = logging.getLogger(__name__)

MODES = ("tools", "json", "off")
PROBE_TIMEOUT = 15.0
"""The probe's deadline (or the player's timeout, when shorter)."""
JSON_FAILURES_BEFORE_OFF = 2
SLOW_PROBE_SECONDS = 4.0
"""A probe (about a hundred prompt tokens, one short answer) slower than this switches ``auto`` planning off. A hosted
endpoint or a GPU server answers it in a second or two; on two CPU cores, with llama-cpp-python's server, Qwen2.5-Coder
1.5B took 8.5 s and 0.5B 4.6 s (its plans then take 15-45 s, holding the server's one slot)."""
DROPS_BEFORE_OFF = 2
"""Plans in a row the player acted before they arrived that switch ``auto`` planning off at the endpoint. On a server
with one slot (llama-cpp-python, llama.cpp on a CPU) a plan still running holds the narration of the move the player
just chose: in a real-browser session with Qwen2.5-Coder-1.5B on two cores the probe answered in 3.8 s (under
:data:`SLOW_PROBE_SECONDS`), and then every turn's narration waited 15-28 s behind a plan nobody read."""
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
_reasons: dict[tuple[str, str], str] = {}
_probe_seconds: dict[tuple[str, str], float] = {}
_probe_locks: dict[tuple[str, str], threading.Lock] = {}
_drops: dict[tuple[str, str], int] = {}


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


def planning_mode(model: Any) -> str:
    """The mode for ``model`` (see the module docstring); probes the endpoint the first time. Raises the
    probe's error when the endpoint fails outright (unreachable, refused key), without caching anything.

    The probe runs to its answer (within its own short deadline) even when the player moves on first (the plan is
    dropped, not the question): a probe given up went unanswered, so every later turn sent another one,
    and on a one-slot local server each held the narration the player asked for next. One probe per endpoint is in
    flight; a plan that wants the mode meanwhile waits for its answer."""
    mode = known_mode(model)
    if mode is not None:
        return mode
    key = endpoint_key(model)
    with _probing(key):
        mode = known_mode(model)  # learned by the probe this plan waited for
        if mode is not None:
            return mode
        return _learn(model, key)


def _probing(key: tuple[str, str] | None) -> threading.Lock:
    """The lock held while ``key``'s endpoint is being probed."""
    with _lock:
        return _probe_locks.setdefault(key, threading.Lock()) if key is not None else threading.Lock()


def _learn(model: Any, key: tuple[str, str] | None) -> str:
    """Probe the endpoint and keep its mode (see :func:`planning_mode`)."""
    started = time.monotonic()
    reason, probed = "", "off"
    try:
        probed = probe(model)
    except CallTimedOut:  # no answer within the probe's deadline
        reason = "silent"
    took = time.monotonic() - started
    if reason or took > SLOW_PROBE_SECONDS:  # only ``auto`` probes (a configured mode is known)
        probed = "off"
        if key is not None:
            with _lock:
                _reasons[key] = reason or "slow"
        log.info("planning off: the probe took %.1f s", took)
    if key is not None:
        with _lock:
            _modes[key] = probed
            _probe_seconds[key] = took
    log.info("planning at %s: %s", key[0] if key else "?", probed)
    return probed


def probe(model: Any) -> str:
    """``tools`` if the endpoint answers a one-word tool request with a tool call, else ``json``."""
    try:
        runnable = model.bind_tools([PROBE_TOOL])
    except NotImplementedError:
        return "tools"
    player_timeout = float(getattr(model, "turn_timeout", PROBE_TIMEOUT) or PROBE_TIMEOUT)
    timeout = min(PROBE_TIMEOUT, player_timeout)
    limits = limits_for("probe", timeout)
    if timeout < player_timeout:
        # given less time than a narration gets, a probe that runs out says the model is slow, not that the endpoint
        # is silent: marking it down skipped the first narration, which would have come within the player's timeout
        limits = replace(limits, marks_down=False)
    reply = invoke_within(runnable, PROBE_MESSAGES, limits)
    calls = getattr(reply, "tool_calls", None) or []
    return "tools" if any(c.get("name") == "note_word" for c in calls) else "json"


def off_reason(model: Any) -> str:
    """Why planning is off at ``model``'s endpoint: ``slow`` or ``silent`` (the probe answered late or not at all),
    ``late`` (JSON plans ran out of time), ``dropped`` (the player acted before the plans arrived), ``unusable``
    (their answers), or "" while it is on."""
    key = endpoint_key(model)
    if key is None:
        return ""
    with _lock:
        if _modes.get(key) != "off":
            return ""
        return _reasons.get(key, "unusable")


def probe_seconds(model: Any) -> float | None:
    """How long the probe at ``model``'s endpoint took (None before it ran)."""
    key = endpoint_key(model)
    with _lock:
        return _probe_seconds.get(key) if key is not None else None


def note_json_result(model: Any, usable: bool, *, late: bool = False) -> str | None:
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
            _reasons[key] = "late" if late else "unusable"
            return "off"
    return None


def note_plan_dropped(model: Any) -> str | None:
    """Count a plan the player acted before it arrived; returns ``off`` when ``auto`` planning was just switched off
    for this endpoint (:data:`DROPS_BEFORE_OFF` in a row). A configured mode (``TABLETOP_LLM_PLANNING``) stays."""
    key = endpoint_key(model)
    if key is None or str(getattr(model, "planning", "auto") or "auto") in MODES:
        return None
    with _lock:
        _drops[key] = _drops.get(key, 0) + 1
        if _drops[key] >= DROPS_BEFORE_OFF and _modes.get(key) != "off":
            _modes[key] = "off"
            _reasons[key] = "dropped"
            log.info("planning off: the player acted before %d plans in a row", _drops[key])
            return "off"
    return None


def note_plan_arrived(model: Any) -> None:
    """A plan that arrived before the player acted: the count of :func:`note_plan_dropped` starts again."""
    key = endpoint_key(model)
    if key is not None:
        with _lock:
            _drops.pop(key, None)


def forget() -> None:
    """Forget every endpoint's mode (tests; or after the player changed the endpoint's server)."""
    with _lock:
        _modes.clear()
        _json_failures.clear()
        _reasons.clear()
        _probe_seconds.clear()
        _drops.clear()
