"""Shared fixtures for the rules-index tests (imported by tests/test_rules_index_*.py)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from rules_index.embed import HashEmbedder  # noqa: E402
from rules_index.index import CORPUS_DIR, CORPUS_FILES, RulesIndex  # noqa: E402


class CountingEmbedder(HashEmbedder):
    """A HashEmbedder that records every text it embeds as a document."""

    def __init__(self) -> None:
        super().__init__()
        self.embedded: list[str] = []

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.embedded.extend(texts)
        return super().embed_documents(texts)


@pytest.fixture
def tabletop_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """TABLETOP_HOME in a temporary directory, offline LLM, no Chroma server, the hash embedder."""
    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    for name in ("TABLETOP_CHROMA_URL", "TABLETOP_LLM_BASE_URL", "TABLETOP_LLM_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    return home


@pytest.fixture
def corpus_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped corpus."""
    target = tmp_path / "corpus"
    target.mkdir()
    for name in CORPUS_FILES.values():
        (target / name).write_bytes((CORPUS_DIR / name).read_bytes())
    return target


#: The shipped corpus indexed with the hash embedder once per test process (each test gets its own copy).
_BUILT_CORPUS: dict[str, Path] = {}


def _built_corpus_store(factory: pytest.TempPathFactory) -> Path:
    """A store holding the shipped corpus synced with the hash embedder, built on first use (about ten seconds)."""
    if "store" not in _BUILT_CORPUS:
        store = factory.mktemp("hash-corpus") / "index"
        RulesIndex(HashEmbedder(), path=store).sync_corpus()
        _BUILT_CORPUS["store"] = store
    return _BUILT_CORPUS["store"]


@pytest.fixture
def hash_index(tabletop_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    """A persistent index of the shipped corpus with the counting hash embedder.

    The store starts as a copy of one built for the whole run; the sync below finds it up to date (the hash
    embedder is deterministic, so the copy holds exactly what a fresh sync would write)."""
    path = tabletop_home / "index"
    shutil.copytree(_built_corpus_store(tmp_path_factory), path)
    index = RulesIndex(CountingEmbedder(), path=path)
    assert index.sync_corpus().embedded == 0
    yield index


def minilm_index(factory: pytest.TempPathFactory, files: dict[str, str], *, notes: bool = False) -> Iterator[RulesIndex]:
    """A rules index of ``files`` (system -> shipped text) with the real embedding model, in a home of its own; with
    ``notes``, those systems' rules notes beside them. For module-scoped fixtures: ``yield from minilm_index(...)``."""
    from rules_index.embed import MiniLMEmbedder
    from rules_index.notes import all_notes, note_chunks

    home = factory.mktemp("home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLETOP_HOME", str(home))
        mp.delenv("TABLETOP_CHROMA_URL", raising=False)
        built = RulesIndex(MiniLMEmbedder(), path=home / "index")
        built.sync_corpus(files=files)
        if notes:
            for system, chunks in note_chunks([n for n in all_notes() if n.system in files]).items():
                built.sync_source(f"notes:{system}", f"test-{system}", chunks)
        yield built


@pytest.fixture(scope="module")
def three_games_minilm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RulesIndex]:
    """Elegy, Dungeon World and Starforged with their rules notes, indexed with the real embedding model (per module)."""
    files = {"elegy": "elegy.txt", "dungeon-world": "dungeon-world.txt", "starforged": "starforged.txt"}
    yield from minilm_index(tmp_path_factory, files, notes=True)
