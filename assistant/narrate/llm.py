"""LLM narration: any LangChain chat model (``ChatOpenAI`` for an OpenAI-compatible endpoint), streamed.

The model gets the prompt file of the task, the engine's facts and the story context under a token
budget (:func:`assistant.narrate.context.build_context`). Every failure of the model (timeout, rate
limit, connection, HTTP status, empty or malformed output) becomes :class:`NarrationFailed`, whose
message names the cause and never contains the API key; the chat loop then narrates with the template.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel

from assistant.engine.errors import AssistantError, ConfigError
from assistant.narrate.context import ContextReport, build_context
from assistant.narrate.request import NarrationFailed, NarrationRequest

DEFAULT_BUDGET_TOKENS = 1200
NARRATION_TEMPERATURE = 0.7
_KEY_LIKE = re.compile(r"(sk-[A-Za-z0-9_\-]{6,}|Bearer\s+\S+|api[_-]?key[=:]\s*\S+)", re.IGNORECASE)


def make_chat_model(settings: Any = None, *, streaming: bool = True) -> BaseChatModel | None:
    """The narration model for the configured endpoint (see :func:`assistant.llm.chat_model`), or None offline."""
    from assistant.llm import chat_model

    model: BaseChatModel | None = chat_model(settings, temperature=NARRATION_TEMPERATURE, streaming=streaming)
    return model


def _secrets_of(model: Any) -> list[str]:
    """The API key a model holds (so that it can be scrubbed from error messages)."""
    found = []
    for attr in ("openai_api_key", "api_key"):
        value = getattr(model, attr, None)
        if value is None:
            continue
        secret = value.get_secret_value() if hasattr(value, "get_secret_value") else value
        if isinstance(secret, str) and len(secret) >= 4:
            found.append(secret)
    return found


def redact(text: str, secrets: list[str]) -> str:
    """``text`` without the given secrets nor anything that looks like a key or a bearer token."""
    for secret in secrets:
        text = text.replace(secret, "***")
    return _KEY_LIKE.sub("***", text)


def _status(exc: BaseException) -> int | None:
    code = getattr(exc, "status_code", None) or getattr(getattr(exc, "response", None), "status_code", None)
    return code if isinstance(code, int) else None


def failure_cause(exc: BaseException) -> str:
    """What went wrong, in a few words a player can act on."""
    name = type(exc).__name__.lower()
    names = {cls.__name__.lower() for cls in type(exc).__mro__}
    status = _status(exc)
    if isinstance(exc, TimeoutError) or "timeout" in name or any("timeout" in n for n in names):
        return "timeout: the model did not answer in time (raise TABLETOP_LLM_TIMEOUT or use a faster model)"
    if "ratelimit" in name or status == 429:
        return "rate limit: the endpoint refused more requests for now (wait a little, or use another endpoint)"
    if "authentication" in name or "permissiondenied" in name or status in {401, 403}:
        return "authentication: the endpoint rejected the API key (check TABLETOP_LLM_API_KEY)"
    if isinstance(exc, ConnectionError) or "connect" in name or "network" in name or any("connect" in n for n in names):
        return "connection: the endpoint could not be reached (check TABLETOP_LLM_BASE_URL and that the server is running)"
    if "notfound" in name or status == 404:
        return "bad response: the endpoint does not know this model or path (check TABLETOP_LLM_MODEL and TABLETOP_LLM_BASE_URL)"
    if status is not None:
        return f"bad response: the endpoint answered HTTP {status}"
    return "bad response: the model's answer could not be used"


def _chunk_text(chunk: Any) -> str:
    content = getattr(chunk, "content", chunk)
    if isinstance(content, list):  # content blocks
        return "".join(part.get("text", "") if isinstance(part, dict) else str(part) for part in content)
    return content if isinstance(content, str) else str(content)


class LLMNarrator:
    """Narration streamed from a LangChain chat model; raises :class:`NarrationFailed` on any model failure."""

    name = "llm"

    def __init__(self, chat_model: BaseChatModel, *, budget_tokens: int = DEFAULT_BUDGET_TOKENS) -> None:
        self.chat_model = chat_model
        self.budget_tokens = budget_tokens
        self.last_report: ContextReport | None = None

    def stream(self, request: NarrationRequest) -> Iterator[str]:
        """Yield the model's text chunks in order. The context report is in ``last_report`` once it starts."""
        try:
            context = build_context(request, self.budget_tokens)
        except ConfigError as exc:  # a missing or broken prompt file: the template narrates instead
            raise NarrationFailed(f"LLM narration failed (configuration: {exc.message}); narrating offline instead.") from None
        self.last_report = context.report
        produced = False
        try:
            for chunk in self.chat_model.stream(context.messages):
                text = _chunk_text(chunk)
                if text:
                    produced = True
                    yield text
        except AssistantError:
            raise
        except Exception as exc:  # every model, HTTP and parsing failure is translated here
            raise self._failed(exc) from None
        if not produced:
            raise NarrationFailed("LLM narration failed (bad response: the model returned no text); narrating offline instead.")

    def _failed(self, exc: BaseException) -> NarrationFailed:
        detail = redact(f"{type(exc).__name__}: {exc}", _secrets_of(self.chat_model))[:300]
        return NarrationFailed(f"LLM narration failed ({failure_cause(exc)}); narrating offline instead. Detail: {detail}")
