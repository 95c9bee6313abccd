"""The one place a chat model for the configured OpenAI-compatible endpoint is built.

Rules answers, move re-ranking, turn planning and narration all call :func:`chat_model`; each task only
chooses its temperature, retries and streaming. With no endpoint configured it returns None (offline).
"""

from __future__ import annotations

from typing import Any


def chat_model(settings: Any = None, *, temperature: float = 0.0, streaming: bool = False, max_retries: int = 1) -> Any | None:
    """A ``ChatOpenAI`` for the endpoint in ``settings`` (a :class:`~assistant.config.Settings`, its ``.llm``,
    or None to read the environment), or None when no endpoint is configured. The key stays a secret."""
    if settings is None:
        from assistant.config import load_settings

        settings = load_settings()
    llm = getattr(settings, "llm", settings)
    if not llm.enabled:
        return None
    from langchain_openai import ChatOpenAI
    from pydantic import SecretStr

    key = llm.api_key.get() if llm.api_key else "not-needed"
    return ChatOpenAI(
        model=llm.model,
        base_url=llm.base_url,
        api_key=SecretStr(key),
        timeout=llm.timeout,
        max_retries=max_retries,
        temperature=temperature,
        streaming=streaming,
    )
