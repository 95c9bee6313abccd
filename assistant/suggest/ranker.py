"""Offline ranking: embedding similarity of the player's text to each move's trigger and approach lines,
plus BM25 over the same words, plus the system's lexical cues.

Move embeddings are computed once per (embedder, system, move texts), kept in memory and on disk
(:mod:`assistant.suggest.vector_cache`), so a warm suggestion costs one query embedding and a new process
reads the move vectors instead of computing them.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rank_bm25 import BM25Okapi

from assistant.suggest import vector_cache
from assistant.suggest.catalog import MoveEntry
from assistant.suggest.cues import CueHits, load_hints, load_priors, match_cues, unmet_needs

#: Weights of the offline score (tuned on evals/datasets/suggest_public.jsonl; see the README there).
W_TRIGGER = 0.55  #: cosine(text, "name. trigger")
W_APPROACH = 0.30  #: best cosine(text, approach line)
W_LEXICAL = 0.10  #: BM25 over name + trigger + approach lines, saturated to [0, 1)
LEX_HALF = 4.0  #: the BM25 score that counts as half a lexical match
STAT_CUE_WEIGHT = 0.2  #: added to an approach line's similarity per cue naming its stat
#: Words of trying that say nothing of the deed ("I try to slip away"): a move's text that has them (Compel's "When you
#: try to persuade") is no closer for it.
_ATTEMPT_WORDS = frozenset({"try", "tries", "tried", "trying", "attempt", "attempts", "attempted", "attempting"})
_TRYING_TO = re.compile(r"\b(?:try|tries|tried|trying|attempt|attempts|attempted|attempting)\s+to\b", re.I)
NEEDS_PENALTY = 0.15  #: a narrow move (``needs`` in the cue file) when the words hold none of its trigger's words
NAME_BOOST = 0.3  #: the player's words hold every word of the move's name ("I run my scheme": Run the Scheme)


def move_document(move: MoveEntry) -> str:
    return f"{move.name}. {move.trigger}"


def approach_document(move: MoveEntry, when: str) -> str:
    return f"{when}" if when else move_document(move)


@dataclass
class _SystemVectors:
    docs: list[str]
    trigger: np.ndarray  #: (moves, dim)
    approach: np.ndarray  #: (approach lines, dim)
    approach_owner: list[int]  #: approach row -> move index
    approach_index: list[int]  #: approach row -> index in move.approaches (-1 for a hint)
    bm25: BM25Okapi | None


_CACHE: dict[tuple[str, str, tuple[str, ...]], _SystemVectors] = {}
_LOCK = threading.Lock()


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()


def _tokenize(text: str) -> list[str]:
    from rules_index.lexical import tokenize

    return tokenize(text)


def _vectors(embedder: Any, system: str, moves: list[MoveEntry]) -> _SystemVectors:
    docs = [move_document(m) for m in moves]
    hints = load_hints(system)
    approach_docs: list[str] = []
    owner: list[int] = []
    index: list[int] = []
    for i, move in enumerate(moves):
        for j, appr in enumerate(move.approaches):
            if appr.when:
                approach_docs.append(approach_document(move, appr.when))
                owner.append(i)
                index.append(j)
        for hint in hints.get(move.key, ()):
            approach_docs.append(hint)
            owner.append(i)
            index.append(-1)
    key = (getattr(embedder, "name", type(embedder).__name__), system, tuple(docs + ["|"] + approach_docs))
    with _LOCK:
        hit = _CACHE.get(key)
    if hit is not None:
        return hit
    model = key[0]
    vectors = vector_cache.load(model, system, docs + approach_docs)
    if vectors is None:
        vectors = np.asarray(embedder.embed_documents(docs + approach_docs), dtype=np.float32)
        vector_cache.save(model, system, docs + approach_docs, vectors)
    lexical_docs = [_tokenize(" ".join([m.name, m.name, m.trigger, *(a.when for a in m.approaches), *m.aliases])) for m in moves]
    built = _SystemVectors(
        docs=docs,
        trigger=vectors[: len(docs)],
        approach=vectors[len(docs) :] if approach_docs else np.zeros((0, vectors.shape[1]), dtype=np.float32),
        approach_owner=owner,
        approach_index=index,
        bm25=BM25Okapi(lexical_docs) if any(lexical_docs) else None,
    )
    with _LOCK:
        _CACHE[key] = built
    return built


def warm_vectors(system: str, moves: list[MoveEntry], embedder: Any) -> None:
    """Compute (or read from disk) the move vectors of ``system`` now, before the first suggestion."""
    _vectors(embedder, system, moves)


def _words_of(name: str) -> frozenset[str] | None:
    """The words of a move's name that are distinctive enough to count as naming it: two words or more once small
    words are dropped, the parenthesised part aside ("Cast a Spell (Wizard)": cast, spell); None for one word."""
    words = frozenset(_tokenize(re.sub(r"\([^)]*\)", " ", name)))
    if len(words) == 1 and _ABBREVIATION.fullmatch(name.strip()):  # "DSA": a player's shorthand, no everyday word
        return words
    return words if len(words) >= 2 else None


#: A name in capitals ("DSA" for Direct Someone to Act): a shorthand players type, in any case ("i use dsa on oswin").
_ABBREVIATION = re.compile(r"[A-Z]{2,5}")


def _name_words(move: MoveEntry) -> list[frozenset[str]]:
    return [w for w in (_words_of(n) for n in (move.name, *move.aliases)) if w is not None]


def says_name(text: str, name: str) -> bool:
    """True when the player's words hold every word of the move's ``name`` ("I perform a ritual of blood": Perform
    Ritual); a one-word name (Strike) is an everyday verb, not a name."""
    words = _words_of(name)
    said = set(_tokenize(text))
    return words is not None and all(any(_same_word(w, t) for t in said) for w in words)


def _same_word(a: str, b: str) -> bool:
    """Two stems of one word: equal, or one starts the other ("run" and "runn", "schem" and "scheme")."""
    short, long = sorted((a, b), key=len)
    return long.startswith(short) and len(short) >= 3 if short != long else True


def names_said(text: str, moves: list[MoveEntry]) -> set[int]:
    """Indexes of the moves whose name the player's words hold, every word of it, in any order and inflection."""
    said = set(_tokenize(text))
    return {
        i
        for i, move in enumerate(moves)
        if any(all(any(_same_word(w, t) for t in said) for w in words) for words in _name_words(move))
    }


@dataclass
class Scored:
    move: MoveEntry
    score: float
    trigger_sim: float
    approach_sim: float
    lexical: float
    cue: float
    approach_sims: dict[int, float] = field(default_factory=dict)
    """approach index (in move.approaches) -> similarity to the text"""
    notes: list[str] = field(default_factory=list)
    prior: float = 0.0
    unmet: bool = False
    """The words hold none of the move's situation (``needs``): it was pushed down by :data:`NEEDS_PENALTY`."""


def score_moves(
    text: str,
    system: str,
    moves: list[MoveEntry],
    embedder: Any,
    fighting: bool = False,
    open_kinds: frozenset[str] = frozenset(),
) -> tuple[list[Scored], CueHits]:
    """Offline scores of every move for ``text`` (unsorted), and the cues that matched (``fighting``: a fight is on;
    ``open_kinds``: the kinds of the campaign's open tracks)."""
    vec = _vectors(embedder, system, moves)
    query = np.asarray(embedder.embed_query(text), dtype=np.float32)
    trigger_sims = vec.trigger @ query
    approach_sims = vec.approach @ query if len(vec.approach_owner) else np.zeros(0, dtype=np.float32)
    # map approach rows back to each move: approach lines (by index) and hints (best one)
    per_move: dict[int, dict[int, float]] = {}
    best_extra: dict[int, float] = {}
    for row, (owner, j) in enumerate(zip(vec.approach_owner, vec.approach_index, strict=True)):
        sim = float(approach_sims[row])
        if j >= 0:
            per_move.setdefault(owner, {})[j] = sim
        best_extra[owner] = max(best_extra.get(owner, float("-inf")), sim)
    lexical = np.zeros(len(moves))
    terms = _tokenize(text)
    if _TRYING_TO.search(text):  # "i try to slip away": not Compel's "try to"; "I try the street food" keeps it
        terms = [t for t in terms if t not in _ATTEMPT_WORDS]
    if vec.bm25 is not None and terms:
        raw = np.clip(np.asarray(vec.bm25.get_scores(terms), dtype=float), 0.0, None)
        lexical = raw / (raw + LEX_HALF)
    cues = match_cues(system, text, fighting, open_kinds)
    priors = load_priors(system)
    named = names_said(text, moves)
    unmet = unmet_needs(system, text)
    out = []
    for i, move in enumerate(moves):
        sims = per_move.get(i, {})
        t_sim = float(trigger_sims[i])
        a_sim = max(best_extra.get(i, t_sim), t_sim)
        cue = sum(cues.move_boost.get(name, 0.0) for name in move.names() if name in cues.move_boost)
        prior = priors.get(move.key, 0.0)
        if i in named:
            cue += NAME_BOOST
        elif move.key in unmet:
            cue -= NEEDS_PENALTY
        score = W_TRIGGER * t_sim + W_APPROACH * a_sim + W_LEXICAL * float(lexical[i]) + cue + prior
        unmet_here = i not in named and move.key in unmet
        out.append(Scored(move, score, t_sim, a_sim, float(lexical[i]), cue, sims, prior=prior, unmet=unmet_here))
    return out, cues


def pick_approach(scored: Scored, cues: CueHits) -> int | None:
    """Index of the approach line that fits the text best (None when the move has no stat)."""
    move = scored.move
    if not move.approaches:
        return None
    if len(move.approaches) == 1:
        return 0
    move_stats: dict[str, int] = {}
    for name in move.names():
        for stat, n in cues.move_stats.get(name, {}).items():
            move_stats[stat] = move_stats.get(stat, 0) + n
    best, best_value = 0, float("-inf")
    for j, appr in enumerate(move.approaches):
        value = scored.approach_sims.get(j, 0.0)
        # a "whichever is lower" approach rolls the named stat only when it is the lower: it counts for a share
        # ("the medic treats me" is Heal's +iron, not "+iron or +wits, whichever is lower")
        share = 1.0 / len(appr.stats) if appr.pick == "lowest" else 1.0
        for stat in appr.stats:
            value += share * STAT_CUE_WEIGHT * (2 * move_stats.get(stat, 0) + cues.stats.get(stat, 0))
        if value > best_value:
            best, best_value = j, value
    return best
