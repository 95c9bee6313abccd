"""Shared test setup: every test gets a tmp TABLETOP_HOME, no LLM endpoint, one thread, a seeded RNG."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from assistant import llm_backoff

if TYPE_CHECKING:
    from rules_index.embed import MiniLMEmbedder

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("TABLETOP_WARM_START", "0")  # the app's background warm start (tests/test_prepare.py covers it)
    for var in (
        "TABLETOP_LLM_BASE_URL",
        "TABLETOP_LLM_API_KEY",
        "OPENAI_API_KEY",
        "TABLETOP_CHROMA_URL",
        "TABLETOP_DATABASE_URL",
        "DATABASE_URL",
    ):
        monkeypatch.delenv(var, raising=False)
    llm_backoff.reset()  # an endpoint one test left silent is not skipped in the next


@pytest.fixture
def hash_embedder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The index's hash embedder (no model to load): for tests that play through the chat, not test retrieval."""
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    yield
    from assistant.store import service

    service.close_stores()


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbedder:
    """The real embedding model (all-MiniLM-L6-v2), built once per run: for tests of what the words a player types
    rank, where the hash embedder's letter matching would not stand in for it."""
    from rules_index.embed import MiniLMEmbedder

    return MiniLMEmbedder()


@pytest.fixture
def rng() -> random.Random:
    """A seeded RNG for tests that roll without forcing dice."""
    return random.Random(1234)
