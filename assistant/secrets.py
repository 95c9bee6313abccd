"""Keeping secrets out of everything we print, store, log or export.

Every :class:`~assistant.config.Secret` (an API key from the environment, Streamlit secrets or the app's form)
is remembered here when it is made, and :func:`scrub` replaces it, and anything shaped like a key or a bearer
token, with ``[redacted]``. The campaign store scrubs every event before it is written, the guard log and the
chat output scrub their text, and :func:`install_log_scrubber` scrubs log records, so a key an endpoint echoes
back never reaches the database, an export, a log or the screen.
"""

from __future__ import annotations

import logging
import re
import threading

REDACTED = "[redacted]"
MIN_SECRET_LENGTH = 6
"""Shorter values are not remembered: scrubbing them would mangle ordinary words."""

_lock = threading.Lock()
_known: set[str] = set()
_PATTERNS = (
    re.compile(r"\bsk-[A-Za-z0-9_\-]{12,}"),
    re.compile(r"(?i)(\bbearer\s+)(?=[A-Za-z0-9._~+/=\-]*\d)[A-Za-z0-9._~+/=\-]{10,}"),
    re.compile(
        r"(?i)((?:api[_-]?key|authorization|x-api-key)[\"']?\s*[:=]\s*[\"']?(?:bearer\s+)?)"
        r"(?=[A-Za-z0-9._~+/=\-]*\d)[A-Za-z0-9._~+/=\-]{10,}"
    ),
)


def remember(value: str | None) -> None:
    """Remember ``value`` as a secret to scrub from now on (in this process)."""
    if value and len(value.strip()) >= MIN_SECRET_LENGTH:
        with _lock:
            _known.add(value.strip())


def known_secrets() -> list[str]:
    with _lock:
        return sorted(_known, key=len, reverse=True)


def scrub(text: str, extra: tuple[str, ...] | list[str] = ()) -> str:
    """``text`` with every remembered secret, every value of ``extra`` and anything shaped like an API key or a
    bearer token replaced by ``[redacted]``."""
    if not text:
        return text
    for secret in [*known_secrets(), *(e for e in extra if e and len(e) >= MIN_SECRET_LENGTH)]:
        if secret in text:
            text = text.replace(secret, REDACTED)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: (m.group(1) if m.groups() else "") + REDACTED, text)
    return text


def contains_secret(text: str) -> bool:
    return scrub(text) != text


class _ScrubbingFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string is logging's own problem
            return True
        clean = scrub(message)
        if clean != message:
            record.msg, record.args = clean, None
        if record.exc_info and record.exc_info[1] is not None:
            text = logging.Formatter().formatException(record.exc_info)
            if contains_secret(text):
                record.exc_info, record.exc_text = None, None
                record.msg = f"{record.msg}\n{scrub(text)}"
        return True


_installed = False


def install_log_scrubber() -> None:
    """Scrub secrets from every log record that reaches the root logger's handlers (idempotent)."""
    global _installed
    if _installed:
        return
    _installed = True
    scrubber = _ScrubbingFilter()
    root = logging.getLogger()
    for handler in root.handlers:
        handler.addFilter(scrubber)
    factory = logging.getLogRecordFactory()

    def make(*args: object, **kwargs: object) -> logging.LogRecord:
        record = factory(*args, **kwargs)
        scrubber.filter(record)
        return record

    logging.setLogRecordFactory(make)
