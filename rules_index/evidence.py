"""The evidence a question's candidate passages are ranked by, gathered once per question.

Candidates are the best passages by vector similarity and by BM25. For each, :func:`gather` measures how
close the question is to the whole passage, to its closest sentence, to its lead (title and first sentence,
or a move's trigger), its BM25 (scaled by the best BM25 of the question), the share of the question's content
words the passage uses, the title words the question uses, and a few yes/no facts (a title naming the range
of a value the question gives, a sentence defining the term asked about, a section that only introduces its
sub-sections, a reading note, a rules note holding the sentence closest to the question of any candidate).
:mod:`rules_index.rank` weighs them into one score.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, replace

import numpy as np

from rules_index.anchors import Anchors, find_anchors
from rules_index.asking import (
    already_terms,
    asks_amount,
    asks_count,
    asks_open_point,
    asks_stacking,
    gives_amount,
    other_party,
    says_stacking,
    speaks_of_already,
)
from rules_index.chunk import Chunk
from rules_index.coverage import content_terms
from rules_index.index import RulesIndex
from rules_index.move_cues import move_cues, move_key, named_moves, names_move
from rules_index.note_words import with_notes_beyond_text
from rules_index.phrasing import narrated_action
from rules_index.results import result_range, rolled_numbers
from rules_index.sentences import body, lead, passage_sentences, sentence_vectors
from rules_index.settling import with_named_readings, with_settling_notes
from rules_index.terms import terms

CANDIDATES = 40  #: candidates taken from each ranker
#: A worked example or walkthrough ("Combat Walkthrough 2", "Example Ritual Answers").
_EXAMPLE_TITLE = re.compile(r"\b(walkthrough|examples?)\b", re.I)
#: "what do I roll" asks which move applies; it does not name "Rolling with advantage" by its title.
_ROLL_WORDS = frozenset(terms("roll rolls rolled rolling"))


@dataclass(frozen=True)
class Evidence:
    """What one candidate passage has for one question (every measure before it is weighed)."""

    chunk: Chunk
    passage_sim: float  #: cosine similarity of the question and the whole passage
    sentence_sim: float  #: ... and the passage's closest sentence (or a phrase other passages use for it)
    lead_sim: float  #: ... and the passage's lead: its title and first sentence (a move's trigger)
    bm25: float  #: BM25 of the passage for the question
    lexical: float  #: BM25 scaled by the best BM25 among the question's passages
    cover: float  #: share of the question's content words the passage uses (:func:`word_cover`)
    title: float  #: share of the passage's title words the question uses (:func:`title_overlap`)
    in_range: bool  #: the title names a range of a measure the question gives a value in (:func:`in_named_range`)
    defines: bool  #: a sentence defines the term a "what does X mean" question asks about
    parent: bool  #: the section only introduces its sub-sections
    reading: bool  #: a rules note on how the engine reads an ambiguous sentence
    bm25_rank: int | None
    vector_rank: int | None
    closest: str = ""  #: the passage's sentence closest to the question
    move: bool = False  #: the passage is a move (or a note on one)
    told_move: bool = False  #: ... and the question is told as the character's action (it asks which move applies)
    note: bool = False  #: the passage is one of the project's rules notes, not the text
    cue: float = 0.0  #: the move's boost by the rulesets' cue words the question uses (:mod:`rules_index.move_cues`)
    unmet: bool = False  #: the move is made only in a situation the question never names
    named: bool = False
    """The question names this move, and no other, by its whole name ("rolls Defend"; a note on the move: no)."""
    closest_note: bool = False
    """A rules note holding the sentence closest to the question of every candidate passage: it says what the
    text leaves out ("Stress that reaches 9 is a level of trauma"), so it is the answer, not a gloss on the text."""
    open_point: bool = False
    """A reading note, for a question that says the text is silent or unclear on its point ("which one do i
    mark?", "is that 3 or 4?"): the reading answers it, not the move's text it quotes (:mod:`rules_index.asking`)."""
    amount: bool = False
    """The question asks for an amount and the passage's sentence closest to it gives a number."""
    already: bool = False
    """The question says a case already holds and a sentence of the passage speaks of it already holding
    (:func:`rules_index.asking.speaks_of_already`)."""
    example: bool = False  #: a worked example or walkthrough, not a rule (:func:`is_example`)
    other_party: bool = False
    """The passage is about an NPC where the question is about a player character, or the other way round
    (:func:`rules_index.asking.other_party`)."""
    settles: bool = False
    """A reading note resting on the very sentence of its move's text closest to the question, and closer to the
    question as a whole than that text (:data:`rules_index.settling.SETTLING_MARGIN`), for a question told as the
    character's action that asks how many or how much ("12 on appraise circumstances and i take clearing heat instead of writing a
    belief. how much heat is that?"): the question has the move's result already and asks what the note settles
    about that sentence, not what the sentence says (:func:`rules_index.settling.with_settling_notes`)."""
    stacking: bool = False
    """The question asks whether two of a thing add up and the passage says what stacks
    (:func:`rules_index.asking.asks_stacking`)."""
    reads_named: bool = False
    """A reading note on the one move the question names by its whole name, closer to the question as a whole than
    that move's own text (:func:`rules_index.settling.with_named_readings`)."""
    beyond_text: bool = False
    """A reading note using a word of the question, beyond the move's name, that the move's own text does not
    (:func:`rules_index.note_words.with_notes_beyond_text`): the question asks a point the text leaves open."""
    sentence_cover: float = 0.0
    """The largest share of the question's content words one sentence of the passage uses (:func:`sentence_cover`):
    the passage that says the question's things together, not one that uses them in different places."""


class _ChunkVectors:
    """Every stored passage vector of one index as a matrix (reloaded when the index changes)."""

    def __init__(self) -> None:
        self.revision: str | None = None
        self.ids: list[str] = []
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.row: dict[str, int] = {}
        self.parents: set[str] = set()
        self.anchors = Anchors({}, {})


_CACHE: dict[int, tuple[RulesIndex, _ChunkVectors]] = {}
_LOCK = threading.Lock()


def _parents(chunks: list[Chunk]) -> set[str]:
    """Ids of passages whose section has sub-sections in the same source."""
    paths = {(c.source, tuple(c.section_path)) for c in chunks}
    prefixes = {(s, p[:n]) for s, p in paths for n in range(1, len(p))}
    return {c.id for c in chunks if (c.source, tuple(c.section_path)) in prefixes}


def chunk_vectors(index: RulesIndex) -> _ChunkVectors:
    """The passage vectors of ``index`` (cached until its revision changes)."""
    with _LOCK:
        entry = _CACHE.get(id(index))
        if entry is None or entry[0] is not index:
            entry = _CACHE[id(index)] = (index, _ChunkVectors())
        cache = entry[1]
        revision = index.revision()
        if cache.revision != revision:
            chunks = index.chunks()
            stored_ids, stored_vectors = index.stored_embeddings()
            by_id = dict(zip(stored_ids, stored_vectors, strict=False))
            cache.ids = [c.id for c in chunks if c.id in by_id]
            cache.row = {cid: i for i, cid in enumerate(cache.ids)}
            dim = index.embedder.dimension
            cache.matrix = np.asarray([by_id[i] for i in cache.ids], dtype=np.float32).reshape(len(cache.ids), dim)
            cache.parents = _parents(chunks)
            cache.anchors = find_anchors(chunks)
            cache.revision = revision
        return cache


_QUERIES: dict[tuple[int, str, str], np.ndarray] = {}
_QUERIES_LOCK = threading.Lock()


def query_vector(index: RulesIndex, query: str) -> np.ndarray:
    """The question's vector (kept for the few questions asked last: ranking and the coverage judgement
    of one question embed it once)."""
    key = (id(index.embedder), str(getattr(index.embedder, "name", "")), query)
    with _QUERIES_LOCK:
        got = _QUERIES.get(key)
    if got is None:
        got = np.asarray(index.embedder.embed_query(query), dtype=np.float32)
        with _QUERIES_LOCK:
            if len(_QUERIES) >= 64:
                _QUERIES.pop(next(iter(_QUERIES)))
            _QUERIES[key] = got
    return got


def is_reading(chunk: Chunk) -> bool:
    """Is ``chunk`` a rules note on how the engine reads an ambiguous sentence?"""
    return chunk.origin == "note" and len(chunk.section_path) > 1 and chunk.section_path[1] == "Readings"


def is_example(chunk: Chunk) -> bool:
    """Is ``chunk`` a worked example rather than a rule (its own title says so)?"""
    return bool(chunk.section_path) and bool(_EXAMPLE_TITLE.search(chunk.section_path[-1]))


#: An aside in a title ("Backfire (lower is better)", "Observe Someone (Network)"): a note on the move, not its name.
_TITLE_ASIDE = re.compile(r"\s*\([^()]*\)")


def title_overlap(query_terms: set[str], chunk: Chunk) -> float:
    """Share of the words of the passage's title (less its asides, unless it is all aside) the question uses:
    "what happens when my power backfires" names "Backfire (lower is better)" whole."""
    full = chunk.section_path[-1] if chunk.section_path else ""
    title = set(terms(_TITLE_ASIDE.sub(" ", full))) or set(terms(full))
    return len(title & query_terms) / len(title) if title else 0.0


_TITLE_RANGE = re.compile(r"\b([a-z]+)\s+(\d{1,3})\s*(?:[-–]\s*(\d{1,3})|(\+))?(?![\d])", re.I)


def title_ranges(title: str) -> list[tuple[str, int, int]]:
    """The (measure, low, high) ranges a title names: "Entanglements (Heat 0-3)" -> ("heat", 0, 3), "Heat 6+" ->
    ("heat", 6, 999), "Wanted Level 4" -> ("level", 4, 4)."""
    out = []
    for word, low, high, plus in _TITLE_RANGE.findall(title):
        top = 999 if plus else int(high or low)
        out.append((word.lower(), int(low), top))
    return out


#: A measure and the value the question gives it: "heat 5", "heat of 5", "heat is at 2", "our heat's sitting at 7".
_MEASURE_VALUE = re.compile(
    r"\b([a-z]+)(?:['’]s)?\s+(?:(?:is|at|of|now|sits|sitting|stands|standing|currently|still|already|only|just|=)\s+){0,3}"
    r"(\d{1,3})\b",
    re.I,
)


def measure_values(query: str) -> list[tuple[str, int]]:
    """The (measure, value) pairs a question gives ("our heat is at 2" -> ("heat", 2))."""
    return [(w.lower(), int(n)) for w, n in _MEASURE_VALUE.findall(query)]


def in_named_range(query: str, chunk: Chunk) -> bool:
    """Does the question give a value of a measure inside the range the passage's title names ("heat 5", "our heat
    is at 2")?"""
    title = chunk.section_path[-1] if chunk.section_path else ""
    ranges = title_ranges(title)
    if not ranges:
        return False
    values = measure_values(query)
    return any(w == word and low <= n <= high for w, n in values for word, low, high in ranges)


def word_cover(asked: list[str], chunk: Chunk, anchors: tuple[str, ...] = (), pointing: frozenset[str] = frozenset()) -> float:
    """Share of the question's content words ``asked`` that the passage (title and text, less its options that
    only point to another move: ``pointing``) or the phrases other passages use for it (``anchors``,
    :mod:`rules_index.anchors`) use."""
    if not asked:
        return 0.0
    text = chunk.text
    for sentence in pointing:
        text = text.replace(sentence, " ")
    words = set(terms(" ".join([chunk.section, text, *anchors])))
    return sum(1 for t in asked if t in words) / len(asked)


def sentence_cover(asked: list[str], chunk: Chunk) -> float:
    """The largest share of the question's content words ``asked`` that one sentence of the passage uses."""
    wanted = set(asked)
    if not wanted:
        return 0.0
    return max((len(wanted & set(terms(s))) / len(wanted) for s in passage_sentences(chunk)), default=0.0)


def other_result(sentence: str, rolled: set[int]) -> bool:
    """Is ``sentence`` the outcome line of another result than the one the question rolled ("12+ The situation
    passes uneventfully." for "got an 11")? Its number makes it close to the question in meaning, so every
    move's outcome lines were close to any question that gives a total; only the line the total falls in
    speaks of that result. A table's row ("63-68 | Your vehicle suffers damage") is kept: any row of the table
    says the question is about that table."""

    if not rolled or "|" in sentence:
        return False
    covered = result_range(sentence)
    return len(covered) > 0 and not any(n in covered for n in rolled)


def gather(index: RulesIndex, query: str, system: str | None) -> list[Evidence]:
    """The evidence for every candidate passage of ``query`` (optionally of one ``system``)."""
    chunks = [c for c in index.chunks() if system is None or c.system == system]
    if not chunks or not query.strip():
        return []
    vectors = chunk_vectors(index)
    q = query_vector(index, query)
    rows = [vectors.row[c.id] for c in chunks if c.id in vectors.row]
    by_row = {vectors.row[c.id]: c for c in chunks if c.id in vectors.row}
    sims = vectors.matrix[rows] @ q if rows else np.zeros(0, dtype=np.float32)
    passage_sim = {by_row[r].id: float(s) for r, s in zip(rows, sims, strict=True)}
    vector_order = [by_row[rows[i]] for i in np.argsort(-sims, kind="stable")[:CANDIDATES]]
    lexical = index.lexical().search(query, system, CANDIDATES)
    best_bm25 = max((s for _, s in lexical), default=0.0) or 1.0
    bm25 = {c.id: s for c, s in lexical}
    bm25_rank = {c.id: n for n, (c, _) in enumerate(lexical, start=1)}
    vector_rank = {c.id: n for n, c in enumerate(vector_order, start=1)}
    candidates = list({c.id: c for c in [*vector_order, *(c for c, _ in lexical)]}.values())

    from rules_index.lead import defining_pattern  # lead ranks sentences of the passages ranked here

    store = sentence_vectors(index)
    anchors, pointing = vectors.anchors.to, vectors.anchors.pointing
    rolled = rolled_numbers(query)
    texts = [
        [
            lead(c),
            *(s for s in passage_sentences(c) if s not in pointing.get(c.id, ()) and not other_result(s, rolled)),
            *anchors.get(c.id, ()),
        ]
        for c in candidates
    ]
    matrix = store.matrix([t for group in texts for t in group])
    scores = matrix @ q if len(matrix) else np.zeros(0, dtype=np.float32)
    q_terms = set(terms(query))
    # "what do I roll" names no section: a title is named by the question's words that say what it asks about
    q_named = q_terms - _ROLL_WORDS
    asked = content_terms(query)
    defining = defining_pattern(query)
    told = narrated_action(query)
    open_point = asks_open_point(query)
    amount = asks_amount(query)
    holds = already_terms(query)
    stacking = asks_stacking(query)
    out: list[Evidence] = []
    at = 0
    for chunk, group in zip(candidates, texts, strict=True):
        own = scores[at : at + len(group)]
        at += len(group)
        lead_sim = float(own[0])
        sentence_sim = float(own[1:].max()) if len(own) > 1 else lead_sim
        is_move = bool(chunk.move)
        boosts, unmet = move_cues(chunk.system, query) if is_move else ({}, frozenset())
        key = move_key(chunk.move or "")
        closest = group[1 + int(np.argmax(own[1:]))] if len(own) > 1 else ""
        out.append(
            Evidence(
                chunk=chunk,
                passage_sim=passage_sim.get(chunk.id, 0.0),
                sentence_sim=sentence_sim,
                lead_sim=lead_sim,
                bm25=bm25.get(chunk.id, 0.0),
                lexical=bm25.get(chunk.id, 0.0) / best_bm25,
                cover=word_cover(asked, chunk, anchors.get(chunk.id, ()), pointing.get(chunk.id, frozenset())),
                title=title_overlap(q_named, chunk),
                in_range=in_named_range(query, chunk),
                defines=defining is not None and any(defining.search(s) for s in group[1:]),
                parent=chunk.id in vectors.parents,
                reading=is_reading(chunk),
                bm25_rank=bm25_rank.get(chunk.id),
                vector_rank=vector_rank.get(chunk.id),
                closest=closest,
                move=is_move,
                told_move=is_move and told,
                note=chunk.origin == "note",
                cue=boosts.get(key, 0.0),
                unmet=key in unmet,
                named=is_move
                and chunk.origin != "note"
                and names_move(query, chunk.move or "")
                and len(named_moves(chunk.system, query)) == 1,
                open_point=open_point and is_reading(chunk),
                amount=amount and gives_amount(closest),
                already=speaks_of_already(group[1:], holds),
                stacking=stacking and says_stacking(body(chunk)),
                example=is_example(chunk),
                other_party=other_party(query, chunk.text),
                sentence_cover=sentence_cover(asked, chunk),
            )
        )
    best = max((e.sentence_sim for e in out), default=0.0)
    out = [replace(e, closest_note=True) if e.note and e.sentence_sim >= best else e for e in out]
    out = with_notes_beyond_text(with_named_readings(out, query), query)
    return with_settling_notes(out) if told and asks_count(query) else out
