"""The one place a chat model for the configured OpenAI-compatible endpoint is built.

Rules answers, move re-ranking, turn planning and narration all call :func:`chat_model` with their task; the
task fixes the temperature and ``max_tokens`` (:mod:`assistant.llm_calls`), the connection deadline and the HTTP
read deadline (the first-token deadline). The total deadline is kept by the caller (``invoke_within``,
``stream_within``). With no endpoint configured it returns None (offline).
"""

from __future__ import annotations

from typing import Any

TASK_TEMPERATURE: dict[str, float] = {"narrate": 0.3, "interpret": 0.3}
"""Narration writes prose; every other task (planning, re-rank, rules answers, probes) runs at 0. At 0.7 a 1.5B model
strayed from the engine's outcome and from its own earlier sentences more often than at 0.3 (docs/faithfulness.md)."""

RETRY_TEMPERATURE = 0.7
"""A narration retry (a draft the guard rejected, written again) samples wider than the first draft: at 0.3 half of a
1.5B model's retries began with the same words as the rejected draft, and those fixed it a quarter of the time
against about three in five for retries that began otherwise (runs AR–AX, docs/faithfulness.md)."""


def _endpoint_model_class() -> type:
    from langchain_openai import ChatOpenAI

    class EndpointChatModel(ChatOpenAI):
        """``ChatOpenAI`` that knows its task, the player's timeout and where the endpoint came from."""

        task: str = "narrate"
        turn_timeout: float = 30.0
        url_from: str = "environment"
        planning: str = "auto"

    return EndpointChatModel


_MODEL_CLASS: type | None = None


def chat_model(
    settings: Any = None,
    *,
    task: str = "narrate",
    temperature: float | None = None,
    streaming: bool = True,
    max_retries: int = 0,
) -> Any | None:
    """A chat model for the endpoint in ``settings`` (a :class:`~assistant.config.Settings`, its ``.llm``, or
    None to read the environment) doing ``task``, or None when no endpoint is configured. The key stays a
    secret. Streaming by default, so that a plain ``invoke`` also notices each token (and can be stopped)."""
    global _MODEL_CLASS
    if settings is None:
        from assistant.config import load_settings

        settings = load_settings()
    llm = getattr(settings, "llm", settings)
    if not llm.enabled:
        return None
    if task == "rules" and getattr(llm, "rules_answers", "model") == "text":
        return None  # rules answers are the cited text (TABLETOP_LLM_RULES_ANSWERS=text)
    if not llm.base_url and getattr(llm, "gguf", None):
        return _local_model(llm, task, temperature)
    import httpx
    from pydantic import SecretStr

    from assistant.llm_calls import TASK_MAX_TOKENS, TASK_STOP, limits_for  # LangChain: only when there is an endpoint

    if _MODEL_CLASS is None:
        _MODEL_CLASS = _endpoint_model_class()
    limits = limits_for(task, llm.timeout)
    key = llm.api_key.get() if llm.api_key else "not-needed"
    return _MODEL_CLASS(
        model=llm.model,
        base_url=llm.base_url,
        api_key=SecretStr(key),
        timeout=httpx.Timeout(limits.first_token, connect=limits.connect),
        max_retries=max_retries,
        temperature=TASK_TEMPERATURE.get(task, 0.0) if temperature is None else temperature,
        streaming=streaming,
        stream_chunk_timeout=limits.first_token,
        extra_body={"max_tokens": TASK_MAX_TOKENS.get(task, 300)},
        stop=list(TASK_STOP[task]) if task in TASK_STOP else None,
        task=task,
        turn_timeout=float(llm.timeout),
        url_from=getattr(llm, "url_from", "environment"),
        planning=getattr(llm, "planning", "auto"),
    )


def _local_model(llm: Any, task: str, temperature: float | None) -> Any:
    """The in-process llama.cpp model for ``TABLETOP_LLM_GGUF`` (:mod:`assistant.llm_local`)."""
    from assistant.llm_calls import TASK_MAX_TOKENS, TASK_STOP
    from assistant.llm_local import LlamaCppChatModel

    planning = getattr(llm, "planning", "auto")
    return LlamaCppChatModel(
        model_path=str(llm.gguf),
        max_tokens=TASK_MAX_TOKENS.get(task, 300),
        temperature=TASK_TEMPERATURE.get(task, 0.0) if temperature is None else temperature,
        stop=list(TASK_STOP.get(task, ())),
        task=task,
        turn_timeout=float(llm.timeout),
        planning="json" if planning in ("auto", "tools") else planning,
    )
