"""Every LLM call under a deadline: connect, first token and total, and a cap on what the model may write.

A model call runs in a worker thread; the caller waits on a queue, never on the socket, so whatever the endpoint
does (accepts and never answers, trickles tokens forever, answers 401/429/500) the caller has its answer, or a
:class:`CallTimedOut`, by the call's total deadline. The worker stops at the next token once the caller gave up
(or, if the endpoint stalls, at the HTTP read timeout, which is the first-token deadline).

    limits = limits_for("plan", timeout=30)
    message = invoke_within(runnable, messages, limits)          # an AIMessage, tool calls included
    for chunk in stream_within(model, messages, limits):         # chunks as they come
        ...

Each task has its own ``max_tokens`` (:data:`TASK_MAX_TOKENS`, sent to the endpoint as ``max_tokens``) and the
client stops a model that writes far past it (:class:`RunawayOutput`), in case the endpoint ignores it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.runnables import Runnable

from assistant import llm_backoff

Task = Literal["plan", "rerank", "narrate", "interpret", "rules", "probe"]

TASK_MAX_TOKENS: dict[str, int] = {
    "plan": 300,
    "rerank": 200,
    "narrate": 250,
    "interpret": 250,
    "rules": 350,
    "probe": 80,
}
"""What each task may write. A narration of 250 tokens is about 180 words, twice the prompt's ask; a draft stopped
there ends at its last full sentence (:mod:`assistant.chat.narration`)."""
TASK_STOP: dict[str, tuple[str, ...]] = {
    "narrate": (" decide to", " decide not", "What happened this turn", "Left to the player"),
    "interpret": (" decide to", " decide not", "What happened this turn", "Left to the player"),
}
"""Where the endpoint stops a story draft (at most four: OpenAI's limit): the words that open the faults a small model
writes most (a decision taken for the player, "you decide to ..." or "you decide not to ...", and its fact sheet
copied back). The model stops before them, so the story ends at its last full sentence instead of being cut or
retried (measured on the 1.5B drafts: "you decide" opened 8 of 91 first drafts' faults, the fact sheet's headings 6;
in runs Z1–Z4 "Left to the player (…)" copied opened 6 of 18 flagged first drafts)."""
CHARS_PER_TOKEN_CAP = 8
"""The client stops a reply longer than ``max_tokens * CHARS_PER_TOKEN_CAP`` characters."""
CONNECT_TIMEOUT = 5.0
"""Seconds to open the connection (or the call's timeout when that is shorter)."""
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True)
class CallLimits:
    """The deadlines (seconds) and size cap of one model call."""

    connect: float
    first_token: float
    total: float
    max_tokens: int
    marks_down: bool = True
    """Whether running out of time marks the endpoint down (:mod:`assistant.llm_backoff`). Not for a call that waits
    in the background behind the player's own (a plan, a re-rank): on a one-slot local server it times out because
    the server is busy, not silent, and marking it down threw away the narration the player asked for next."""

    @property
    def max_chars(self) -> int:
        return self.max_tokens * CHARS_PER_TOKEN_CAP


def limits_for(task: str, timeout: float | None = None) -> CallLimits:
    """The limits of ``task`` under the player's timeout (``TABLETOP_LLM_TIMEOUT``)."""
    total = max(0.1, float(timeout if timeout is not None else DEFAULT_TIMEOUT))
    return CallLimits(
        connect=min(CONNECT_TIMEOUT, total),
        first_token=total,
        total=total,
        max_tokens=TASK_MAX_TOKENS.get(task, 300),
        marks_down=task not in BACKGROUND_TASKS,
    )


BACKGROUND_TASKS = frozenset({"plan", "rerank"})
"""Tasks whose answer refines what the player already sees (the offline suggestions) and never holds a turn."""


def limits_of(model: Any, task: str | None = None) -> CallLimits:
    """The limits a model was built with (:func:`assistant.llm.chat_model`), or the defaults for ``task``."""
    name = task or str(getattr(model, "task", "") or "narrate")
    return limits_for(name, getattr(model, "turn_timeout", None))


class CallTimedOut(TimeoutError):
    """The model did not answer (``first_token``) or finish (``total``) in time."""

    def __init__(self, stage: str, seconds: float) -> None:
        super().__init__(f"no {'first token' if stage == 'first_token' else 'complete answer'} within {seconds:.1f} s")
        self.stage = stage
        self.seconds = seconds


class RunawayOutput(ValueError):
    """The model kept writing past its task's ``max_tokens`` (a loop or an ignored limit)."""

    def __init__(self, chars: int) -> None:
        super().__init__(f"the model wrote more than {chars} characters without stopping")
        self.chars = chars


class _Cancelled(Exception):
    """Raised inside the worker when the caller gave up."""


class CallCancelled(Exception):
    """The caller no longer wants the answer (``cancel`` was set): e.g. the player moved on before the plan came."""


POLL = 0.1
"""How often a waiting caller looks at its ``cancel`` event."""


_flight_lock = threading.Lock()
_in_flight: dict[str, int] = {}
"""Calls of this process still running at each endpoint, those given up on included (a server goes on with a request
until it ends, and a small local server has one slot)."""


def in_flight(endpoint: str | None) -> int:
    """How many of this process's calls are still running at ``endpoint``."""
    with _flight_lock:
        return _in_flight.get(endpoint or "", 0)


def _flying(endpoint: str | None, delta: int) -> None:
    with _flight_lock:
        count = _in_flight.get(endpoint or "", 0) + delta
        if count > 0:
            _in_flight[endpoint or ""] = count
        else:
            _in_flight.pop(endpoint or "", None)


def _timed_out(endpoint: str | None, limits: CallLimits, timed_out: CallTimedOut) -> CallTimedOut:
    """Record a call that ran out of time: the endpoint is marked down when the call is one the player waits on and
    nothing else of ours was running there (busy with our own abandoned plan or probe, the server is slow, not
    silent: marking it down skipped the next turn's narration too)."""
    if limits.marks_down and in_flight(endpoint) <= 1:
        llm_backoff.failed(endpoint, timed_out)
    return timed_out


def remaining(until: float | None) -> float | None:
    """Seconds left before the monotonic time ``until`` (None: no limit)."""
    return None if until is None else until - time.monotonic()


def _deadline(limits: CallLimits, until: float | None) -> float:
    end = time.monotonic() + limits.total
    return end if until is None else min(end, until)


def _text_of(chunk: Any) -> str:
    content = getattr(chunk, "content", chunk)
    if isinstance(content, list):
        return "".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return content if isinstance(content, str) else ""


def stream_within(model: Any, messages: Any, limits: CallLimits, *, until: float | None = None) -> Iterator[Any]:
    """``model.stream(messages)`` chunk by chunk, ending by the call's deadline (or the monotonic ``until``,
    whichever comes first). Raises :class:`CallTimedOut`, :class:`RunawayOutput` or the model's own error."""
    end = _deadline(limits, until)
    if end <= time.monotonic():
        raise CallTimedOut("total", 0.0)
    endpoint = llm_backoff.endpoint_key(model)
    llm_backoff.check(endpoint)
    stop = threading.Event()
    inbox: queue.Queue[tuple[str, Any]] = queue.Queue()

    def work() -> None:
        try:
            chunks = iter(model.stream(messages))
            try:
                for chunk in chunks:
                    if stop.is_set():
                        break
                    inbox.put(("chunk", chunk))
            finally:
                close = getattr(chunks, "close", None)
                if close is not None:
                    close()
            inbox.put(("end", None))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            inbox.put(("error", exc))
        finally:
            _flying(endpoint, -1)

    _flying(endpoint, +1)
    threading.Thread(target=work, name="llm-stream", daemon=True).start()
    start = time.monotonic()
    first_by = min(end, start + limits.first_token)
    got_text = False
    chars = 0
    try:
        while True:
            by = end if got_text else first_by
            wait = by - time.monotonic()
            try:
                if wait <= 0:
                    raise queue.Empty
                kind, item = inbox.get(timeout=wait)
            except queue.Empty:
                stage = "total" if got_text else "first_token"
                raise _timed_out(endpoint, limits, CallTimedOut(stage, time.monotonic() - start)) from None
            if kind == "end":
                llm_backoff.answered(endpoint)
                return
            if kind == "error":
                llm_backoff.failed(endpoint, item)
                raise item
            text = _text_of(item)
            if (text or getattr(item, "tool_call_chunks", None)) and not got_text:
                llm_backoff.answered(endpoint)
                got_text = True
            elif text or getattr(item, "tool_call_chunks", None):
                got_text = True
            chars += len(text)
            if chars > limits.max_chars:
                raise RunawayOutput(limits.max_chars)
            yield item
    finally:
        stop.set()


class _QuietStop(logging.Filter):
    """LangChain logs a warning for every exception a callback raises, also for ours that stop a call on purpose
    (the player moved on, the reply ran away): those are not errors and never reach the player's terminal."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args if isinstance(record.args, tuple) else ()
        return not (args and args[0] == "_Watch")


logging.getLogger("langchain_core.callbacks.manager").addFilter(_QuietStop())


class _Watch(BaseCallbackHandler):
    """Stops a running call at its next token once the caller gave up, or once it writes too much."""

    raise_error = True

    def __init__(self, stop: threading.Event, max_chars: int) -> None:
        self.stop = stop
        self.max_chars = max_chars
        self.chars = 0

    def on_llm_new_token(self, token: Any, **kwargs: Any) -> None:
        if self.stop.is_set():
            raise _Cancelled()
        self.chars += len(token) if isinstance(token, str) else len(str(token or ""))
        if self.chars > self.max_chars:
            raise RunawayOutput(self.max_chars)


def invoke_within(
    runnable: Any,
    messages: Any,
    limits: CallLimits,
    *,
    until: float | None = None,
    cancel: threading.Event | None = None,
) -> Any:
    """``runnable.invoke(messages)`` (tool calls and all), returning by the call's deadline (or ``until``).
    Raises :class:`CallTimedOut`, :class:`RunawayOutput`, :class:`CallCancelled` (once ``cancel`` is set) or
    the model's own error."""
    end = _deadline(limits, until)
    if end <= time.monotonic():
        raise CallTimedOut("total", 0.0)
    endpoint = llm_backoff.endpoint_key(runnable)
    llm_backoff.check(endpoint)
    stop = threading.Event()
    inbox: queue.Queue[tuple[str, Any]] = queue.Queue()
    watch = _Watch(stop, limits.max_chars)

    def work() -> None:
        try:
            if isinstance(runnable, Runnable):
                inbox.put(("ok", runnable.invoke(messages, config={"callbacks": [watch]})))
            else:  # any object with invoke(): no token callbacks, the deadline still holds
                inbox.put(("ok", runnable.invoke(messages)))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            inbox.put(("error", exc))
        finally:
            _flying(endpoint, -1)

    start = time.monotonic()
    _flying(endpoint, +1)
    threading.Thread(target=work, name="llm-call", daemon=True).start()
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0:
                stage = "first_token" if watch.chars == 0 else "total"
                raise _timed_out(endpoint, limits, CallTimedOut(stage, time.monotonic() - start))
            if cancel is not None and cancel.is_set():
                raise CallCancelled()
            try:
                kind, item = inbox.get(timeout=min(left, POLL) if cancel is not None else left)
                break
            except queue.Empty:
                continue
    finally:
        stop.set()
    if kind == "error":
        llm_backoff.failed(endpoint, item)
        raise item
    llm_backoff.answered(endpoint)
    if _text_of(item) and len(_text_of(item)) > limits.max_chars:
        raise RunawayOutput(limits.max_chars)
    return item
