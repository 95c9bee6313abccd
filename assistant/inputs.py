"""What comes in from outside, read with limits: files (journals, batches, homebrew rules), batch lines and chat
messages. JSON and text checks themselves are :mod:`assistant.engine.safe_json` (the engine's own door uses them
too); this module adds the file system side.

* :func:`read_user_file` reads a regular file only: no symlink, no FIFO or device (which would hang), no
  directory, at most ``max_bytes``, UTF-8.
* :func:`batch_lines` splits a JSONL batch on ``\\n`` only (never on U+2028, U+0085 or form feeds inside a
  string), each line decoded on its own, so one bad line is one error and the batch goes on.
* :func:`quote_data` quotes outside text (retrieved rules passages, homebrew rules, the sheet) for a model's user
  turn, every line prefixed with ``> ``, so no line of it can pass for an instruction of ours or end the quote.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

from assistant.engine.errors import InputError
from assistant.engine.safe_json import MAX_DOCUMENT, check, clean_text, loads, printable

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_MESSAGE",
    "BatchLine",
    "batch_lines",
    "check",
    "clean_text",
    "loads",
    "printable",
    "quote_data",
    "read_user_file",
]

MAX_MESSAGE = 4000
"""Characters in one chat message (the web app's input box takes as many)."""
MAX_FILE_BYTES = 20_000_000
"""Bytes in a journal or batch file."""


DATA_QUOTE = "> "
"""The prefix of every line of outside text in a prompt (see :func:`quote_data`)."""


def quote_data(text: str) -> str:
    """``text`` with every line (split on any line break Python knows, U+2028 included) quoted with ``> ``."""
    return "\n".join((DATA_QUOTE + line).rstrip() for line in text.splitlines() or [""])


def _open_regular(path: Path, what: str) -> int:
    """A read-only descriptor on ``path``, which must be a regular file reached without a symlink at its end."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise InputError(f"No file at {path}: check the path.") from None
    except OSError as exc:
        raise InputError(f"Can't read {path}: {exc.strerror}.") from None
    if stat.S_ISLNK(info.st_mode):
        raise InputError(f"{path.name} is a symbolic link; give the path of the {what} itself.")
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe or a device)"
        raise InputError(f"{path.name} is {kind}; give the path of a {what} file.")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(f"Can't read {path.name}: {exc.strerror}.") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped after the check above
        os.close(fd)
        raise InputError(f"{path.name} is not a regular file; give the path of a {what} file.")
    return fd


def read_user_bytes(path: Path | str, what: str = "text", max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (see :func:`read_user_file`)."""
    path = Path(path).expanduser()
    fd = _open_regular(path, what)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise InputError(f"{path.name} is larger than {max_bytes // 1_000_000} MB; split it into smaller files.")
    return data


def read_user_file(path: Path | str, what: str = "text", max_bytes: int = MAX_FILE_BYTES) -> str:
    """The text of the regular file at ``path``: refused (our :class:`InputError`, naming ``what``) when it is a
    symlink, a FIFO, a device or a folder, larger than ``max_bytes``, not UTF-8, or has NUL or broken characters."""
    path = Path(path).expanduser()
    data = read_user_bytes(path, what, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{path.name} is not UTF-8 text; save it as UTF-8 and try again.") from None
    return clean_text(text, path.name, max_chars=max_bytes)


class BatchLine:
    """One line of a batch: its number and either its decoded JSON value or the error it gets."""

    __slots__ = ("error", "number", "value")

    def __init__(self, number: int, value: object = None, error: InputError | None = None) -> None:
        self.number, self.value, self.error = number, value, error


def batch_lines(data: bytes) -> Iterator[BatchLine]:
    """The non-blank lines of a JSONL batch, split on ``\\n`` only, each decoded on its own with the limits."""
    for number, raw in enumerate(data.split(b"\n"), 1):
        line = raw.rstrip(b"\r")
        if not line.strip():
            continue
        if len(line) > MAX_DOCUMENT:
            yield BatchLine(number, error=InputError(f"Line {number} is longer than {MAX_DOCUMENT} characters."))
            continue
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            yield BatchLine(number, error=InputError(f"Line {number} is not UTF-8 text; save the batch as UTF-8."))
            continue
        try:
            yield BatchLine(number, value=loads(text, f"Line {number}"))
        except InputError as exc:
            yield BatchLine(number, error=exc)
