"""Ready before the first question: `assistant prepare`, move vectors on disk, the app's warm start."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from assistant import prepare as prep
from assistant.suggest import moves_for, ranker, vector_cache
from rules_index.embed import HashEmbedder


class CountingEmbedder(HashEmbedder):
    """The hash embedder under a cacheable name, counting the passages it embeds."""

    def __init__(self) -> None:
        super().__init__(dimension=64)
        self.name = "counting-test-model"
        self.embedded = 0

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.embedded += len(texts)
        return super().embed_documents(texts)


@pytest.fixture(autouse=True)
def _hash_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    import rules_index.search as search
    from assistant.suggest import core

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setattr(core, "_DEFAULT_EMBEDDERS", {})
    monkeypatch.setattr(search, "_DEFAULT", {})
    monkeypatch.setattr(prep, "_WARM", None)
    ranker.clear_cache()


def test_move_vectors_are_read_back_from_disk_in_a_new_process() -> None:
    embedder = CountingEmbedder()
    moves = moves_for("starforged")
    first = ranker._vectors(embedder, "starforged", moves)
    assert embedder.embedded > 0
    files = list(vector_cache.cache_dir().glob("starforged-*.npy"))
    assert len(files) == 1
    ranker.clear_cache()  # what a new process starts with
    embedder.embedded = 0
    again = ranker._vectors(embedder, "starforged", moves)
    assert embedder.embedded == 0
    assert np.array_equal(first.trigger, again.trigger) and np.array_equal(first.approach, again.approach)


def test_a_damaged_or_stale_cache_file_is_rebuilt() -> None:
    embedder = CountingEmbedder()
    moves = moves_for("city")
    ranker._vectors(embedder, "city", moves)
    (path,) = vector_cache.cache_dir().glob("city-*.npy")
    path.write_bytes(b"not an array")
    ranker.clear_cache()
    embedder.embedded = 0
    ranker._vectors(embedder, "city", moves)
    assert embedder.embedded > 0
    assert np.load(path).shape[0] > 0


def test_the_hash_embedder_is_not_cached_on_disk() -> None:
    ranker._vectors(HashEmbedder(), "blades", moves_for("blades"))
    assert not vector_cache.cache_dir().exists() or not list(vector_cache.cache_dir().iterdir())


def test_prepare_builds_the_index_and_every_systems_moves_once() -> None:
    report = prep.prepare()
    assert report.passages > 100 and report.embedded == report.passages
    assert len(report.systems) >= 5
    assert all(seconds >= 0 for seconds in report.steps.values())
    again = prep.prepare()
    assert again.embedded == 0 and again.passages == report.passages


def test_the_prepare_command_says_what_is_ready(tmp_path: Path) -> None:
    from assistant.cli import app

    result = CliRunner().invoke(app, ["prepare", "--quiet"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Ready: ") and "rules passages" in result.output


def test_warm_start_off_is_done_at_once() -> None:
    warm = prep.start_warm_start()
    assert warm.wait(0) and warm.step == "off" and warm.thread is None
    assert prep.start_warm_start() is warm


def test_warm_start_prepares_in_the_background(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_WARM_START", "1")
    warm = prep.start_warm_start()
    assert warm.thread is not None
    assert warm.wait(300)
    assert warm.step == "ready" and warm.report is not None and warm.report.error is None
    assert warm.report.passages > 100
    assert "the narrator and the guard" in warm.report.steps  # each system's first narration compiled
