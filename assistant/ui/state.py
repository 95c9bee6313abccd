"""Everything the app keeps between reruns, in ``st.session_state``, and the shared per-process resources.

* One :class:`~assistant.chat.session.ChatSession` per campaign (and per settings), kept in this browser
  session's state: it may carry an API key typed in the Settings tab, so it is never shared between browsers.
* The embedding model is process-wide (``st.cache_resource``): it loads once, not once per rerun.
* The transcript is read from the campaign store (new events only), so a reload loses nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass, field
from typing import Any

import streamlit as st

from assistant.config import ConfigError, Secret, Settings, load_settings, visitor_llm
from assistant.store import service
from assistant.store.events import StoredEvent

# ---- keys in st.session_state ------------------------------------------------------------------
CAMPAIGN = "campaign"
"""The open campaign's name (None until one is picked or created)."""
SESSIONS = "chat_sessions"
PREFS = "prefs"
PENDING = "pending"
ACTION = "queued_action"
EVENTS = "event_cache"

SECRET_NAMES = ("TABLETOP_LLM_API_KEY", "OPENAI_API_KEY")


@dataclass
class Prefs:
    """The Settings tab's values for this browser session. ``api_key`` never leaves this object except
    into the LLM settings handed to the chat session; it is never rendered or stored."""

    base_url: str = ""
    model: str = ""
    api_key: Secret | None = field(default=None, repr=False)
    style: str = "vivid"
    auto_roll: bool = False


@dataclass
class Pending:
    """What the last turn left open: suggestions to confirm, choices to pick, a message to show."""

    campaign: str = ""
    player_text: str = ""
    suggestions: list[Any] = field(default_factory=list)
    choices: list[Any] = field(default_factory=list)
    burn: str = ""
    """When burning momentum (or focus) would improve the last move: the outcome it would give."""
    burn_meter: str = ""
    """The meter that would burn (``momentum``, ``focus``)."""
    next_steps: list[Any] = field(default_factory=list)
    """Buttons for the follow-ups of the last turn (``assistant.ui.components.follow_ups.NextStep``)."""
    message: str = ""
    level: str = "info"
    shown_in_turn: bool = False
    """The message was just drawn in the turn's own bubble: the panel leaves it out this once (a later rerun, which
    draws no bubble for an error, shows it in the panel)."""
    event_seq: int | None = None
    """The move the open choices and the burn belong to (a choice or burn acts on it, or is refused)."""
    question: Any = None
    """The chat's open question (``assistant.chat.questions.Question``): a button per answer."""
    resume_text: str = ""
    """After a reload: the player's last action when its suggestions were still on offer (shown again)."""
    whose: str = ""
    """The name of the one whose move the open choices belong to, when not the one playing ("Mara"); else ""."""


@dataclass(frozen=True)
class Action:
    """Something the player asked for, queued by a widget callback and run once in the chat area."""

    kind: str
    """``send``, ``confirm``, ``choose``, ``answer``, ``undo``, ``oracle``, ``table``, ``price`` or ``dice``."""
    text: str = ""
    payload: Any = None
    options: dict[str, Any] = field(default_factory=dict)


#: The settings kept in the page's address, so a reload (or a bookmark) keeps them: never the API key.
URL_PREFS = {"style": "style", "auto_roll": "auto_roll", "base_url": "llm", "model": "model"}


def prefs() -> Prefs:
    if PREFS not in st.session_state:
        st.session_state[PREFS] = prefs_from_url()
    value: Prefs = st.session_state[PREFS]
    return value


def prefs_from_url() -> Prefs:
    """The settings the address carries (``?style=terse&auto_roll=1&llm=...&model=...``); the key is never there."""
    params = st.query_params
    p = Prefs()
    style = params.get(URL_PREFS["style"])
    if style in ("vivid", "terse"):
        p.style = style
    p.auto_roll = params.get(URL_PREFS["auto_roll"]) == "1"
    p.base_url = str(params.get(URL_PREFS["base_url"]) or "")[:500]
    p.model = str(params.get(URL_PREFS["model"]) or "")[:200]
    return p


def keep_prefs_in_url(p: Prefs) -> None:
    """Write the settings (never the key) into the page's address, leaving out the defaults."""
    values = {"style": p.style if p.style != "vivid" else "", "auto_roll": "1" if p.auto_roll else "",
              "base_url": p.base_url, "model": p.model}  # fmt: skip
    for name, value in values.items():
        key = URL_PREFS[name]
        if value:
            st.query_params[key] = value
        elif key in st.query_params:
            del st.query_params[key]


def queue(action: Action) -> None:
    st.session_state[ACTION] = action


def take_action() -> Action | None:
    action: Action | None = st.session_state.pop(ACTION, None)
    return action


def pending() -> Pending:
    value = st.session_state.get(PENDING)
    if not isinstance(value, Pending) or value.campaign != (st.session_state.get(CAMPAIGN) or ""):
        from assistant.ui.restored import restored_pending

        value = restored_pending(st.session_state.get(CAMPAIGN) or "")
        st.session_state[PENDING] = value
    return value


def clear_pending() -> None:
    st.session_state[PENDING] = Pending(campaign=st.session_state.get(CAMPAIGN) or "")


def current_campaign() -> str | None:
    name = st.session_state.get(CAMPAIGN)
    return name if isinstance(name, str) and name else None


#: The URL query parameter that names the open campaign, so a reload (or a bookmark) reopens it.
URL_CAMPAIGN = "campaign"


def open_campaign(name: str | None) -> None:
    if name != current_campaign():
        st.session_state[CAMPAIGN] = name
        st.session_state.pop(PENDING, None)  # read again from the campaign's log when next needed
    if name and st.query_params.get(URL_CAMPAIGN) != name:
        st.query_params[URL_CAMPAIGN] = name
    elif not name and URL_CAMPAIGN in st.query_params:
        del st.query_params[URL_CAMPAIGN]


def campaign_in_url() -> str | None:
    """The campaign the page's address names (``?campaign=Iron+Wake``), if any."""
    name = st.query_params.get(URL_CAMPAIGN)
    return name if isinstance(name, str) and name.strip() else None


# ---- settings ------------------------------------------------------------------------------------
def _secret_from_streamlit() -> str | None:
    """The API key from ``.streamlit/secrets.toml``, if there is one (no secrets file is fine)."""
    for name in SECRET_NAMES:
        try:
            value = st.secrets.get(name)
        except Exception:  # noqa: BLE001 - no secrets file, or an unreadable one: no key from there
            return None
        if value:
            return str(value)
    return None


def server_settings() -> Settings:
    """The operator's settings: the environment, with a key from Streamlit secrets when the environment has none."""
    base = load_settings()
    if base.llm.api_key is None and (s := _secret_from_streamlit()):
        base = dataclasses.replace(base, llm=dataclasses.replace(base.llm, api_key=Secret(s)))
    return base


def effective_settings() -> Settings:
    """The operator's settings with this browser session's LLM choices on top. The server's key is only sent to
    the server's own endpoint (see :func:`assistant.config.visitor_llm`); a visitor's endpoint gets the visitor's
    key. A malformed endpoint typed by the visitor is ignored here (the Settings tab refuses it when saved)."""
    base = server_settings()
    p = prefs()
    try:
        llm = visitor_llm(base.llm, base_url=p.base_url, model=p.model, api_key=p.api_key, locked=base.llm_locked)
    except ConfigError:
        llm = visitor_llm(base.llm, model=p.model, api_key=p.api_key, locked=base.llm_locked)
    return dataclasses.replace(base, llm=llm)


def key_in_use(settings: Settings) -> str:
    """Whose key the LLM calls carry (for the Settings tab; never the key itself)."""
    if settings.llm.api_key is None:
        return ""
    if prefs().api_key is not None and settings.llm.api_key is prefs().api_key:
        return "yours, entered in this browser session"
    return "the server's"


def _fingerprint(settings: Settings, p: Prefs) -> str:
    key = settings.llm.api_key.get() if settings.llm.api_key else ""
    raw = "\n".join(
        [settings.llm.base_url or "", settings.llm.model, key, p.style, str(p.auto_roll), service.get_store(settings).url]
    )
    return hashlib.sha256(raw.encode()).hexdigest()


# ---- shared resources ----------------------------------------------------------------------------
@st.cache_resource(show_spinner="Loading the move and rules model (once)…")
def shared_embedder() -> Any:
    """The embedding model, loaded once per process and shared by every browser session."""
    from assistant.suggest import default_embedder

    return default_embedder()


@st.cache_resource(show_spinner=False)
def warm_start() -> Any:
    """Start, once per server, loading the model, the rules index and the move vectors in the background
    (``TABLETOP_WARM_START=0`` turns it off); the page draws meanwhile."""
    from assistant.prepare import start_warm_start

    return start_warm_start()


def wait_until_ready() -> None:
    """Before a turn or a rules question: wait for the warm start if it is still running, saying what it does."""
    warm = warm_start()
    if not warm.done.is_set():
        with st.spinner(f"Getting ready for the first question ({warm.step})…"):
            warm.wait()


@st.cache_resource(show_spinner="Loading the move model (once per server)…")
def warm_embedder() -> bool:
    """Load the model's weights now (the first use would otherwise stall the first turn without a word)."""
    wait_until_ready()
    embedder = shared_embedder()
    if hasattr(embedder, "embed_query"):
        embedder.embed_query("warm up")
    return True


def chat_session(name: str) -> Any:
    """The chat session of campaign ``name`` for this browser session's settings (created on first use)."""
    from assistant.chat.session import ChatSession

    settings = effective_settings()
    p = prefs()
    key = (name, _fingerprint(settings, p))
    sessions: dict[tuple[str, str], Any] = st.session_state.setdefault(SESSIONS, {})
    if key not in sessions:
        for old in [k for k in sessions if k[0] == name]:
            del sessions[old]
        sessions[key] = ChatSession.open(
            name, settings=settings, auto_roll=p.auto_roll, style=p.style, embedder=shared_embedder(), cards_shown=True
        )
    return sessions[key]


def playing_character() -> str | None:
    """The id of the character the player plays in the open campaign: its chat session's, or the store's before the
    session is open (a page drawing the campaign's log first); None without a campaign."""
    name = current_campaign()
    if not name:
        return None
    for (campaign, _), session in st.session_state.get(SESSIONS, {}).items():
        if campaign == name:
            return str(session.state.active_character or "") or None
    try:
        return str(service.get_store(effective_settings()).load(name).active_character or "") or None
    except Exception:  # noqa: BLE001 - a campaign that cannot be read: the Play tab says why
        return None


def campaign_system(name: str | None) -> str | None:
    """The system of campaign ``name`` (None when there is none or it cannot be read; the Play tab says why)."""
    if not name:
        return None
    try:
        return service.get_store(effective_settings()).info(name).system
    except Exception:  # noqa: BLE001 - reported where the campaign is opened
        return None


def forget_sessions() -> None:
    """Drop the chat sessions (after a settings change: the next turn opens them with the new settings)."""
    st.session_state[SESSIONS] = {}


def reload_sessions() -> None:
    """Re-read the campaigns of the open chat sessions (after a change this player made outside a turn, in the
    sidebar): the change is theirs, so a pick still waiting under it is made over it (the store carries it)."""
    for session in st.session_state.get(SESSIONS, {}).values():
        try:
            session.known.catch_up(session.reload().undo_stack)
        except Exception:  # noqa: BLE001 - a vanished campaign: the session is dropped instead
            forget_sessions()
            return


# ---- the transcript ------------------------------------------------------------------------------
def campaign_events(name: str) -> list[StoredEvent]:
    """All events of ``name``, read incrementally (only new ones hit the store)."""
    cache: dict[str, list[StoredEvent]] = st.session_state.setdefault(EVENTS, {})
    known = cache.get(name, [])
    after = known[-1].seq if known else 0
    fresh = service.get_store(effective_settings()).events(name, after=after)
    if fresh:
        known = [*known, *fresh]
        cache[name] = known
    return known
