"""The Settings tab: the LLM endpoint (base URL, model, key), narration style and auto-roll.

The key may come from ``st.secrets``, the environment, or this form. A key typed here lives only in
this browser session's state: it is never shown back, logged, or saved into a campaign. The server's own key
is only sent to the server's own endpoint: a visitor who names another endpoint must type their own key, and
with ``TABLETOP_LLM_LOCKED=1`` the endpoint and model cannot be changed here at all."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from assistant import llm_backoff
from assistant.config import ConfigError, Secret, endpoint_identity, same_endpoint
from assistant.ui import state
from assistant.ui.connection import test_connection

STYLES = ("vivid", "terse")


def redact_url(url: str) -> str:
    """The URL without any user:password part."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "(unreadable URL)"
    host = parts.hostname or ""
    if parts.port:
        host += f":{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def _save() -> None:
    p = state.prefs()
    server = state.server_settings()
    if not server.llm_locked:
        url = str(st.session_state.get("settings_base_url") or "").strip()
        if url:
            try:
                endpoint_identity(url)
            except ConfigError as exc:
                typed_key = bool(str(st.session_state.get("settings_api_key") or "").strip())
                again = " Correct the URL, type the API key again (it is not kept) and save." if typed_key else ""
                st.session_state["settings_error"] = f"{exc.message} Nothing was saved, the key neither.{again}"
                st.session_state["settings_api_key"] = ""
                return
        p.base_url = url
        p.model = str(st.session_state.get("settings_model") or "").strip()
    typed = str(st.session_state.get("settings_api_key") or "").strip()
    if typed:
        p.api_key = Secret(typed)
    st.session_state["settings_api_key"] = ""  # the typed key never goes back to the browser
    p.style = str(st.session_state.get("settings_style") or "vivid")
    p.auto_roll = bool(st.session_state.get("settings_auto_roll"))
    state.keep_prefs_in_url(p)
    state.forget_sessions()
    llm_backoff.answered(llm_backoff.endpoint_key(state.effective_settings().llm))  # try a saved endpoint at once
    st.session_state["settings_saved"] = True


def _test_connection() -> None:
    llm_backoff.answered(llm_backoff.endpoint_key(state.effective_settings().llm))  # a test always really tries
    report = test_connection(state.effective_settings().llm)
    st.session_state["settings_test_result"] = (report.ok, report.message)


def _forget_key() -> None:
    state.prefs().api_key = None
    st.session_state["settings_api_key"] = ""
    state.forget_sessions()


def render() -> None:
    p = state.prefs()
    settings = state.effective_settings()
    if settings.llm.enabled and not settings.llm.base_url:
        st.success("Narration by a local model on this server; the engine still decides every number.")
    elif settings.llm.enabled:
        st.success(
            f"Narration by the LLM at {redact_url(settings.llm.base_url or '')} (model {settings.llm.model}); "
            "the engine still decides every number."
        )
    else:
        st.info(
            "Offline: narration comes from templates and rules answers are the cited passages. "
            "Set an OpenAI-compatible endpoint below to add LLM narration."
        )
    server = state.server_settings()
    if server.llm_locked:
        st.caption("The endpoint and model are set by the server's operator and cannot be changed here.")
    st.text_input(
        "LLM base URL",
        value=p.base_url if not server.llm_locked else redact_url(server.llm.base_url or ""),
        key="settings_base_url",
        placeholder="http://127.0.0.1:11434/v1 (empty: the server's endpoint, or offline)",
        disabled=server.llm_locked,
    )
    st.text_input(
        "Model",
        value=p.model if not server.llm_locked else "",
        key="settings_model",
        placeholder=settings.llm.model,
        disabled=server.llm_locked,
    )
    st.text_input(
        "API key",
        type="password",
        key="settings_api_key",
        placeholder="a key is set" if p.api_key else "sk-…",
        help="Kept only for this browser session; never shown again or saved into campaigns.",
    )
    whose = state.key_in_use(settings)
    st.caption(f"API key: {whose}." if whose else "API key: none.")
    if settings.llm.enabled and not same_endpoint(settings.llm.base_url, server.llm.base_url) and server.llm.api_key:
        st.caption("The server's own key is only sent to the server's own endpoint; for another endpoint, enter your own key.")
    st.radio(
        "Narration style", STYLES, index=STYLES.index(p.style) if p.style in STYLES else 0, key="settings_style", horizontal=True
    )
    st.checkbox("Auto-roll the best suggested move (no confirmation)", value=p.auto_roll, key="settings_auto_roll")
    cols = st.columns(3)
    cols[0].button("Save settings", key="settings_save", on_click=_save, type="primary")
    cols[1].button("Test connection", key="settings_test", on_click=_test_connection, disabled=not settings.llm.enabled)
    cols[2].button("Forget the key typed here", key="settings_forget_key", on_click=_forget_key)
    if error := st.session_state.pop("settings_error", ""):
        st.error(error)
    if st.session_state.pop("settings_saved", False):
        st.success(
            "Saved. The page's address keeps these settings, so a reload or a bookmark keeps them; "
            "an API key typed here is never kept and must be entered again after a reload."
        )
    if tested := st.session_state.pop("settings_test_result", None):
        ok, message = tested
        (st.success if ok else st.error)(message)
