"""The rules index: chunks of every source in one Chroma collection, kept in sync incrementally.

Each chunk's id is a content hash, and each chunk records the fingerprint of the file it came from.
Syncing a source therefore: skips it when its fingerprint is unchanged; otherwise embeds only the chunks
whose ids are new, deletes the ids that disappeared and rewrites the metadata (line numbers) of the
rest. An unchanged corpus costs one metadata read and five file hashes.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules_index.chunk import Chunk, content_hash
from rules_index.clean import clean
from rules_index.embed import Embedder
from rules_index.snapshot import Snapshot, read_revision, record_revision
from rules_index.split import split
from rules_index.store import collection_name, make_client, open_collection

#: Bump when cleaning or splitting changes, so every source is re-split (unchanged chunks keep ids).
PIPELINE_VERSION = "3"
CORPUS_DIR = Path(__file__).parent / "corpus"
#: The shipped rules texts: system id -> file in ``CORPUS_DIR``.
CORPUS_FILES: dict[str, str] = {
    "city": "city.txt",
    "starforged": "starforged.txt",
    "blades": "blades.txt",
    "elegy": "elegy.txt",
    "dungeon-world": "dungeon-world.txt",
}


def fingerprint(system: str, data: bytes) -> str:
    """Fingerprint of one source file as indexed (content, system and pipeline version)."""
    return content_hash(PIPELINE_VERSION, system, data.decode("utf-8", errors="replace"))


def chunk_file(
    path: Path, system: str, origin: str = "corpus", source: str | None = None, text: str | None = None
) -> list[Chunk]:
    """Clean and split one rules file (or ``text``, already read from it) into chunks."""
    text = path.read_text(encoding="utf-8") if text is None else text
    lines = clean(system, text, suffix=path.suffix)
    return split(lines, system, source or path.name, origin=origin, root_title=_root_title(path))


def _root_title(path: Path) -> str:
    return path.stem.replace("-", " ").replace("_", " ").strip().title() or "Introduction"


@dataclass
class SyncReport:
    """What one sync did: chunk counts per action (``embedded`` is what cost model time)."""

    embedded: int = 0
    deleted: int = 0
    relabelled: int = 0
    unchanged: int = 0
    skipped_sources: list[str] = field(default_factory=list)

    def __iadd__(self, other: SyncReport) -> SyncReport:
        self.embedded += other.embedded
        self.deleted += other.deleted
        self.relabelled += other.relabelled
        self.unchanged += other.unchanged
        self.skipped_sources += other.skipped_sources
        return self


class RulesIndex:
    """One Chroma collection of rules chunks for one embedder, plus the in-memory lexical index.

    Given a current :class:`~rules_index.snapshot.Snapshot` of its store, it reads passages and vectors from
    that copy and opens the store only for what the copy lacks, or once something is written."""

    def __init__(
        self, embedder: Embedder, path: Path | str | None = None, url: str | None = None, snapshot: Snapshot | None = None
    ) -> None:
        self.embedder = embedder
        self.path = Path(path) if path is not None and not url else None
        self._url = url
        self.name = collection_name(embedder.name)
        self._snapshot = snapshot
        self._client: Any = None
        self._collection: Any = None
        self._sentences: Any = None
        if snapshot is None:
            self._open()
        self._lock = threading.RLock()
        self._records: tuple[str, list[Chunk]] | None = None
        self._lexical: Any = None

    @property
    def from_snapshot(self) -> bool:
        """Whether a snapshot answers the reads (the store has not been opened for them)."""
        return self._snapshot is not None

    def _open(self) -> None:
        if self._client is None:
            self._client = make_client(path=self.path, url=self._url)
            self._collection = open_collection(self._client, self.name)

    @property
    def client(self) -> Any:
        """The vector store's client (opened on first use when a snapshot answers the reads)."""
        self._open()
        return self._client

    @property
    def collection(self) -> Any:
        self._open()
        return self._collection

    def sentence_collection(self) -> Any:
        """The collection of sentence vectors beside the passages (see :mod:`rules_index.sentences`)."""
        if self._sentences is None:
            self._sentences = open_collection(self.client, collection_name(self.embedder.name, prefix="sentences"))
        return self._sentences

    # --- reading -----------------------------------------------------------------------------------

    def stored_embeddings(self) -> tuple[list[str], Any]:
        """Every stored passage's id and vector (rows in the same order)."""
        if self._snapshot is not None:
            return self._snapshot.passage_ids, self._snapshot.passages
        got = self.collection.get(include=["embeddings"])
        return list(got["ids"]), got["embeddings"] if got["embeddings"] is not None else []

    def stored_sentence_vectors(self, keys: list[str]) -> dict[str, Any]:
        """The stored vectors of the sentence ``keys`` the store holds (by key)."""
        out: dict[str, Any] = {}
        missing = keys
        if self._snapshot is not None:
            rows = self._snapshot_sentence_rows()
            out = {k: self._snapshot.sentences[rows[k]] for k in keys if k in rows}
            missing = [k for k in keys if k not in out]
        if missing:
            stored = self.sentence_collection().get(ids=missing, include=["embeddings"])
            vectors = stored["embeddings"] if stored["embeddings"] is not None else []
            out.update(zip(stored["ids"], vectors, strict=False))
        return out

    def _snapshot_sentence_rows(self) -> dict[str, int]:
        assert self._snapshot is not None
        rows = getattr(self, "_sentence_rows", None)
        if rows is None or rows[0] is not self._snapshot:
            rows = (self._snapshot, self._snapshot.sentence_rows())
            self._sentence_rows = rows
        return rows[1]

    def _metadata_by_id(self, where: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        got = self.collection.get(where=where, include=["metadatas"])
        return dict(zip(got["ids"], got["metadatas"] or [], strict=False))

    def revision(self) -> str:
        """A token that changes whenever the collection's content changes (stored on the collection)."""
        if self._snapshot is not None:
            if self.path is None or read_revision(self.path) == self._snapshot.revision:
                return self._snapshot.revision
            self._snapshot = None  # another process changed the store since the copy was read: read the store now
        current = self.client.get_collection(self.name, embedding_function=None)
        return str((current.metadata or {}).get("revision", ""))

    def chunks(self) -> list[Chunk]:
        """Every stored chunk (cached until the collection's revision changes)."""
        with self._lock:
            revision = self.revision()
            if self._snapshot is not None and self._snapshot.revision == revision:
                if self._records is None or self._records[1] is not self._snapshot.chunks:
                    self._records = (revision, self._snapshot.chunks)
                    self._lexical = None
            elif self._records is None or self._records[0] != revision:
                got = self.collection.get(include=["documents", "metadatas"])
                records = [
                    Chunk.from_record(i, d or "", m or {})
                    for i, d, m in zip(got["ids"], got["documents"] or [], got["metadatas"] or [], strict=False)
                ]
                records.sort(key=lambda c: (c.system, c.source, c.line_start, c.id))
                self._records = (revision, records)
                self._lexical = None
            return self._records[1]

    def lexical(self) -> Any:
        """The BM25 index over :meth:`chunks` (rebuilt in memory when the collection changes)."""
        from rules_index.lexical import LexicalIndex

        with self._lock:
            chunks = self.chunks()
            if self._lexical is None or self._lexical.chunks is not chunks:
                self._lexical = LexicalIndex(chunks)
            return self._lexical

    def systems(self) -> list[str]:
        """System ids present in the index."""
        return sorted({c.system for c in self.chunks()})

    def sources(self) -> dict[str, str]:
        """Indexed source keys -> fingerprint."""
        return {str(m.get("source_key")): str(m.get("file_hash")) for m in self._metadata_by_id().values()}

    # --- writing -----------------------------------------------------------------------------------

    def _bump_revision(self) -> None:
        """Record that the content changed: on the collection, and beside the store (a snapshot taken before no
        longer counts); from now on this index reads the store."""
        self._snapshot = None
        ids = sorted(self.collection.get(include=[])["ids"])
        revision = content_hash(*ids)[:16]
        self.collection.modify(metadata={"revision": revision})
        if self.path is not None:
            record_revision(self.path, revision)

    def sync_source(self, source_key: str, file_hash: str, chunks: list[Chunk]) -> SyncReport:
        """Make the stored chunks of ``source_key`` exactly ``chunks``, embedding only new ones."""
        with self._lock:
            report = self._sync(source_key, file_hash, chunks)
            if report.embedded or report.deleted or report.relabelled:
                self._bump_revision()
            return report

    def _sync(self, source_key: str, file_hash: str, chunks: list[Chunk]) -> SyncReport:
        report = SyncReport()
        stored = self._metadata_by_id({"source_key": source_key})
        if stored and all(m.get("file_hash") == file_hash for m in stored.values()) and len(stored) == len(chunks):
            report.unchanged = len(stored)
            report.skipped_sources.append(source_key)
            return report
        wanted = {c.id: c for c in chunks}
        gone = [i for i in stored if i not in wanted]
        if gone:
            self.collection.delete(ids=gone)
        new = [c for c in chunks if c.id not in stored]
        kept = [c for c in chunks if c.id in stored]
        meta = {c.id: {**c.metadata(), "source_key": source_key, "file_hash": file_hash} for c in chunks}
        for start in range(0, len(new), 64):
            batch = new[start : start + 64]
            vectors = self.embedder.embed_documents([c.embedding_text() for c in batch])
            self.collection.add(
                ids=[c.id for c in batch],
                embeddings=vectors,
                documents=[c.text for c in batch],
                metadatas=[meta[c.id] for c in batch],
            )
        relabel = [c for c in kept if stored[c.id] != meta[c.id]]
        if relabel:
            self.collection.update(ids=[c.id for c in relabel], metadatas=[meta[c.id] for c in relabel])
        report.embedded, report.deleted = len(new), len(gone)
        report.relabelled, report.unchanged = len(relabel), len(kept) - len(relabel)
        return report

    def remove_source(self, source_key: str) -> int:
        """Delete every chunk of ``source_key``; return how many there were."""
        with self._lock:
            ids = list(self._metadata_by_id({"source_key": source_key}))
            if ids:
                self.collection.delete(ids=ids)
                self._bump_revision()
            return len(ids)

    def sync_corpus(self, corpus_dir: Path = CORPUS_DIR, files: dict[str, str] | None = None) -> SyncReport:
        """Bring the shipped rules texts up to date (incremental; removes corpus files no longer shipped)."""
        files = CORPUS_FILES if files is None else files
        report = SyncReport()
        keys: set[str] = set()
        for system, name in files.items():
            path = corpus_dir / name
            key = f"corpus:{name}"
            keys.add(key)
            file_hash = fingerprint(system, path.read_bytes())
            if self._unchanged(key, file_hash):
                report.skipped_sources.append(key)
                continue
            report += self.sync_source(key, file_hash, chunk_file(path, system))
        for key in {str(m.get("source_key")) for m in self._metadata_by_id({"origin": "corpus"}).values()}:
            if key not in keys:
                report.deleted += self.remove_source(key)
        return report

    def _unchanged(self, source_key: str, file_hash: str) -> bool:
        stored = self._metadata_by_id({"source_key": source_key})
        return bool(stored) and all(m.get("file_hash") == file_hash for m in stored.values())
