"""Lexical scoring: BM25 (rank-bm25) over chunk texts, rebuilt in memory from the stored chunks."""

from __future__ import annotations

import re

from rank_bm25 import BM25Okapi

from rules_index.chunk import Chunk

_TOKEN = re.compile(r"[a-z0-9]+(?:[+-][a-z0-9]+)*")
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "be",
        "but",
        "by",
        "can",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "to",
        "was",
        "we",
        "what",
        "when",
        "where",
        "which",
        "who",
        "why",
        "will",
        "with",
        "you",
        "your",
        "yours",
        "i'm",
        "our",
        "rules",
        "rule",
        "happens",
        "happen",
    ]
)


def stem(word: str) -> str:
    """A very light English stemmer (plurals and common verb endings), enough for rules vocabulary."""
    for suffix, keep in (("ies", "y"), ("sses", "ss"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            return word[: -len(suffix)] + keep
    return word


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-word-free, lightly stemmed tokens."""
    return [stem(t) for t in _TOKEN.findall(text.lower().replace("&", " and ")) if t not in STOPWORDS]


class LexicalIndex:
    """BM25 over ``chunks``; the section path is counted twice so titles weigh more."""

    def __init__(self, chunks: list[Chunk]) -> None:
        self.chunks = chunks
        corpus = [tokenize(f"{c.section} {c.section} {c.move or ''} {c.text}") for c in chunks]
        self._bm25 = BM25Okapi(corpus) if corpus else None

    def search(self, query: str, system: str | None = None, limit: int = 50) -> list[tuple[Chunk, float]]:
        """Best chunks for ``query`` (positive scores only), optionally of one system."""
        terms = tokenize(query)
        if self._bm25 is None or not terms:
            return []
        scores = self._bm25.get_scores(terms)
        ranked = sorted(
            (
                (chunk, float(score))
                for chunk, score in zip(self.chunks, scores, strict=True)
                if score > 0 and (system is None or chunk.system == system)
            ),
            key=lambda pair: -pair[1],
        )
        return ranked[:limit]
