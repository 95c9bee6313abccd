"""Sentences of a rules passage, and their vectors kept beside the index (embedded once, reused).

Ranking compares a question with every sentence of a passage and with the passage's lead (its title and
first sentence), not only with the passage as a whole: a long section that holds the one sentence that
answers is found by that sentence. The vectors live in their own collection next to the chunks, keyed by
a hash of the sentence, so a sentence is embedded once for every index that shares the store.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

import numpy as np

from rules_index.chunk import Chunk, content_hash
from rules_index.index import RulesIndex

_SENTENCE_SPLIT = re.compile(r"(?<=[.!?\]])\s+(?=[A-Z0-9\"“(])")
MAX_SENTENCES = 60  #: sentences per passage compared with a question (the rest are walkthrough prose)
MIN_WORDS = 3


#: A numbered row run into the line before it, as text taken from a PDF prints a table ("... exposed to
#: danger 5–7. You encounter signs of a looming threat 8–10. ..."): each row starts at its range.
_INLINE_ROW = re.compile(r"(?<=[^\d\s])\s+(?=\d{1,3}\s*[–-]\s*\d{1,3}\.\s)")
#: A row's range alone ("69–74."), split off the row it heads.
_RANGE_ONLY = re.compile(r"^\d{1,3}(?:\s*[–-]\s*\d{1,3})?\.$")


#: A line that stops mid-sentence, as text taken from a PDF breaks them: after a comma, a bold span or a word
#: that cannot end a sentence ("If you fail to score a hit when you Sing an Elegy," / "or refuse the quest,
#: you are lost.").
_BROKEN_END = re.compile(r"(?:,|\*\*|\b(?:a|an|the|or|and|to|of|your|when|you|if|with))\s*$", re.I)


def _joined_lines(text: str) -> list[str]:
    """The lines of ``text``, a line that stops mid-sentence joined with the next when that one goes on in
    lower case."""
    out: list[str] = []
    for line in text.splitlines():
        if out and _BROKEN_END.search(out[-1]) and re.match(r"^\s*[a-z(]", line):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line)
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of a passage or answer (list items and lines count as sentences; a numbered row run into
    the line before it is a sentence of its own, with its range: "69–74. You waste blood")."""
    out: list[str] = []
    for line in _joined_lines(text):
        line = line.strip()
        if line.startswith("- "):  # a list item: its words, not the bullet
            line = line[2:].strip()
        for part in _INLINE_ROW.split(line):
            pieces = [s.strip() for s in _SENTENCE_SPLIT.split(part) if s.strip()]
            while pieces:
                piece = pieces.pop(0)
                if _RANGE_ONLY.match(piece) and pieces:
                    piece = f"{piece} {pieces.pop(0)}"
                out.append(piece)
    return out


def body(chunk: Chunk) -> str:
    """The passage without its first line when that line is its title."""
    lines = chunk.text.splitlines()
    title = chunk.section_path[-1] if chunk.section_path else ""
    if len(lines) > 1 and lines[0].strip().lstrip("#").strip().lower() == title.lower():
        return "\n".join(lines[1:])
    return chunk.text


#: A line of a few words naming the kind of move ("Progress Move", "Basic Combat Move", "Interrupt Move")
#: before a move's rule: it says nothing of what the move is about. (A short list item such as "Avoid
#: marking Heat" is a rule and stays.)
LABEL_WORDS = 4


#: A spell's label line: its level, school and class ("Level 1 Evocation, Wizard Spell").
_SPELL_LABEL = re.compile(r"^level\s+\d+\b[\w ,'’-]{0,40}\bspell$", re.I)


def is_label(sentence: str) -> bool:
    """Is ``sentence`` a label of the kind of move ("Progress Move") or of a spell ("Level 1 Evocation, Wizard
    Spell") rather than a sentence of the rule?"""
    words = sentence.split()
    if 0 < len(words) <= LABEL_WORDS and words[-1].lower() == "move":
        return True
    return _SPELL_LABEL.match(sentence.strip()) is not None


#: The line that opens a worked example inside a passage ("Example of Use a Secret").
_EXAMPLE_OPENER = re.compile(r"^[ \t]*(?:an?[ \t]+)?examples?\b", re.I | re.M)


def example_part(text: str) -> str:
    """The part of a passage's ``text`` that is a worked example: from a line opening one ("Example of Use a
    Secret") to the end; empty when the passage has none."""
    m = _EXAMPLE_OPENER.search(text)
    return text[m.start() :] if m else ""


def passage_sentences(chunk: Chunk) -> list[str]:
    """The sentences of ``chunk`` worth comparing with a question (at least three words, not a label such as
    "Basic Combat Move")."""
    return [s for s in split_sentences(body(chunk)) if len(s.split()) >= MIN_WORDS and not is_label(s)][:MAX_SENTENCES]


def lead(chunk: Chunk) -> str:
    """The passage's title and first sentence: what the passage says it is about.

    Labels before the first sentence ("Progress Move", "Interrupt Move") are passed over, and a move that opens
    with a preamble is led by its trigger: a move's lead is its trigger ("When you reach the end of your quest,
    ..."), which is what a question about it describes.
    """
    title = chunk.section_path[-1] if chunk.section_path else ""
    sentences = split_sentences(body(chunk))
    opening = [s for s in sentences[:4] if not is_label(s)]
    first = next(iter(opening), sentences[0] if sentences else "")
    if chunk.move and not first.startswith("When"):
        # a move that opens with a preamble ("To acquire resources, ...") is led by its trigger
        first = next((s for s in opening[1:3] if s.startswith("When ")), first)
    return f"{title}. {first}".strip(". ")


def _key(text: str) -> str:
    return content_hash("sentence", text)[:32]


class SentenceVectors:
    """Vectors of every passage's sentences and lead for one index, stored once and cached in memory."""

    def __init__(self, index: RulesIndex) -> None:
        self.index = index
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()

    def _ensure(self, texts: Iterable[str]) -> None:
        wanted = {_key(t): t for t in texts}
        missing_here = [k for k in wanted if k not in self._vectors]
        if not missing_here:
            return
        for key, vec in self.index.stored_sentence_vectors(missing_here).items():
            self._vectors[key] = np.asarray(vec, dtype=np.float32)
        new = [k for k in missing_here if k not in self._vectors]
        for start in range(0, len(new), 64):
            batch = new[start : start + 64]
            vectors = self.index.embedder.embed_documents([wanted[k] for k in batch])
            self.index.sentence_collection().upsert(ids=batch, embeddings=vectors, documents=[wanted[k] for k in batch])
            for key, vec in zip(batch, vectors, strict=True):
                self._vectors[key] = np.asarray(vec, dtype=np.float32)

    def matrix(self, texts: list[str]) -> np.ndarray:
        """The vectors of ``texts`` as rows (embedding any the store does not hold yet)."""
        with self._lock:
            self._ensure(texts)
            if not texts:
                return np.zeros((0, self.index.embedder.dimension), dtype=np.float32)
            return np.stack([self._vectors[_key(t)] for t in texts])

    def warm(self, chunks: list[Chunk]) -> None:
        """Embed (once) every sentence and lead of ``chunks``, and the phrases passages use for one another."""
        from rules_index.anchors import find_anchors

        texts = [t for c in chunks for t in (lead(c), *passage_sentences(c))]
        texts += [phrase for phrases in find_anchors(chunks).to.values() for phrase in phrases]
        with self._lock:
            self._ensure(texts)


_BY_INDEX: dict[int, SentenceVectors] = {}
_BY_INDEX_LOCK = threading.Lock()


def sentence_vectors(index: RulesIndex) -> SentenceVectors:
    """The sentence vectors of ``index`` (one cache per index object)."""
    with _BY_INDEX_LOCK:
        got = _BY_INDEX.get(id(index))
        if got is None or got.index is not index:
            got = _BY_INDEX[id(index)] = SentenceVectors(index)
        return got
