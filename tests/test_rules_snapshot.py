"""A one-off rules question reads the prepared index's snapshot without the vector store, and answers exactly
as the store would; any change to the index, its inputs or the embedder makes the store answer again."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rules_index.search as search
from rules_index import snapshot
from rules_index.embed import HashEmbedder
from rules_index.homebrew import ingest
from rules_index.index import RulesIndex
from rules_index.notes import sync_notes
from rules_index.qa import answer
from rules_index.rank import rank
from tests.rules_index_fixtures import tabletop_home  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = [
    ("what happens when my heat reaches 9?", "blades"),
    ("how do I reduce heat?", "blades"),
    ("what does burning momentum do?", "starforged"),
    ("how does armor work?", "dungeon-world"),
    ("what is a scene challenge?", None),
    ("can I pilot a starship to the moon of Jupiter?", "city"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An index of the shipped texts and notes, with every sentence (and every name a shipped text lacks) embedded
    and a snapshot taken, as ``assistant prepare`` leaves it (built once)."""
    store = tmp_path_factory.mktemp("built") / "rules_index" / "chroma"
    index = RulesIndex(HashEmbedder(), path=store)
    index.sync_corpus()
    sync_notes(index)
    from rules_index import scope
    from rules_index.sentences import sentence_vectors

    sentence_vectors(index).warm(index.chunks())
    scope.warm(index)
    assert snapshot.write_snapshot(index)
    return store.parent


@pytest.fixture
def prepared(built: Path, tabletop_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:  # noqa: F811
    """A copy of the built index in this test's TABLETOP_HOME; returns its store's path."""
    monkeypatch.setattr(search, "_DEFAULT", {})
    shutil.copytree(built, tabletop_home / "rules_index")
    return tabletop_home / "rules_index" / "chroma"


def _answers(index: RulesIndex) -> list[dict[str, object]]:
    out = []
    for question, system in QUESTIONS:
        got = answer(question, system, index=index).as_dict()
        ranked = [(s.chunk.id, s.score, s.sentence_sim, s.lead_sim) for s in rank(index, question, system, 8)]
        out.append({"answer": got, "ranked": ranked})
    return out


def test_the_snapshot_answers_exactly_as_the_store(prepared: Path) -> None:
    copy = snapshot.load_snapshot(prepared, HashEmbedder().name)
    assert copy is not None and copy.chunks and len(copy.sentence_keys) > len(copy.chunks)
    from_copy = RulesIndex(HashEmbedder(), path=prepared, snapshot=copy)
    assert from_copy._client is None  # nothing opened the store
    answers = _answers(from_copy)
    assert from_copy._client is None
    assert answers == _answers(RulesIndex(HashEmbedder(), path=prepared))


def test_a_change_to_the_index_retires_the_snapshot(prepared: Path, tmp_path: Path) -> None:
    homebrew = tmp_path / "house-rules.md"
    homebrew.write_text("# House rules\n\nHeat never rises above 6 in our game.\n", encoding="utf-8")
    ingest(homebrew, "blades", RulesIndex(HashEmbedder(), path=prepared))
    assert snapshot.load_snapshot(prepared, HashEmbedder().name) is None


def test_a_snapshot_of_other_inputs_or_another_embedder_is_not_used(prepared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert snapshot.load_snapshot(prepared, "another-model") is None
    monkeypatch.setattr(snapshot, "inputs_stamp", lambda: "texts changed since")
    assert snapshot.load_snapshot(prepared, HashEmbedder().name) is None


def test_a_damaged_snapshot_is_ignored(prepared: Path) -> None:
    snapshot.snapshot_path(prepared).write_bytes(b"not a snapshot")
    assert snapshot.load_snapshot(prepared, HashEmbedder().name) is None


def test_a_sentence_the_snapshot_lacks_comes_from_the_store(prepared: Path) -> None:
    full = snapshot.load_snapshot(prepared, HashEmbedder().name)
    assert full is not None
    from dataclasses import replace

    partial = replace(full, sentence_keys=full.sentence_keys[:10], sentences=full.sentences[:10])
    index = RulesIndex(HashEmbedder(), path=prepared, snapshot=partial)
    answers = _answers(index)
    assert index._client is not None  # the store was opened for the rest
    assert answers == _answers(RulesIndex(HashEmbedder(), path=prepared))


def test_a_one_off_ask_reads_the_snapshot_without_the_store(prepared: Path, tabletop_home: Path) -> None:  # noqa: F811
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_HOME": str(tabletop_home), "TABLETOP_EMBEDDER": "hash"}
    probe = (
        "import json, sys\n"
        "from assistant import cli\n"
        "sys.argv = ['assistant', 'ask', 'how do I reduce heat?', '--system', 'blades', '--json']\n"
        "try:\n"
        "    cli.main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'chromadb', 'torch', 'langchain_core'})\n"
        "print(json.dumps(heavy), file=sys.stderr)\n"
    )
    with_copy = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=300)
    assert json.loads(with_copy.stderr.strip().splitlines()[-1]) == []
    snapshot.snapshot_path(prepared).unlink()
    with_store = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=300)
    assert "chromadb" in json.loads(with_store.stderr.strip().splitlines()[-1])
    assert json.loads(with_copy.stdout) == json.loads(with_store.stdout)
    assert snapshot.load_snapshot(prepared, HashEmbedder().name) is not None  # taken again by the store's run


def test_the_apps_warm_start_reads_a_current_snapshot_without_the_store(prepared: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant import prepare as prep
    from assistant.suggest import core

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setattr(core, "_DEFAULT_EMBEDDERS", {})
    report = prep.prepare(moves=False, reuse=True)
    assert report.error is None and report.passages > 100 and "indexing the rules texts and notes" not in report.steps
    index = search.get_index()  # what the app's rules answers read from now on
    assert index.from_snapshot and index._client is None
    answers = _answers(index)
    assert index._client is None  # nothing opened the store
    assert answers == _answers(RulesIndex(HashEmbedder(), path=prepared))


def test_without_a_current_snapshot_the_warm_start_brings_the_store_up_to_date(
    prepared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from assistant import prepare as prep
    from assistant.suggest import core

    monkeypatch.setenv("TABLETOP_EMBEDDER", "hash")
    monkeypatch.setattr(core, "_DEFAULT_EMBEDDERS", {})
    snapshot.snapshot_path(prepared).unlink()
    report = prep.prepare(moves=False, reuse=True)
    assert "indexing the rules texts and notes" in report.steps and not search.get_index().from_snapshot
    assert snapshot.load_snapshot(prepared, HashEmbedder().name) is not None  # taken for the next start


def test_a_change_another_process_makes_to_the_store_retires_the_snapshot_it_read(prepared: Path, tmp_path: Path) -> None:
    copy = snapshot.load_snapshot(prepared, HashEmbedder().name)
    assert copy is not None
    reading = RulesIndex(HashEmbedder(), path=prepared, snapshot=copy)  # a long-running app
    before = {c.id for c in reading.chunks()}
    homebrew = tmp_path / "house-rules.md"
    homebrew.write_text("# House rules\n\nHeat never rises above 6 in our game.\n", encoding="utf-8")
    ingest(homebrew, "blades", RulesIndex(HashEmbedder(), path=prepared))  # another process adds homebrew
    after = {c.id for c in reading.chunks()}
    assert not reading.from_snapshot and after > before
    assert any("Heat never rises above 6" in c.text for c in reading.chunks())
