"""Back-off for an endpoint that does not answer: one silent endpoint costs one timeout, not one per call.

When a call cannot reach the endpoint (connection refused, DNS, no first token before the deadline) the endpoint
is marked down for a while: 15 s, then doubling up to 5 minutes while it stays silent. Until then every call
to it fails at once with :class:`EndpointDown` (the caller falls back offline, as for any failure) instead of
waiting out another timeout. A rate limit (HTTP 429) with a ``Retry-After`` marks it down for that long. The
first call that gets an answer clears the mark.

    check(key)               # raises EndpointDown while the endpoint is marked down
    failed(key, exc)         # after a failure: marks it down when the failure says it is unreachable
    answered(key)            # after an answer: clears the mark

Keys are the endpoint's base URL (:func:`endpoint_key`); an in-process model has none and never backs off.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

FIRST_BACKOFF = 15.0
MAX_BACKOFF = 300.0

_UNREACHABLE = {"APIConnectionError", "ConnectError", "ConnectTimeout", "ConnectionError", "NetworkError"}
_RATE_LIMITED = {"RateLimitError"}


class EndpointDown(ConnectionError):
    """The endpoint did not answer recently; calls skip it until ``retry_in`` seconds have passed."""

    def __init__(self, retry_in: float, *, slow: bool = False) -> None:
        super().__init__(f"the endpoint did not answer recently; trying it again in {max(1, round(retry_in))} s")
        self.retry_in = retry_in
        self.slow = slow
        """The endpoint answered but its model did not start in time (a slow or busy model, not a server that is
        gone): what to do about it differs."""


@dataclass
class _Mark:
    until: float
    backoff: float
    slow: bool = False


_lock = threading.Lock()
_marks: dict[str, _Mark] = {}


def endpoint_key(model: Any) -> str | None:
    """The base URL a chat model talks to, or None for an in-process model."""
    for candidate in (model, getattr(model, "bound", None)):  # a model, or one bound to tools
        for attr in ("openai_api_base", "base_url"):
            value = getattr(candidate, attr, None)
            if isinstance(value, str) and value:
                return value.rstrip("/")
    return None


def check(key: str | None) -> None:
    """Raise :class:`EndpointDown` while ``key`` is marked down."""
    if key is None:
        return
    with _lock:
        mark = _marks.get(key)
        left = mark.until - time.monotonic() if mark else 0.0
    if left > 0:
        raise EndpointDown(left, slow=bool(mark and mark.slow))


def _unreachable(exc: BaseException) -> bool:
    names = {cls.__name__ for cls in type(exc).__mro__}
    if names & _UNREACHABLE and "EndpointDown" not in names:
        return True
    return "CallTimedOut" in names and getattr(exc, "stage", "") == "first_token"


def _slow(exc: BaseException) -> bool:
    """No first token before the deadline: the server took the request, its model was too slow to start."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    return not names & _UNREACHABLE and getattr(exc, "stage", "") == "first_token"


def _retry_after(exc: BaseException) -> float | None:
    names = {cls.__name__ for cls in type(exc).__mro__}
    status = getattr(getattr(exc, "response", None), "status_code", None)
    if not (names & _RATE_LIMITED or status == 429):
        return None
    headers = getattr(getattr(exc, "response", None), "headers", None)
    try:
        value = float(headers.get("retry-after")) if headers is not None and headers.get("retry-after") else None
    except (TypeError, ValueError):
        value = None
    return min(MAX_BACKOFF, value) if value and value > 0 else None


def failed(key: str | None, exc: BaseException) -> None:
    """Record a failed call: an unreachable endpoint is marked down (longer each time), a rate limit for its
    ``Retry-After``; any other failure (the endpoint answered) changes nothing."""
    if key is None:
        return
    wait = _retry_after(exc)
    with _lock:
        now = time.monotonic()
        if wait is not None:
            previous = _marks.get(key)
            _marks[key] = _Mark(now + wait, previous.backoff if previous else 0.0)
            return
        if not _unreachable(exc):
            return
        previous = _marks.get(key)
        backoff = FIRST_BACKOFF if previous is None or previous.backoff <= 0 else min(MAX_BACKOFF, previous.backoff * 2)
        _marks[key] = _Mark(now + backoff, backoff, slow=_slow(exc))


def answered(key: str | None) -> None:
    """The endpoint answered: calls go to it again at once."""
    if key is None:
        return
    with _lock:
        _marks.pop(key, None)


def reset() -> None:
    """Forget every mark (a new configuration, or between tests)."""
    with _lock:
        _marks.clear()
