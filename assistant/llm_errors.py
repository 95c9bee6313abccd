"""What went wrong with an LLM endpoint, in the player's words, without any secret in it.

:func:`describe` turns a model exception into a :class:`Failure`: a short reason (``timeout``, ``rate_limit``,
``auth``, ``connection``, ``not_found``, ``http_error``, ``runaway``, ``bad_response``, ``error``) and a sentence
built from the exception's type and status only (never its text, which may quote the request or the key). The
sentence names the setting the player actually used: the endpoint typed in the app's Settings, or the
``TABLETOP_LLM_*`` variable when the endpoint came from the environment.

:func:`scrub` removes the key itself, ``Bearer ...`` and ``sk-...`` tokens from any text that is printed,
logged or stored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from assistant.secrets import REDACTED
from assistant.secrets import scrub as scrub_known

_KEY_LIKE = re.compile(
    r"(sk-[A-Za-z0-9_\-]{6,}|Bearer\s+[^\s\"',;]+|(?:api[_-]?key|authorization)[\"']?\s*[=:]\s*[\"']?[^\s\"',;]+)",
    re.IGNORECASE,
)


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """An endpoint's error text without any secret the app knows (:func:`assistant.secrets.scrub`), the given
    ones, ``sk-...`` keys, bearer tokens or ``api_key=...`` pairs (stricter than for prose: error texts are not
    stories, so any bearer token goes)."""
    given = [s for s in secrets if s and len(s) >= 4]
    for secret in sorted(given, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return _KEY_LIKE.sub(REDACTED, scrub_known(text))


def secrets_of(model: Any) -> list[str]:
    """The API key a chat model holds (so that it can be scrubbed from what is shown)."""
    found = []
    for attr in ("openai_api_key", "api_key"):
        value: Any = getattr(model, attr, None)
        if hasattr(value, "get_secret_value"):
            value = value.get_secret_value()
        elif hasattr(value, "get") and callable(value.get) and not isinstance(value, dict):
            value = value.get()
        if isinstance(value, str) and len(value) >= 4 and value not in found:
            found.append(value)
    return found


@dataclass(frozen=True)
class Settings:
    """The names of the LLM settings as the player set them."""

    url: str
    key: str
    model: str
    slow: str = "raise TABLETOP_LLM_TIMEOUT or use a faster model"
    """What to do about a model too slow for the turn's deadline (the app's visitor cannot change the deadline)."""


ENVIRONMENT = Settings(url="TABLETOP_LLM_BASE_URL", key="TABLETOP_LLM_API_KEY", model="TABLETOP_LLM_MODEL")
APP_FORM = Settings(
    url="the LLM base URL in Settings",
    key="the API key in Settings",
    model="the model name in Settings",
    slow="try a faster model in Settings",
)


def settings_named(url_from: str | None) -> Settings:
    """The setting names for an endpoint that came from ``url_from`` (``app`` or ``environment``)."""
    return APP_FORM if url_from == "app" else ENVIRONMENT


def url_from_of(model: Any) -> str:
    return str(getattr(model, "url_from", "") or "environment")


@dataclass(frozen=True)
class Failure:
    reason: str
    words: str
    """What happened and what to do, one sentence without a trailing period."""
    retry_after: float | None = None


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None) or getattr(getattr(exc, "response", None), "status_code", None)
    return code if isinstance(code, int) else None


def _retry_after(exc: BaseException) -> float | None:
    headers = getattr(getattr(exc, "response", None), "headers", None)
    value = headers.get("retry-after") if headers is not None else None
    try:
        return float(value) if value is not None else None
    except (TypeError, ValueError):
        return None


_TIMEOUTS = {"APITimeoutError", "TimeoutError", "TimeoutException", "ReadTimeout", "ConnectTimeout", "CallTimedOut"}
_CONNECTION = {"APIConnectionError", "ConnectionError", "ConnectError", "NetworkError", "EndpointDown"}
_UNREADABLE = {
    "JSONDecodeError", "APIResponseValidationError", "ValidationError", "KeyError", "TypeError", "ValueError",
    "OutputParserException", "StopIteration",
}  # fmt: skip


def describe(exc: BaseException, url_from: str | None = None) -> Failure:
    """The :class:`Failure` for a model exception (see the module docstring)."""
    names = {cls.__name__ for cls in type(exc).__mro__}
    named = settings_named(url_from)
    status = _status(exc)
    if "EndpointDown" in names:
        retry_in = float(getattr(exc, "retry_in", 0) or 0)
        if getattr(exc, "slow", False):
            return Failure(
                "timeout",
                f"the model did not start answering in time a moment ago, so it is left alone for a little while ({named.slow})",
                retry_in,
            )
        return Failure(
            "connection",
            "the endpoint did not answer a moment ago, so it is left alone for a little while; "
            f"check {named.url} and that the server is running",
            retry_in,
        )
    if "RunawayOutput" in names:
        return Failure("runaway", "the model kept writing without stopping (a loop); its text was not used")
    if names & _TIMEOUTS:
        stage = getattr(exc, "stage", "")
        what = "did not start answering" if stage == "first_token" else "did not answer"
        return Failure("timeout", f"the model {what} in time ({named.slow})")
    if "RateLimitError" in names or status == 429:
        wait = _retry_after(exc)
        asks = f" (it asks to wait {wait:g} s)" if wait is not None else ""
        return Failure("rate_limit", f"the endpoint refused more requests for now{asks}; wait a little", wait)
    if "AuthenticationError" in names or "PermissionDeniedError" in names or status in (401, 403):
        return Failure("auth", f"the endpoint rejected the API key (HTTP {status or 401}); check {named.key}")
    if "NotFoundError" in names or status == 404:
        return Failure("not_found", f"the endpoint does not know this model or path; check {named.model} and {named.url}")
    if isinstance(status, int) and status >= 400:
        return Failure("http_error", f"the endpoint answered HTTP {status}")
    if names & _CONNECTION:
        return Failure("connection", f"the endpoint could not be reached; check {named.url} and that the server is running")
    if names & _UNREADABLE:
        return Failure("bad_response", "the endpoint sent an answer that could not be read")
    return Failure("error", f"the model failed ({type(exc).__name__})")
