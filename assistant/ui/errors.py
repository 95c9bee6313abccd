"""Friendly errors at the page boundary: an ``st.error`` saying what to do, never a traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st

from assistant.errors import AssistantError, ConfigError

log = logging.getLogger("ui")

UNEXPECTED = (
    "Something went wrong while {what}. Nothing was changed by the failed step; try again, "
    "or reload the page. If it keeps happening, run `assistant ui` from a terminal to see the log."
)


def friendly_message(exc: BaseException, what: str) -> str:
    """The message shown for ``exc`` raised while doing ``what`` (``"rolling the move"``)."""
    if isinstance(exc, ConfigError):
        return f"Could not finish {what}: {exc.message} Check the Settings tab or the environment."
    if isinstance(exc, AssistantError):
        return exc.message
    return UNEXPECTED.format(what=what)


@contextmanager
def friendly_errors(what: str) -> Iterator[None]:
    """Run a block; an error becomes an ``st.error`` (unexpected ones are logged with their traceback)."""
    try:
        yield
    except AssistantError as exc:
        st.error(friendly_message(exc, what), icon="⚠️")
    except Exception as exc:  # noqa: BLE001 - the page boundary: nothing the user does may crash the page
        log.exception("unexpected error while %s", what)
        st.error(friendly_message(exc, what), icon="⚠️")
