"""Export and import of a campaign's journal in the app: Markdown (to read) and Iron Vault (to go on in
Obsidian), both readable back by import. Files go through the store service, as `assistant campaign
export|import` do; an import that fails changes nothing and says why."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from assistant.store import service
from assistant.ui import state
from assistant.ui.components.phone import fold_sidebar
from assistant.ui.errors import friendly_message

FORMATS = {"markdown": ("Markdown journal", "md"), "ironvault": ("Iron Vault journal (Obsidian)", "md")}
#: The largest journal file the app reads (a long campaign's journal is a few megabytes at most).
MAX_IMPORT_BYTES = 20 * 1024 * 1024


def file_name(campaign: str, fmt: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", campaign).strip("-").lower() or "campaign"
    suffix = "-ironvault" if fmt == "ironvault" else ""
    return f"{stem}{suffix}.{FORMATS[fmt][1]}"


def _import(uploaded: Any) -> None:
    if uploaded is None:
        return
    data = uploaded.getvalue()
    if len(data) > MAX_IMPORT_BYTES:
        st.session_state["sidebar_error"] = "That file is too large to be one of our journals."
        return
    try:
        text = data.decode("utf-8")
        name = service.import_journal(text, store=service.get_store(state.effective_settings()))
    except UnicodeDecodeError:
        st.session_state["sidebar_error"] = "That file is not a text journal (it is not UTF-8 text)."
        return
    except Exception as exc:  # noqa: BLE001 - shown in the player's words
        st.session_state["sidebar_error"] = friendly_message(exc, "importing the journal")
        return
    state.open_campaign(name)
    st.session_state["campaign_pick"] = name
    st.session_state["sidebar_notice"] = f"Imported as “{name}”."
    fold_sidebar()


def journal_writer(campaign: str, fmt: str) -> Any:
    """The journal's bytes, written when the player clicks (a long campaign is not exported on every rerun)."""
    store = service.get_store(state.effective_settings())

    def write() -> bytes:
        return service.export(campaign, fmt, store=store).encode("utf-8")

    return write


def render_export(campaign: str) -> None:
    """Download buttons for the open campaign's journals."""
    for fmt, (title, _suffix) in FORMATS.items():
        st.download_button(
            f"Export: {title}",
            data=journal_writer(campaign, fmt),
            file_name=file_name(campaign, fmt),
            mime="text/markdown",
            key=f"export_{fmt}",
            on_click="ignore",
        )


def render_import() -> None:
    """A file picker that creates a campaign from one of our journals."""
    uploaded = st.file_uploader(
        "Import a journal (Markdown or Iron Vault, as exported here)",
        type=["md", "markdown", "txt"],
        key="import_journal",
        help="Creates a new campaign; nothing existing is changed.",
        max_upload_size=MAX_IMPORT_BYTES // (1024 * 1024),  # the picker says the size the app reads (it said 200MB)
    )
    if uploaded is not None and st.session_state.get("imported_file") != uploaded.file_id:
        st.session_state["imported_file"] = uploaded.file_id
        _import(uploaded)
        st.rerun()
