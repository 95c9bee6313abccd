"""Sentence vectors kept on disk: the sentences an answer highlights are embedded once per home, not per process.

A rules answer scores each sentence of its passages against the question; those sentences come from the
index and rarely change, so their vectors are stored as one small ``.npy`` per (model, sentence) under
``TABLETOP_HOME/cache/sentence-vectors``. Unreadable files are recomputed; a read-only home only costs time.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np


def _dir(model: str) -> Path:
    from assistant.config import load_settings

    safe = "".join(c if c.isalnum() or c in "-_." else "-" for c in model)[:60]
    return load_settings().home / "cache" / "sentence-vectors" / safe


def _name(sentence: str) -> str:
    return hashlib.sha256(sentence.encode("utf-8")).hexdigest()[:32] + ".npy"


def _read(path: Path, dimension: int) -> np.ndarray | None:
    try:
        vec = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    return vec if vec.shape == (dimension,) and vec.dtype == np.float32 else None


def _write(path: Path, vec: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, vec, allow_pickle=False)
        os.replace(tmp, path)
    except OSError:
        return


def sentence_vectors(embedder: Any, sentences: Sequence[str]) -> list[list[float]]:
    """``embedder.embed_documents(sentences)``, reading and filling the on-disk cache (hash embedders skip it)."""
    model = str(getattr(embedder, "name", ""))
    dimension = int(getattr(embedder, "dimension", 0))
    if not model or model.startswith("hash") or dimension <= 0:
        return list(embedder.embed_documents(list(sentences)))
    folder = _dir(model)
    found: dict[int, list[float]] = {}
    missing: list[int] = []
    for i, sentence in enumerate(sentences):
        vec = _read(folder / _name(sentence), dimension)
        if vec is None:
            missing.append(i)
        else:
            found[i] = [float(x) for x in vec]
    if missing:
        fresh = embedder.embed_documents([sentences[i] for i in missing])
        for i, vec in zip(missing, fresh, strict=True):
            found[i] = vec
            _write(folder / _name(sentences[i]), np.asarray(vec, dtype=np.float32))
    return [found[i] for i in range(len(sentences))]
