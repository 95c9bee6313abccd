"""Homebrew rules: add a user's Markdown or text rules document to the index, replace it, remove it.

A document is identified by its resolved path: ingesting the same file again replaces its chunks
(only changed passages are re-embedded); ``remove`` deletes them. Its chunks carry the system name the
user gave, so search and Q&A filtered by that system cover it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from assistant.errors import InputError
from assistant.inputs import read_user_file
from rules_index.index import RulesIndex, SyncReport, chunk_file, fingerprint

SUFFIXES = {".md", ".markdown", ".txt"}
_SYSTEM = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")
MAX_BYTES = 5_000_000


@dataclass(frozen=True)
class IngestResult:
    """What an ingest or removal did."""

    path: Path
    system: str
    chunks: int
    report: SyncReport


def source_key(path: Path) -> str:
    """The index key of a homebrew document."""
    return f"homebrew:{path.expanduser().resolve()}"


def validate_system(system: str) -> str:
    """A system id: lower-case letters, digits and dashes (e.g. ``my-hack``)."""
    name = system.strip().lower()
    if not _SYSTEM.match(name):
        raise InputError(f"'{system}' is not a valid system name: use lower-case letters, digits and dashes (e.g. my-hack).")
    return name


def ingest(path: Path | str, system: str, index: RulesIndex) -> IngestResult:
    """Add (or replace) the rules document at ``path`` under ``system``."""
    path = Path(path).expanduser()
    name = validate_system(system)
    if path.suffix.lower() not in SUFFIXES:
        raise InputError(f"{path.name} is not a Markdown or text file: convert it to .md or .txt first.")
    # a regular file only: a symlink (which could point at any file of the machine), a pipe (which would hang)
    # or a device is refused, as are files over MAX_BYTES and text that is not UTF-8
    text = read_user_file(path, "Markdown (.md) or text (.txt) rules document", MAX_BYTES)
    data = text.encode("utf-8")
    chunks = chunk_file(path, name, origin="homebrew", source=path.name, text=text)
    if not chunks:
        raise InputError(f"{path.name} has no rules text to index (is it empty?).")
    key = source_key(path)
    previous = _stored_system(index, key)
    report = SyncReport()
    if previous and previous != name:  # re-ingested under another system: drop the old copy first
        report.deleted += index.remove_source(key)
    report += index.sync_source(key, fingerprint(name, data), chunks)
    return IngestResult(path, name, len(chunks), report)


def _stored_system(index: RulesIndex, key: str) -> str | None:
    got = index.collection.get(where={"source_key": key}, include=["metadatas"], limit=1)
    metas = got.get("metadatas") or []
    return str(metas[0].get("system")) if metas else None


def remove(path: Path | str, index: RulesIndex) -> int:
    """Remove the document at ``path`` (which may no longer exist) from the index; return chunks removed."""
    key = source_key(Path(path))
    removed = index.remove_source(key)
    if not removed:
        raise InputError(f"{Path(path).name} is not in the rules index (nothing to remove).")
    return removed
