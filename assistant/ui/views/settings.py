"""The Settings tab: the LLM endpoint (base URL, model, key), narration style and auto-roll.

The key may come from ``st.secrets``, the environment, or this form. A key typed here lives only in
this browser session's state: it is never shown back, logged, or saved into a campaign."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from assistant.config import Secret
from assistant.ui import state

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
    p.base_url = str(st.session_state.get("settings_base_url") or "").strip()
    p.model = str(st.session_state.get("settings_model") or "").strip()
    typed = str(st.session_state.get("settings_api_key") or "").strip()
    if typed:
        p.api_key = Secret(typed)
    st.session_state["settings_api_key"] = ""  # the typed key never goes back to the browser
    p.style = str(st.session_state.get("settings_style") or "vivid")
    p.auto_roll = bool(st.session_state.get("settings_auto_roll"))
    state.forget_sessions()
    st.session_state["settings_saved"] = True


def _forget_key() -> None:
    state.prefs().api_key = None
    st.session_state["settings_api_key"] = ""
    state.forget_sessions()


def render() -> None:
    p = state.prefs()
    settings = state.effective_settings()
    if settings.llm.enabled:
        st.success(
            f"Narration by the LLM at {redact_url(settings.llm.base_url or '')} (model {settings.llm.model}); "
            "the engine still decides every number."
        )
    else:
        st.info(
            "Offline: narration comes from templates and rules answers are the cited passages. "
            "Set an OpenAI-compatible endpoint below to add LLM narration."
        )
    st.text_input(
        "LLM base URL",
        value=p.base_url,
        key="settings_base_url",
        placeholder="http://127.0.0.1:11434/v1 (empty: use TABLETOP_LLM_BASE_URL, or offline)",
    )
    st.text_input("Model", value=p.model, key="settings_model", placeholder=settings.llm.model)
    source = state.key_source()
    st.text_input(
        "API key",
        type="password",
        key="settings_api_key",
        placeholder="a key is set" if source else "sk-…",
        help="Kept only for this browser session; never shown again or saved into campaigns.",
    )
    st.caption(f"API key: set ({source})." if source else "API key: none.")
    st.radio(
        "Narration style", STYLES, index=STYLES.index(p.style) if p.style in STYLES else 0, key="settings_style", horizontal=True
    )
    st.checkbox("Auto-roll the best suggested move (no confirmation)", value=p.auto_roll, key="settings_auto_roll")
    cols = st.columns(2)
    cols[0].button("Save settings", key="settings_save", on_click=_save, type="primary")
    cols[1].button("Forget the key typed here", key="settings_forget_key", on_click=_forget_key)
    if st.session_state.pop("settings_saved", False):
        st.success("Saved for this browser session.")
