"""Cited rules Q&A: extractive offline, or a short LLM answer whose every sentence cites a passage.

When retrieval finds nothing relevant the answer is "The rules do not say." (no model is asked). An LLM
sentence without a valid ``[n]`` citation is dropped; if nothing cited remains, or the model fails, the
extractive answer is returned instead. The API key is never logged or printed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from assistant.prompts import load_prompt
from rules_index.index import RulesIndex
from rules_index.lexical import tokenize
from rules_index.search import Hit, resolve_system, search_index
from rules_index.sentence_cache import sentence_vectors

NOT_FOUND = "The rules do not say."
DEFAULT_MIN_SIMILARITY = 0.3  #: cosine similarity below which a passage is not about the question
#: The prompt lives with the others in assistant/prompts/.
SYSTEM_PROMPT = load_prompt("answer_rules_question").format(not_found=NOT_FOUND)

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?\]])\s+(?=[A-Z0-9\"“(])")
_CITE = re.compile(r"\[(\d+(?:\s*,\s*\d+)*)\]")


@dataclass(frozen=True)
class Passage:
    """A retrieved passage as cited in an answer: ``[n]`` plus the sentences to highlight."""

    n: int
    hit: Hit
    highlights: list[str] = field(default_factory=list)

    @property
    def citation(self) -> str:
        return self.hit.citation

    def highlighted(self, mark: Callable[[str], str] = lambda s: f"**{s}**") -> str:
        """The passage text with its highlighted sentences wrapped by ``mark``."""
        text = self.hit.text
        for sentence in self.highlights:
            text = text.replace(sentence, mark(sentence), 1)
        return text

    def as_dict(self) -> dict[str, Any]:
        return {"n": self.n, "citation": self.citation, "highlights": self.highlights, **self.hit.as_dict()}


@dataclass(frozen=True)
class Answer:
    """An answer with its passages. ``found`` is False when the rules do not say."""

    question: str
    system: str | None
    text: str
    passages: list[Passage]
    found: bool
    mode: Literal["extractive", "llm", "none"]
    note: str | None = None

    @property
    def citations(self) -> list[str]:
        return [f"[{p.n}] {p.citation}" for p in self.passages]

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "system": self.system,
            "answer": self.text,
            "found": self.found,
            "mode": self.mode,
            "note": self.note,
            "passages": [p.as_dict() for p in self.passages],
        }

    def render(self, mark: Callable[[str], str] = lambda s: f"**{s}**") -> str:
        """Plain-text rendering: the answer, then each passage with its citation and highlights."""
        parts = [self.text]
        if self.note:
            parts.append(f"({self.note})")
        for p in self.passages:
            parts.append(f"[{p.n}] {p.citation}\n{p.highlighted(mark)}")
        return "\n\n".join(parts)


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage or answer (list items and lines count as sentences)."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- "):  # a list item: highlight its words, not the bullet
            line = line[2:].strip()
        if line:
            out += [s.strip() for s in _SENTENCE_SPLIT.split(line) if s.strip()]
    return out


def _cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=False))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def highlight_sentences(question: str, hits: list[Hit], index: RulesIndex, per_passage: int = 2) -> list[list[tuple[float, str]]]:
    """Score each passage's sentences against the question (meaning + shared words), best first."""
    q_terms = set(tokenize(question))
    candidates: list[tuple[int, str]] = []
    for i, hit in enumerate(hits):
        lines = hit.text.splitlines()
        body = "\n".join(lines[1:]) if len(lines) > 1 else hit.text  # the first line is the title
        candidates += [(i, s) for s in split_sentences(body) if len(s.split()) >= 4]
    scored: list[list[tuple[float, str]]] = [[] for _ in hits]
    if not candidates:
        return scored
    q_vec = index.embedder.embed_query(question)
    vectors = sentence_vectors(index.embedder, [s for _, s in candidates])
    for (i, sentence), vec in zip(candidates, vectors, strict=True):
        overlap = len(q_terms & set(tokenize(sentence))) / max(1, len(q_terms))
        scored[i].append((0.7 * _cosine(q_vec, vec) + 0.3 * overlap, sentence))
    return [sorted(s, key=lambda pair: -pair[0])[:per_passage] for s in scored]


def relevant_hits(hits: list[Hit], index: RulesIndex) -> list[Hit]:
    """The hits similar enough to the question to be about it."""
    threshold = float(getattr(index.embedder, "min_similarity", DEFAULT_MIN_SIMILARITY))
    return [h for h in hits if (h.vector_score or 0.0) >= threshold]


def _not_found(question: str, system: str | None) -> Answer:
    return Answer(question, system, NOT_FOUND, [], found=False, mode="none")


def extractive_answer(question: str, system: str | None, hits: list[Hit], index: RulesIndex, note: str | None = None) -> Answer:
    """The passages with their most relevant sentences highlighted; the answer quotes the best ones."""
    if not hits:
        return _not_found(question, system)
    scored = highlight_sentences(question, hits, index)
    passages = [Passage(i + 1, hit, [s for _, s in scored[i]]) for i, hit in enumerate(hits)]
    ranked = sorted(((score, i, s) for i, rows in enumerate(scored) for score, s in rows), reverse=True)
    # quote the best sentence, and a second one only when it is nearly as relevant
    best = [row for n, row in enumerate(ranked[:2]) if n == 0 or row[0] >= 0.85 * ranked[0][0]]
    if not best:
        text = f"See {hits[0].chunk.section} [1]."
    else:
        text = " ".join(f"{s} [{i + 1}]" for _, i, s in sorted(best, key=lambda row: (row[1], hits[row[1]].text.find(row[2]))))
    return Answer(question, system, text, passages, found=True, mode="extractive", note=note)


def _cited_sentences(text: str, n_passages: int) -> tuple[list[str], int]:
    kept, dropped = [], 0
    for sentence in split_sentences(text):
        numbers = [int(x) for m in _CITE.findall(sentence) for x in m.split(",")]
        if numbers and all(1 <= n <= n_passages for n in numbers):
            kept.append(sentence)
        else:
            dropped += 1
    return kept, dropped


def build_prompt(question: str, hits: list[Hit]) -> list[tuple[str, str]]:
    """Chat messages for the LLM: instructions, then the numbered passages and the question."""
    passages = "\n\n".join(f"[{i}] {h.citation}\n{h.text}" for i, h in enumerate(hits, start=1))
    return [("system", SYSTEM_PROMPT), ("human", f"Passages:\n\n{passages}\n\nQuestion: {question}")]


def llm_answer(question: str, system: str | None, hits: list[Hit], index: RulesIndex, llm: Any) -> Answer:
    """Ask ``llm`` (a LangChain chat model) for a short answer citing ``hits``; never an uncited claim."""
    try:
        reply = llm.invoke(build_prompt(question, hits))
        content = reply.content if isinstance(reply.content, str) else str(reply.content)
    except Exception as exc:  # network, timeout, bad model name: fall back to the rules text
        note = f"the language model failed ({exc.__class__.__name__}); showing the rules text instead"
        return extractive_answer(question, system, hits, index, note=note)
    if NOT_FOUND.lower().rstrip(".") in content.lower():
        return Answer(question, system, NOT_FOUND, [], found=False, mode="llm")
    kept, dropped = _cited_sentences(content, len(hits))
    if not kept:
        note = "the language model's answer cited no passage; showing the rules text instead"
        return extractive_answer(question, system, hits, index, note=note)
    passages = [Passage(i, h) for i, h in enumerate(hits, start=1)]
    removed = f"{dropped} uncited sentence(s) removed" if dropped else None
    return Answer(question, system, " ".join(kept), passages, found=True, mode="llm", note=removed)


def answer(question: str, system: str | None = None, llm: Any = None, k: int = 3, index: RulesIndex | None = None) -> Answer:
    """Answer a rules question from the index (default: the shipped corpus plus homebrew).

    ``system`` limits the search (default: the campaign's, when a provider is registered). With ``llm``
    (a LangChain chat model) the answer is written by it; otherwise it is extractive.
    """
    from rules_index.search import get_index

    index = index or get_index()
    system = resolve_system(system)
    hits = relevant_hits(search_index(index, question, system, k), index)
    hits = list({h.text: h for h in reversed(hits)}.values())[::-1]  # one copy of repeated passages
    if not hits:
        return _not_found(question, system)
    if llm is None:
        return extractive_answer(question, system, hits, index)
    return llm_answer(question, system, hits, index, llm)


def make_llm(settings: Any = None) -> Any:
    """A ``ChatOpenAI`` for the configured OpenAI-compatible endpoint (temperature 0), or None when offline."""
    from assistant.llm import chat_model

    return chat_model(settings)
