"""Lexical scoring: BM25 (rank-bm25) over chunk texts, rebuilt in memory from the stored chunks."""

from __future__ import annotations

import re

from rank_bm25 import BM25Okapi

from rules_index.chunk import Chunk
from rules_index.terms import STOPWORDS, terms

_TOKEN = re.compile(r"[a-z0-9]+(?:[+-][a-z0-9]+)*")


def stem(word: str) -> str:
    """A very light English stemmer (plurals and common verb endings), enough for rules vocabulary."""
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-word-free, lightly stemmed tokens (the move suggestions' and the hash embedder's words;
    the rules ranking compares :func:`rules_index.terms.terms`, which folds more inflections together)."""
    return [stem(t) for t in _TOKEN.findall(text.lower().replace("&", " and ")) if t not in STOPWORDS]


class LexicalIndex:
    """BM25 over ``chunks`` (their :func:`~rules_index.terms.terms`); the section path is counted twice so
    titles weigh more."""

    def __init__(self, chunks: list[Chunk]) -> None:
        self.chunks = chunks
        corpus = [terms(f"{c.section} {c.section} {c.move or ''} {c.text}") for c in chunks]
        self._bm25 = BM25Okapi(corpus) if corpus else None
        self._words: frozenset[str] | None = None

    @property
    def words(self) -> frozenset[str]:
        """Every word the rules texts use, lower case (what a British spelling in a question may be read as)."""
        if self._words is None:
            self._words = frozenset(w for c in self.chunks for w in re.findall(r"[a-z]+", f"{c.section} {c.text}".lower()))
        return self._words

    def search(self, query: str, system: str | None = None, limit: int = 50) -> list[tuple[Chunk, float]]:
        """Best chunks for ``query`` (positive scores only), optionally of one system."""
        words = terms(query)
        if self._bm25 is None or not words:
            return []
        scores = self._bm25.get_scores(words)
        ranked = sorted(
            (
                (chunk, float(score))
                for chunk, score in zip(self.chunks, scores, strict=True)
                if score > 0 and (system is None or chunk.system == system)
            ),
            key=lambda pair: -pair[1],
        )
        return ranked[:limit]
