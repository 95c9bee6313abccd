"""A read-only copy of the prepared rules index, read without opening (or importing) the vector store.

Chroma stays the store of record; a one-off ``assistant ask`` costs about a second less when it reads this
copy instead: the passages, their vectors and the sentence vectors, in one ``.npz`` file beside the store
(``<store>.snapshot.npz``), written after the index was brought up to date (``assistant prepare``, or a
sync that found the copy missing or stale).

The copy is used only when it is provably current:

* every change to the store records the store's new revision in ``<store>.revision``
  (:meth:`RulesIndex._bump_revision`), and the copy holds the revision it was taken at;
* the copy holds a stamp of everything a sync reads (the shipped texts, the rules notes and the rulesets'
  data they are generated from, the code that turns them into notes, the split pipeline's version), and
  a sync would change nothing while that stamp is the same;
* the copy was made with the same embedder.

Otherwise the store is opened and synced as before. A sentence vector the copy lacks is read from the store
(or embedded and stored, as always), so the copy never changes an answer: the same vectors, the same order.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rules_index.chunk import Chunk

FORMAT = 1
_PACKAGE = Path(__file__).resolve().parent
_RULESETS = _PACKAGE.parent / "assistant" / "engine" / "rulesets"


def snapshot_path(store: Path) -> Path:
    return store.with_name(store.name + ".snapshot.npz")


def revision_path(store: Path) -> Path:
    return store.with_name(store.name + ".revision")


def record_revision(store: Path, revision: str) -> None:
    """Record the store's revision after a change (the copy taken before it no longer counts)."""
    _write_atomic(revision_path(store), revision.encode("utf-8"))


def read_revision(store: Path) -> str | None:
    try:
        return revision_path(store).read_text(encoding="utf-8")
    except OSError:
        return None


def inputs_stamp() -> str:
    """A digest of everything a sync of the shipped texts and the rules notes reads (see the module docstring)."""
    from rules_index.index import CORPUS_DIR, CORPUS_FILES, PIPELINE_VERSION

    files = [CORPUS_DIR / name for name in sorted(CORPUS_FILES.values())]
    files += sorted((_PACKAGE / "notes").glob("*.yaml"))
    files += sorted(_RULESETS.glob("*/moves.yaml")) + sorted(_RULESETS.glob("*/tables.yaml"))
    files += [_PACKAGE / name for name in ("notes.py", "index.py", "chunk.py", "clean.py", "clean_text.py", "split.py")]
    digest = hashlib.sha256(f"{FORMAT}\x00{PIPELINE_VERSION}\x00{sorted(CORPUS_FILES.items())}".encode())
    for path in files:
        digest.update(str(path.relative_to(_PACKAGE.parent)).encode("utf-8") + b"\x00")
        digest.update(path.read_bytes() if path.exists() else b"\x01missing")
        digest.update(b"\x00")
    return digest.hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """What the copy holds: the store's revision, the passages (as the store returns them), their vectors, and
    the sentence vectors by key."""

    revision: str
    embedder: str
    inputs: str
    chunks: list[Chunk]
    passage_ids: list[str]
    passages: np.ndarray
    sentence_keys: list[str]
    sentences: np.ndarray

    def sentence_rows(self) -> dict[str, int]:
        return {key: row for row, key in enumerate(self.sentence_keys)}


def write_snapshot(index: Any) -> bool:
    """Take the copy of ``index`` (a :class:`~rules_index.index.RulesIndex` on disk); False when it has no
    local store (a Chroma server) or the store changed while it was read."""
    store = index.path
    if store is None:
        return False
    revision = index.revision()
    got = index.collection.get(include=["documents", "metadatas", "embeddings"])
    ids = list(got["ids"])
    embeddings = got["embeddings"] if got["embeddings"] is not None else []
    dim = index.embedder.dimension
    sentences = index.sentence_collection().get(include=["embeddings"])
    sentence_vectors = sentences["embeddings"] if sentences["embeddings"] is not None else []
    meta = {
        "format": FORMAT,
        "revision": revision,
        "embedder": index.embedder.name,
        "inputs": inputs_stamp(),
        "ids": ids,
        "documents": list(got["documents"] or []),
        "metadatas": list(got["metadatas"] or []),
        "sentence_keys": list(sentences["ids"]),
    }
    arrays = {
        "meta": np.frombuffer(json.dumps(meta, ensure_ascii=False).encode("utf-8"), dtype=np.uint8),
        "passages": np.asarray(embeddings, dtype=np.float32).reshape(len(ids), dim),
        "sentences": np.asarray(sentence_vectors, dtype=np.float32).reshape(len(meta["sentence_keys"]), dim),
    }
    if index.revision() != revision:
        return False
    target = snapshot_path(store)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    with tmp.open("wb") as fh:
        np.savez(fh, **arrays)  # type: ignore[arg-type]
    os.replace(tmp, target)
    if read_revision(store) is None:
        record_revision(store, revision)
    return True


def load_snapshot(store: Path, embedder_name: str) -> Snapshot | None:
    """The copy of the store at ``store`` when it is current (see the module docstring), else None."""
    path = snapshot_path(store)
    revision = read_revision(store)
    if revision is None or not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(bytes(data["meta"]).decode("utf-8"))
            if meta.get("format") != FORMAT or meta.get("revision") != revision or meta.get("embedder") != embedder_name:
                return None
            if meta.get("inputs") != inputs_stamp():
                return None
            passages, sentences = data["passages"], data["sentences"]
    except (OSError, ValueError, KeyError):
        return None  # a damaged or partial copy: the store answers
    ids = meta["ids"]
    chunks = [Chunk.from_record(i, d or "", m or {}) for i, d, m in zip(ids, meta["documents"], meta["metadatas"], strict=False)]
    chunks.sort(key=lambda c: (c.system, c.source, c.line_start, c.id))
    return Snapshot(
        revision=revision,
        embedder=embedder_name,
        inputs=meta["inputs"],
        chunks=chunks,
        passage_ids=ids,
        passages=passages,
        sentence_keys=meta["sentence_keys"],
        sentences=sentences,
    )


def _write_atomic(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    try:
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
