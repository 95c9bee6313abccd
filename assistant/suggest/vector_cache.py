"""Move vectors kept on disk, so a new process (the CLI, a restarted app) does not embed every move again.

One ``.npy`` file per (embedder, system, move texts), named by the hash of all three, under
``TABLETOP_HOME/cache/move-vectors``. A changed move text or another model gives another file; a file that
cannot be read is ignored (and rebuilt). Only models worth caching are cached: the hash embedder is
cheaper to run than to read.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np


def cache_dir() -> Path:
    from assistant.config import load_settings

    return load_settings().home / "cache" / "move-vectors"


def _path(model: str, system: str, texts: Sequence[str]) -> Path:
    digest = hashlib.sha256("\x1f".join([model, system, *texts]).encode("utf-8")).hexdigest()[:32]
    return cache_dir() / f"{system}-{digest}.npy"


def worth_caching(model: str) -> bool:
    return not model.startswith("hash")


def load(model: str, system: str, texts: Sequence[str]) -> np.ndarray | None:
    """The cached vectors of ``texts`` (one row each), or None."""
    if not worth_caching(model):
        return None
    try:
        vectors = np.load(_path(model, system, texts), allow_pickle=False)
    except (OSError, ValueError):
        return None
    if vectors.ndim != 2 or vectors.shape[0] != len(texts) or vectors.dtype != np.float32:
        return None
    return vectors


def save(model: str, system: str, texts: Sequence[str], vectors: np.ndarray) -> None:
    """Write the vectors atomically (a reader never sees half a file); a read-only home is not an error."""
    if not worth_caching(model):
        return
    path = _path(model, system, texts)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, np.asarray(vectors, dtype=np.float32), allow_pickle=False)
        os.replace(tmp, path)
    except OSError:
        return
