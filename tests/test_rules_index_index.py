# ruff: noqa: F811  (pytest fixtures imported from tests/rules_index_fixtures.py)
"""Incremental rebuilds, homebrew ingestion and hybrid search (hash embedder, temporary index)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from assistant.errors import InputError
from rules_index import homebrew
from rules_index.index import CORPUS_FILES, RulesIndex, chunk_file
from rules_index.search import fuse, search_index
from tests.rules_index_fixtures import CountingEmbedder, corpus_copy, hash_index, tabletop_home  # noqa: F401

HOMEBREW = """# Moon Court

## Court Moves

### Petition the Moon
When you petition the Moon Queen for a favour, roll +Grace.
- **10+** She grants it, and owes you nothing.
- **7-9** She grants it, but asks a silver debt in return.

### Duel at Dusk
When you challenge a courtier to a duel at dusk, roll +Edge. On a hit, you wound them.
"""


def test_unchanged_corpus_embeds_nothing(tabletop_home: Path, corpus_copy: Path) -> None:
    embedder = CountingEmbedder()
    index = RulesIndex(embedder, path=tabletop_home / "idx")
    cold = index.sync_corpus(corpus_copy)
    total = index.collection.count()
    assert cold.embedded == total == len(embedder.embedded) > 200
    embedder.embedded.clear()
    again = index.sync_corpus(corpus_copy)
    assert again.embedded == 0 and embedder.embedded == []
    assert len(again.skipped_sources) == len(CORPUS_FILES)
    reopened = RulesIndex(embedder, path=tabletop_home / "idx")  # a new process sees the same state
    assert reopened.sync_corpus(corpus_copy).embedded == 0


def test_changed_file_re_embeds_only_its_changed_chunks(tabletop_home: Path, corpus_copy: Path) -> None:
    embedder = CountingEmbedder()
    index = RulesIndex(embedder, path=tabletop_home / "idx")
    index.sync_corpus(corpus_copy)
    before = {c.id: c for c in index.chunks()}
    blades = corpus_copy / "blades.txt"
    text = blades.read_text(encoding="utf-8")
    edited = "A new first line of errata.\n" + text.replace("When your <span", "Whenever your <span", 1)
    blades.write_text(edited, encoding="utf-8")
    embedder.embedded.clear()
    report = index.sync_corpus(corpus_copy)
    after = {c.id: c for c in index.chunks()}
    new_ids = set(after) - set(before)
    assert report.embedded == len(new_ids) == len(embedder.embedded)
    assert 1 <= report.embedded <= 2  # the Heat chunk (and possibly the intro line), nothing else
    assert all(after[i].system == "blades" for i in new_ids)
    assert any("Whenever your heat level reaches 9" in t for t in embedder.embedded)
    assert report.deleted == len(set(before) - set(after)) >= 1
    shifted = [c for c in after.values() if c.id in before and c.system == "blades"]
    assert shifted and all(c.line_start == before[c.id].line_start + 1 for c in shifted)  # metadata updated
    unchanged_city = [c for c in after.values() if c.system == "city"]
    assert all(c.id in before for c in unchanged_city)


def test_removed_corpus_file_is_dropped(tabletop_home: Path, corpus_copy: Path) -> None:
    index = RulesIndex(CountingEmbedder(), path=tabletop_home / "idx")
    index.sync_corpus(corpus_copy)
    files = {k: v for k, v in CORPUS_FILES.items() if k != "elegy"}
    index.sync_corpus(corpus_copy, files)
    assert "elegy" not in index.systems()


def test_hybrid_search_finds_the_rule_and_filters_by_system(hash_index: RulesIndex) -> None:
    hits = search_index(hash_index, "what happens when my heat level reaches 9", k=5)
    assert hits and hits[0].system == "blades" and hits[0].section == "Heat"
    assert hits[0].vector_score is not None and hits[0].bm25_score is not None
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    city = search_index(hash_index, "what happens when my heat level reaches 9", system="city", k=5)
    assert city and all(h.system == "city" for h in city)
    assert search_index(hash_index, "   ", k=5) == []
    lexical = search_index(hash_index, "Hack and Slash", system="dungeon-world", k=3, mode="bm25")
    assert lexical and "Hack" in lexical[0].section and all(h.vector_score is None for h in lexical)
    vector = search_index(hash_index, "Hack and Slash", system="dungeon-world", k=3, mode="vector")
    assert len(vector) == 3 and all(h.bm25_score is None and h.system == "dungeon-world" for h in vector)


def test_fusion_rewards_agreement() -> None:
    chunks = chunk_file(Path(__file__).parents[1] / "rules_index" / "corpus" / "city.txt", "city")[:3]
    a, b, c = chunks
    fused = fuse([(a, 0.9), (b, 0.8), (c, 0.1)], [(b, 5.0), (c, 4.0)], k=3)
    assert [h.chunk.id for h in fused] == [b.id, c.id, a.id]  # in both lists beats top of one list
    assert fused[0].vector_rank == 2 and fused[0].bm25_rank == 1


def test_homebrew_ingest_replace_and_remove(hash_index: RulesIndex, tmp_path: Path) -> None:
    doc = tmp_path / "moon-court.md"
    doc.write_text(HOMEBREW, encoding="utf-8")
    result = homebrew.ingest(doc, "moon-court", hash_index)
    assert result.chunks == 2 and result.report.embedded == 2
    assert "moon-court" in hash_index.systems()
    hits = search_index(hash_index, "petition the Moon Queen for a favour", system="moon-court", k=2)
    assert hits[0].chunk.move == "Petition the Moon" and hits[0].chunk.source == "moon-court.md"
    assert hits[0].citation.startswith("moon-court › Moon Court › Court Moves › Petition the Moon (moon-court.md:L5-")

    again = homebrew.ingest(doc, "moon-court", hash_index)
    assert again.report.embedded == 0

    doc.write_text(HOMEBREW.replace("silver debt", "golden debt"), encoding="utf-8")
    replaced = homebrew.ingest(doc, "moon-court", hash_index)
    assert replaced.report.embedded == 1 and replaced.report.deleted == 1
    texts = [c.text for c in hash_index.chunks() if c.system == "moon-court"]
    assert len(texts) == 2 and any("golden debt" in t for t in texts) and not any("silver" in t for t in texts)

    moved = homebrew.ingest(doc, "other-court", hash_index)  # re-ingest under another system
    assert moved.report.deleted == 2 and "moon-court" not in hash_index.systems()

    assert homebrew.remove(doc, hash_index) == 2
    assert "other-court" not in hash_index.systems()
    assert all(c.origin == "corpus" for c in hash_index.chunks())
    with pytest.raises(InputError, match="not in the rules index"):
        homebrew.remove(doc, hash_index)


def test_homebrew_plain_text_sections_are_recovered(hash_index: RulesIndex, tmp_path: Path) -> None:
    doc = tmp_path / "hack.txt"
    doc.write_text(
        "Lantern Rules\nThe lantern burns one hour per flask of oil.\n"
        "Darkness Checks\nWhen you move in total darkness, roll +Wits. On a miss you are lost.\n",
        encoding="utf-8",
    )
    homebrew.ingest(doc, "lantern", hash_index)
    chunks = [c for c in hash_index.chunks() if c.system == "lantern"]
    assert sorted(c.section for c in chunks) == ["Darkness Checks", "Lantern Rules"]
    assert next(c for c in chunks if c.section == "Darkness Checks").move == "Darkness Checks"


@pytest.mark.parametrize(
    ("name", "content", "system", "message"),
    [
        ("rules.pdf", b"%PDF", "x", "not a Markdown or text file"),
        ("empty.md", b"", "x", "no rules text"),
        ("latin.md", "# R\n\ncaf\xe9 rules here".encode("latin-1"), "x", "not UTF-8"),
        ("ok.md", b"# R\n\nSome rules text here.", "Bad Name!", "not a valid system name"),
    ],
)
def test_homebrew_rejects_bad_input(
    hash_index: RulesIndex, tmp_path: Path, name: str, content: bytes, system: str, message: str
) -> None:
    doc = tmp_path / name
    doc.write_bytes(content)
    with pytest.raises(InputError, match=message):
        homebrew.ingest(doc, system, hash_index)
    with pytest.raises(InputError, match="No file"):
        homebrew.ingest(tmp_path / "missing.md", "x", hash_index)


def test_cli_ingest_and_ask(tabletop_home: Path, tmp_path: Path) -> None:
    import typer

    from rules_index.cli import register

    app = typer.Typer()
    register(app)
    runner = CliRunner()
    doc = tmp_path / "moon.md"
    doc.write_text(HOMEBREW, encoding="utf-8")
    done = runner.invoke(app, ["ingest", str(doc), "--system", "moon-court"])
    assert done.exit_code == 0, done.output
    assert "Indexed moon.md as system 'moon-court': 2 passages (2 new" in done.output
    asked = runner.invoke(app, ["ask", "What happens when I petition the Moon Queen?", "--system", "moon-court"])
    assert asked.exit_code == 0, asked.output
    assert "[1] moon-court › Moon Court › Court Moves › Petition the Moon (moon.md:L5-L8)" in asked.output
    assert "**When you petition the Moon Queen for a favour, roll +Grace.**" in asked.output
    as_json = runner.invoke(app, ["ask", "how do I reduce heat", "--system", "blades", "--json", "--k", "2"])
    assert as_json.exit_code == 0
    import json

    data = json.loads(as_json.stdout)
    assert data["found"] and data["passages"][0]["citation"].startswith("blades › ")
    unknown = runner.invoke(app, ["ask", "anything", "--system", "gurps"])
    assert unknown.exit_code == 1
    assert "Unknown system 'gurps'. Known systems: blades, city, dungeon-world, elegy, moon-court, starforged." in unknown.output
    assert "Traceback" not in unknown.output
    removed = runner.invoke(app, ["ingest", str(doc), "--system", "moon-court", "--remove"])
    assert removed.exit_code == 0 and "Removed moon.md (2 passages)" in removed.output
    missing = runner.invoke(app, ["ingest", str(tmp_path / "nope.md"), "--system", "moon-court"])
    assert missing.exit_code == 1 and "error: No file at" in missing.output
