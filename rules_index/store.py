"""The vector store: Chroma on disk (``PersistentClient``) or a Chroma server (``HttpClient``).

One factory, explicit arguments; telemetry is always off. Chroma never embeds anything here: every
vector is computed by our own :class:`~rules_index.embed.Embedder` and passed in, because Chroma's
default embedding function would try to download a model.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from assistant.errors import ConfigError  # noqa: E402


def _settings() -> Any:
    import chromadb.config

    return chromadb.config.Settings(anonymized_telemetry=False, allow_reset=False)


def make_client(path: Path | str | None = None, url: str | None = None) -> Any:
    """A Chroma client: ``HttpClient`` for ``url`` (``http://host:port``), else ``PersistentClient(path)``."""
    import chromadb

    if url:
        parsed = urlparse(url if "://" in url else f"http://{url}")
        if parsed.scheme not in {"http", "https"} or not parsed.hostname:
            raise ConfigError(f"TABLETOP_CHROMA_URL '{url}' is not a URL like http://127.0.0.1:8000.")
        port = parsed.port or (443 if parsed.scheme == "https" else 8000)
        try:
            return chromadb.HttpClient(host=parsed.hostname, port=port, ssl=parsed.scheme == "https", settings=_settings())
        except Exception as exc:  # connection refused, bad host, incompatible server
            raise ConfigError(
                f"Cannot reach the Chroma server at {url} ({exc.__class__.__name__}). Start it "
                "(`chroma run --host 127.0.0.1 --port 8000 --path DIR`) or unset TABLETOP_CHROMA_URL."
            ) from exc
    if path is None:
        raise ConfigError("No rules index location: give a directory or a Chroma server URL.")
    Path(path).mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=_settings())


def collection_name(embedder_name: str, prefix: str = "rules") -> str:
    """Collection for one embedding space (another embedder gets its own collection)."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", f"{prefix}-{embedder_name}").strip("-._")
    return name[:60]


def open_collection(client: Any, name: str) -> Any:
    """Get or create the cosine-distance collection ``name`` (no Chroma embedding function)."""
    return client.get_or_create_collection(
        name=name,
        configuration={"hnsw": {"space": "cosine"}},
        embedding_function=None,
    )
