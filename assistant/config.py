"""Settings, read from the environment (and later from the UI's settings page).

Every setting has an offline default. Secrets (the LLM API key) are held in :class:`Secret` so that
they never appear in ``repr``, logs, saved campaigns or exports.

Trust: the server's own key (environment or Streamlit secrets) is only ever sent to the server's own
endpoint (``TABLETOP_LLM_BASE_URL``). A visitor who names another endpoint in the app brings their own key
(:func:`visitor_llm`); the operator can lock the endpoint and model with ``TABLETOP_LLM_LOCKED=1``.

| variable | meaning | default |
|---|---|---|
| ``TABLETOP_HOME`` | where campaigns, the rules index and caches live | ``~/.local/share/tabletop-oracle`` |
| ``TABLETOP_LLM_BASE_URL`` | OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, llama.cpp) | unset: offline |
| ``TABLETOP_LLM_MODEL`` | model name at that endpoint | ``gpt-4o-mini`` |
| ``TABLETOP_LLM_API_KEY`` (or ``OPENAI_API_KEY``) | key for the endpoint | unset |
| ``TABLETOP_LLM_TIMEOUT`` | seconds a turn waits for the LLM before it goes on offline (each call's deadline) | ``30`` |
| ``TABLETOP_LLM_PLANNING`` | how the LLM plans: ``auto`` (ask the endpoint once), ``tools``, ``json``, ``off`` | ``auto`` |
| ``TABLETOP_LLM_STORY_SENTENCES`` | the most sentences the model adds after the engine's opening (one more without) | ``1`` |
| ``TABLETOP_LLM_NARRATION_TASK`` | ``add``: a model sentence after the opening; ``rewrite``: the outcome retold | ``add`` |
| ``TABLETOP_LLM_NARRATE_KINDS`` | kinds of turn the model tells (``oracle yes, weak hit``); others: the engine | ``all`` |
| ``TABLETOP_LLM_RULES_ANSWERS`` | ``model``: rules answers in the model's words, checked; ``text``: the cited text | ``model`` |
| ``TABLETOP_LLM_GGUF`` | a local GGUF model run in-process by llama.cpp (the ``local`` extra), when no base URL is set | unset |
| ``TABLETOP_LLM_LOCKED`` | ``1``: visitors of the web app cannot change the endpoint or model | unset |
| ``TABLETOP_CHROMA_URL`` | a Chroma server (``http://host:port``); unset = embedded on disk | unset |
| ``TABLETOP_DATABASE_URL`` (or ``DATABASE_URL``) | SQLAlchemy URL for PostgreSQL; unset = SQLite | unset |
"""

from __future__ import annotations

import dataclasses
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from assistant.errors import ConfigError
from assistant.narration_kinds import KINDS, parse_kinds

log = logging.getLogger(__name__)

PLANNING_MODES = ("auto", "tools", "json", "off")
RULES_ANSWERS = ("model", "text")
NARRATION_TASKS = ("add", "rewrite")
"""What the narrating model is asked to write (``TABLETOP_LLM_NARRATION_TASK``; see :mod:`assistant.chat.narration_rewrite`)."""
STORY_SENTENCES = 1
"""The default of ``TABLETOP_LLM_STORY_SENTENCES``: why one, in :data:`assistant.narrate.request.STORY_SENTENCES`."""


class Secret:
    """A string that does not print itself."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        from assistant.secrets import remember

        self._value = value
        remember(value)  # from now on, scrubbed from whatever we print, store, log or export

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
    url_from: str = "environment"
    """Where the endpoint came from: ``environment`` (``TABLETOP_LLM_BASE_URL``) or ``app`` (the Settings form);
    error messages name that setting."""
    planning: str = "auto"
    """``auto``, ``tools``, ``json`` or ``off`` (see :mod:`assistant.chat.planning_mode`)."""
    story_turns: int = 0
    """How many earlier stories the narrating model reads (``TABLETOP_LLM_STORY_TURNS``; see
    :data:`assistant.narrate.request.STORY_TURNS`)."""
    story_sentences: int = 1
    """The most sentences the narrating model adds after the engine's opening (``TABLETOP_LLM_STORY_SENTENCES``; see
    :data:`assistant.narrate.request.STORY_SENTENCES`)."""
    narration_task: str = "add"
    """``add`` (a sentence after the engine's opening) or ``rewrite`` (the opening's outcome sentence retold with one
    detail, kept only when it keeps that sentence's words and passes the guard; ``TABLETOP_LLM_NARRATION_TASK``)."""
    narrate_kinds: tuple[str, ...] = ()
    """The kinds of turn the model adds its words to (``TABLETOP_LLM_NARRATE_KINDS``; ``()``: every kind; see
    :mod:`assistant.narration_kinds`); every other turn is told in the engine's own words, as offline."""
    rules_answers: str = "model"
    """``model``: a rules question is answered in the model's words, each sentence checked against the passage it
    cites; ``text``: the cited rules text, as offline, with the model still narrating (``TABLETOP_LLM_RULES_ANSWERS``;
    a small model's answers were right less often than the text they cite)."""
    gguf: str | None = None
    """A local model file for the in-process llama.cpp provider (:mod:`assistant.llm_local`), used without a base URL."""

    @property
    def enabled(self) -> bool:
        return bool(self.base_url or self.gguf)


@dataclass(frozen=True)
class Settings:
    home: Path
    llm: LLMSettings
    llm_locked: bool = False
    """The operator fixed the endpoint and model: the app's visitors cannot change them."""
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
    if not 0 < timeout < 3600:  # NaN, negative or absurd: the default
        timeout = 30.0
    planning = (_env("TABLETOP_LLM_PLANNING") or "auto").strip().lower()
    turns_text = (_env("TABLETOP_LLM_STORY_TURNS") or "").strip()
    story_turns = int(turns_text) if turns_text.isdigit() else 0
    sentences_text = (_env("TABLETOP_LLM_STORY_SENTENCES") or "").strip()
    story_sentences = int(sentences_text) if sentences_text.isdigit() and int(sentences_text) > 0 else STORY_SENTENCES
    task = (_env("TABLETOP_LLM_NARRATION_TASK") or "add").strip().lower()
    rules_answers = (_env("TABLETOP_LLM_RULES_ANSWERS") or "model").strip().lower()
    if rules_answers not in RULES_ANSWERS:  # a typo must not pass unseen: the operator reads the log
        log.warning("TABLETOP_LLM_RULES_ANSWERS: %r is neither %s; the model answers", rules_answers, " nor ".join(RULES_ANSWERS))
    kinds, unknown = parse_kinds(_env("TABLETOP_LLM_NARRATE_KINDS"))
    if unknown:  # named in the environment, so said in the log the operator reads (a typo must not pass unseen)
        log.warning(
            "TABLETOP_LLM_NARRATE_KINDS: %s names no kind of turn (the kinds: all, none, %s)",
            ", ".join(unknown),
            ", ".join(KINDS),
        )
    llm = LLMSettings(
        base_url=_env("TABLETOP_LLM_BASE_URL"),
        model=_env("TABLETOP_LLM_MODEL") or "gpt-4o-mini",
        api_key=Secret(key) if key else None,
        timeout=timeout,
        planning=planning if planning in PLANNING_MODES else "auto",
        gguf=_env("TABLETOP_LLM_GGUF"),
        story_turns=min(story_turns, 50),
        story_sentences=min(story_sentences, 8),
        narration_task=task if task in NARRATION_TASKS else "add",
        narrate_kinds=kinds,
        rules_answers=rules_answers if rules_answers in RULES_ANSWERS else "model",
    )
    return Settings(
        home=home,
        llm=llm,
        llm_locked=(_env("TABLETOP_LLM_LOCKED") or "").strip().lower() in {"1", "true", "yes", "on"},
        chroma_url=_env("TABLETOP_CHROMA_URL"),
        database_url=_env("TABLETOP_DATABASE_URL", "DATABASE_URL"),
    )


# ---- who may send which key where ---------------------------------------------------------------------

_URL_BAD_CHARS = set("\\@ \t\r\n")


def endpoint_identity(url: str) -> str:
    """The canonical form of an OpenAI-compatible endpoint URL (``scheme://host:port/path``), used to decide
    whether two URLs name the same server. Raises :class:`ConfigError` for anything but a plain http(s) URL
    (no user:password part, no query, no backslashes or spaces: the forms URL parsers disagree on)."""
    text = url.strip()
    if any(c in _URL_BAD_CHARS or ord(c) < 32 or ord(c) == 127 for c in text):
        raise ConfigError(
            "An LLM endpoint is a plain http(s) URL such as http://127.0.0.1:11434/v1 "
            "(no user name or password in it, no spaces)."
        )
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise ConfigError("That LLM endpoint is not a URL; use one like http://127.0.0.1:11434/v1.") from None
    if parts.scheme.lower() not in {"http", "https"} or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError("An LLM endpoint is an http:// or https:// URL such as http://127.0.0.1:11434/v1.")
    scheme = parts.scheme.lower()
    port = port or (443 if scheme == "https" else 80)
    return f"{scheme}://{parts.hostname.lower()}:{port}{parts.path.rstrip('/')}"


def same_endpoint(a: str | None, b: str | None) -> bool:
    """Whether ``a`` and ``b`` name the same endpoint (False when either is missing or malformed)."""
    if not a or not b:
        return False
    try:
        return endpoint_identity(a) == endpoint_identity(b)
    except ConfigError:
        return False


def visitor_llm(
    server: LLMSettings,
    *,
    base_url: str = "",
    model: str = "",
    api_key: Secret | None = None,
    locked: bool = False,
) -> LLMSettings:
    """The LLM settings for a visitor of the app who typed ``base_url``/``model``/``api_key`` (empty: keep the
    server's), on top of the ``server``'s own settings (its key from the environment or Streamlit secrets).

    The server's key goes only to the server's own endpoint: a visitor who names another endpoint gets
    only the key they typed (or none, for a local server that needs none). With ``locked`` the server's
    endpoint and model stand whatever the visitor typed. A malformed visitor URL raises :class:`ConfigError`."""
    wanted = (base_url or "").strip()
    if locked or not wanted or same_endpoint(wanted, server.base_url):
        return dataclasses.replace(  # the operator's other choices stand (narrated kinds, rules answers, story turns…)
            server,
            model=server.model if locked else ((model or "").strip() or server.model),
            api_key=api_key or server.api_key,
            url_from="app" if wanted and not locked else server.url_from,
        )
    endpoint_identity(wanted)  # refuse a malformed URL before anything is sent anywhere
    return dataclasses.replace(
        server, base_url=wanted, model=(model or "").strip() or server.model, api_key=api_key, url_from="app", gguf=None
    )
