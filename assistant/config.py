"""Settings, read from the environment (and later from the UI's settings page).

Every setting has an offline default. Secrets (the LLM API key) are held in :class:`Secret` so that
they never appear in ``repr``, logs, saved campaigns or exports.

| variable | meaning | default |
|---|---|---|
| ``TABLETOP_HOME`` | where campaigns, the rules index and caches live | ``~/.local/share/tabletop-oracle`` |
| ``TABLETOP_LLM_BASE_URL`` | OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) | unset: offline |
| ``TABLETOP_LLM_MODEL`` | model name at that endpoint | ``gpt-4o-mini`` |
| ``TABLETOP_LLM_API_KEY`` (or ``OPENAI_API_KEY``) | key for the endpoint | unset |
| ``TABLETOP_LLM_TIMEOUT`` | seconds before an LLM call falls back to offline | ``30`` |
| ``TABLETOP_CHROMA_URL`` | a Chroma server (``http://host:port``); unset = embedded on disk | unset |
| ``TABLETOP_DATABASE_URL`` (or ``DATABASE_URL``) | SQLAlchemy URL for PostgreSQL; unset = SQLite | unset |
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


class Secret:
    """A string that does not print itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def get(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('**********')"

    __str__ = __repr__

    def __bool__(self) -> bool:
        return bool(self._value)


def _env(name: str, *alternatives: str) -> str | None:
    for key in (name, *alternatives):
        value = os.environ.get(key)
        if value:
            return value
    return None


@dataclass(frozen=True)
class LLMSettings:
    base_url: str | None = None
    model: str = "gpt-4o-mini"
    api_key: Secret | None = field(default=None, repr=False)
    timeout: float = 30.0

    @property
    def enabled(self) -> bool:
        return bool(self.base_url)


@dataclass(frozen=True)
class Settings:
    home: Path
    llm: LLMSettings
    chroma_url: str | None = None
    database_url: str | None = field(default=None, repr=False)

    @property
    def index_dir(self) -> Path:
        return self.home / "rules_index"

    @property
    def campaigns_dir(self) -> Path:
        return self.home / "campaigns"


def load_settings() -> Settings:
    """Read the settings from the environment (call again after changing it)."""
    home = Path(_env("TABLETOP_HOME") or Path.home() / ".local" / "share" / "tabletop-oracle").expanduser()
    key = _env("TABLETOP_LLM_API_KEY", "OPENAI_API_KEY")
    timeout_text = _env("TABLETOP_LLM_TIMEOUT")
    try:
        timeout = float(timeout_text) if timeout_text else 30.0
    except ValueError:
        timeout = 30.0
    llm = LLMSettings(
        base_url=_env("TABLETOP_LLM_BASE_URL"),
        model=_env("TABLETOP_LLM_MODEL") or "gpt-4o-mini",
        api_key=Secret(key) if key else None,
        timeout=timeout,
    )
    return Settings(
        home=home,
        llm=llm,
        chroma_url=_env("TABLETOP_CHROMA_URL"),
        database_url=_env("TABLETOP_DATABASE_URL", "DATABASE_URL"),
    )
