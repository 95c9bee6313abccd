"""The unit of the rules index: a chunk of cleaned rules text with where it came from."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

PATH_SEP = " › "


def content_hash(*parts: str) -> str:
    """A stable hex digest of ``parts`` (used for chunk ids and file fingerprints)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode("utf-8"))
        digest.update(b"\x00")
    return digest.hexdigest()


@dataclass(frozen=True)
class Chunk:
    """A passage of one rules text.

    ``id`` is a content hash of system, source, section path and text, so an unchanged passage keeps its
    id (and its stored embedding) across rebuilds even when it moves to other lines.
    """

    id: str
    system: str
    section_path: list[str]
    move: str | None
    source: str
    line_start: int
    line_end: int
    text: str
    origin: str = "corpus"
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def section(self) -> str:
        """The section path joined with " › "."""
        return PATH_SEP.join(self.section_path)

    @property
    def citation(self) -> str:
        """``system › chapter › section (file:Lstart-Lend)``; a rules note is cited as a note."""
        if self.origin == "note":
            return f"Rules note: {PATH_SEP.join([self.system, self.section_path[-1]])} (from {self.source})"
        return format_citation(self.system, self.section_path, self.source, self.line_start, self.line_end)

    def embedding_text(self) -> str:
        """What gets embedded: the section path as context, then the passage."""
        return f"{self.system}{PATH_SEP}{self.section}\n{self.text}"

    def metadata(self) -> dict[str, str | int]:
        """Flat metadata for the vector store."""
        return {
            "system": self.system,
            "section": self.section,
            "move": self.move or "",
            "source": self.source,
            "line_start": self.line_start,
            "line_end": self.line_end,
            "hash": self.id,
            "origin": self.origin,
        }

    @classmethod
    def from_record(cls, chunk_id: str, text: str, meta: dict[str, Any]) -> Chunk:
        """Rebuild a chunk from what the store returns."""
        section = str(meta.get("section", ""))
        return cls(
            id=chunk_id,
            system=str(meta.get("system", "")),
            section_path=section.split(PATH_SEP) if section else [],
            move=str(meta.get("move") or "") or None,
            source=str(meta.get("source", "")),
            line_start=int(meta.get("line_start", 0)),
            line_end=int(meta.get("line_end", 0)),
            text=text,
            origin=str(meta.get("origin", "corpus")),
        )


def make_chunk_id(system: str, source: str, section_path: list[str], text: str, occurrence: int = 0) -> str:
    """Content-hash id; ``occurrence`` tells apart identical passages repeated in one file."""
    base = content_hash(system, source, PATH_SEP.join(section_path), text)[:32]
    return base if occurrence == 0 else f"{base}-{occurrence}"


def format_citation(system: str, section_path: list[str], source: str, start: int, end: int) -> str:
    """Render a citation: ``blades › Heat (blades.txt:L48-L67)``."""
    where = PATH_SEP.join([system, *section_path])
    lines = f"L{start}" if start == end else f"L{start}-L{end}"
    return f"{where} ({source}:{lines})"
