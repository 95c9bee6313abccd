"""Retrieval: the fused ranking of :mod:`rules_index.rank` (hybrid), or vector similarity or BM25 alone.

The single rankers are fused by reciprocal rank when asked for one of them (the eval's ``--compare``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from assistant.engine.spellings import american_words
from rules_index.chunk import Chunk
from rules_index.index import RulesIndex
from rules_index.phrasing import plain_question
from rules_index.rank import rank as fused_rank

Mode = Literal["hybrid", "vector", "bm25"]
RRF_K = 60  #: reciprocal-rank-fusion constant
CANDIDATES = 40  #: candidates taken from each ranker before fusion
VECTOR_WEIGHT = 1.0
BM25_WEIGHT = 1.0


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk with its fused score and the evidence behind it."""

    chunk: Chunk
    score: float
    vector_score: float | None = None  #: cosine similarity to the query, when the vector ranker saw it
    bm25_score: float | None = None
    vector_rank: int | None = None
    bm25_rank: int | None = None
    sentence_score: float | None = None  #: similarity of the passage's closest sentence to the query
    lead_score: float | None = None  #: similarity of the passage's title and first sentence to the query
    relevance: float | None = None
    """The passage's score on the scale the "not covered" judgement was calibrated on (None: ``score``)."""

    @property
    def system(self) -> str:
        return self.chunk.system

    @property
    def section(self) -> str:
        return self.chunk.section

    @property
    def text(self) -> str:
        return self.chunk.text

    @property
    def citation(self) -> str:
        return self.chunk.citation

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form (used by ``assistant ask --json`` and the eval harness)."""
        return {
            "system": self.system,
            "section": self.section,
            "move": self.chunk.move,
            "text": self.text,
            "score": round(self.score, 6),
            "vector_score": None if self.vector_score is None else round(self.vector_score, 4),
            "bm25_score": None if self.bm25_score is None else round(self.bm25_score, 4),
            "citation": self.citation,
            "source": self.chunk.source,
            "line_start": self.chunk.line_start,
            "line_end": self.chunk.line_end,
        }


def vector_search(index: RulesIndex, query: str, system: str | None, limit: int) -> list[tuple[Chunk, float]]:
    """Nearest chunks by cosine similarity (1 - cosine distance)."""
    count = index.collection.count()
    if count == 0:
        return []
    got = index.collection.query(
        query_embeddings=[index.embedder.embed_query(query)],
        n_results=min(limit, count),
        where={"system": system} if system else None,
        include=["documents", "metadatas", "distances"],
    )
    rows = zip(got["ids"][0], got["documents"][0], got["metadatas"][0], got["distances"][0], strict=False)
    return [(Chunk.from_record(i, d or "", m or {}), 1.0 - float(dist)) for i, d, m, dist in rows]


def fuse(vector: list[tuple[Chunk, float]], lexical: list[tuple[Chunk, float]], k: int, mode: Mode = "hybrid") -> list[Hit]:
    """Reciprocal-rank fusion of the two rankings (or one of them alone)."""
    table: dict[str, dict[str, object]] = {}
    for rank, (chunk, sim) in enumerate(vector if mode != "bm25" else [], start=1):
        row = table.setdefault(chunk.id, {"chunk": chunk, "score": 0.0})
        row.update(vector_score=sim, vector_rank=rank)
        row["score"] = float(row["score"]) + VECTOR_WEIGHT / (RRF_K + rank)  # type: ignore[arg-type]
    for rank, (chunk, bm25) in enumerate(lexical if mode != "vector" else [], start=1):
        row = table.setdefault(chunk.id, {"chunk": chunk, "score": 0.0})
        row.update(bm25_score=bm25, bm25_rank=rank)
        row["score"] = float(row["score"]) + BM25_WEIGHT / (RRF_K + rank)  # type: ignore[arg-type]
    sims = {c.id: s for c, s in vector}
    hits = [
        Hit(
            chunk=row["chunk"],  # type: ignore[arg-type]
            score=float(row["score"]),  # type: ignore[arg-type]
            vector_score=row.get("vector_score", sims.get(cid)),  # type: ignore[arg-type]
            bm25_score=row.get("bm25_score"),  # type: ignore[arg-type]
            vector_rank=row.get("vector_rank"),  # type: ignore[arg-type]
            bm25_rank=row.get("bm25_rank"),  # type: ignore[arg-type]
        )
        for cid, row in table.items()
    ]
    hits.sort(key=lambda h: (-h.score, -(h.vector_score or 0.0), h.chunk.id))
    return hits[:k]


def in_rules_spelling(query: str, index: RulesIndex) -> str:
    """``query`` with its British spellings as the rules texts spell them ("how does armour work?": armor), where
    the texts use the American word and not the British one."""
    words = index.lexical().words
    return american_words(query, words, words)


def search_index(index: RulesIndex, query: str, system: str | None = None, k: int = 5, mode: Mode = "hybrid") -> list[Hit]:
    """Search one index: ``k`` best chunks for ``query``, best first, optionally within ``system``."""
    if not query.strip() or k <= 0:
        return []
    query = in_rules_spelling(plain_question(query), index)
    if mode == "hybrid":
        return [
            Hit(
                chunk=s.chunk,
                score=s.score,
                vector_score=s.passage_sim,
                bm25_score=s.bm25 or None,
                vector_rank=s.vector_rank,
                bm25_rank=s.bm25_rank,
                sentence_score=s.sentence_sim,
                lead_score=s.lead_sim,
                relevance=s.relevance,
            )
            for s in fused_rank(index, query, system, k)
        ]
    vector = vector_search(index, query, system, CANDIDATES) if mode != "bm25" else []
    lexical = index.lexical().search(query, system, CANDIDATES) if mode != "vector" else []
    return fuse(vector, lexical, k, mode)


# --- the default index (from settings), shared by the CLI, chat and UI -----------------------------

_DEFAULT: dict[str, RulesIndex] = {}
_DEFAULT_LOCK = threading.Lock()
#: Other layers may register where the current campaign's system comes from.
default_system_provider: Callable[[], str | None] | None = None


def get_index(refresh: bool = True, snapshot: bool = False) -> RulesIndex:
    """The index at ``settings.index_dir`` (or the configured Chroma server), brought up to date once.

    With ``snapshot`` (a one-off command that only reads, or the app's warm start), a current snapshot of the
    prepared index answers without opening the store (:mod:`rules_index.snapshot`); without a current one the
    store is opened (and, with ``refresh``, synced, and a new snapshot taken when the sync changed it or there
    was none)."""
    from assistant.config import load_settings
    from rules_index.embed import get_embedder

    settings = load_settings()
    key = f"{settings.chroma_url or settings.index_dir}"
    store = settings.index_dir / "chroma"
    with _DEFAULT_LOCK:
        index = _DEFAULT.get(key)
        if index is None:
            embedder = get_embedder()
            copy = None
            if snapshot and not settings.chroma_url:
                from rules_index.snapshot import load_snapshot

                copy = load_snapshot(store, embedder.name)
            index = RulesIndex(embedder, path=store, url=settings.chroma_url, snapshot=copy)
            if refresh and copy is None:
                from rules_index.notes import sync_notes
                from rules_index.snapshot import load_snapshot, write_snapshot

                report = index.sync_corpus()
                report += sync_notes(index)
                changed = report.embedded or report.deleted or report.relabelled
                if snapshot and not settings.chroma_url and (changed or load_snapshot(store, embedder.name) is None):
                    write_snapshot(index)
            _DEFAULT[key] = index
        return index


def resolve_system(system: str | None) -> str | None:
    """The system to search: the one asked for, else the campaign's (when a provider is registered)."""
    if system:
        return system
    if default_system_provider is not None:
        return default_system_provider()
    return None


def search(query: str, system: str | None = None, k: int = 5, mode: Mode = "hybrid") -> list[Hit]:
    """Search the default rules index (built/refreshed from the shipped corpus on first use)."""
    return search_index(get_index(), query, resolve_system(system), k, mode)
