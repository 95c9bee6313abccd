"""Which moves a question's words point at, read from the rulesets' cue words.

The rulesets keep, per system, the table words that point at a move ("dive for cover" -> React Under Fire,
"finishing blow" -> Take Decisive Action) and, for a move made only in a narrow situation, the words of that
situation ("demand", "meet" for Meet Demand): ``rulesets/<system>/cues.yaml``, data written for what players say
their character does, read by :mod:`assistant.engine.cue_words` for the move suggestions and for this module alike.
A GM's rules question told as a story uses the same words, so the rules ranking counts a move's cue boost for the
question and a narrow move whose situation the question never names (:mod:`rules_index.rank`).

A cue whose words all name several moves ("scheme": Set Up a Scheme and Run the Scheme) does not tell those moves
apart, so a rules question gets no boost from it: "how does my scheme produce assets" asks about running one as
much as setting one up. (A player's action has no such doubt, which is why the suggestions keep the cue.)
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from assistant.engine.cue_words import MAX_BOOST, cue_text, load_cues, load_needs
from assistant.engine.data import normalize_name
from assistant.engine.errors import AssistantError
from rules_index.terms import terms


@lru_cache(maxsize=256)
def move_cues(system: str, question: str) -> tuple[dict[str, float], frozenset[str]]:
    """For ``question`` in ``system``: the cue boost of each move its words point at (by normalised move name),
    and the normalised names of the narrow moves whose situation it does not name."""
    return cue_boosts(system, question), unmet_needs(system, question)


def unmet_needs(system: str, question: str) -> frozenset[str]:
    """The normalised names of ``system``'s narrow moves whose situation the question (:func:`cue_text`) never names,
    as :func:`assistant.engine.cue_words.unmet_needs` reads them."""
    text = cue_text(system, question)
    return frozenset(name for name, patterns in load_needs(system).items() if not all(p.search(text) for p in patterns))


def cue_boosts(system: str, question: str) -> dict[str, float]:
    """The summed boost (capped as the suggestions cap it) of each move the question's cue words point at, less
    the cues whose words only name several moves (:func:`names_several_moves`). No fight is on: a rules question
    is asked outside one."""
    text = cue_text(system, question)
    boosts: dict[str, float] = {}
    for cue in load_cues(system):
        if cue.when == "fight":
            continue
        found = cue.pattern.search(text)
        if not found or names_several_moves(system, found.group(0)):
            continue
        for move, boost in cue.moves.items():
            boosts[move] = max(-MAX_BOOST, min(MAX_BOOST, boosts.get(move, 0.0) + boost))
    return boosts


def names_several_moves(system: str, words: str) -> bool:
    """Is every word of ``words`` a word of the names of two or more of ``system``'s moves ("scheme")?"""
    found = terms(words)
    by_word = _title_words(system)
    return bool(found) and all(len(by_word.get(word, ())) >= 2 for word in found)


@cache
def _title_words(system: str) -> dict[str, frozenset[str]]:
    """Each word of ``system``'s move names -> the moves whose name has it ("(Scene Challenge)" asides left out)."""
    from assistant.engine.registry import get_ruleset

    try:
        names = [move.name for move in get_ruleset(system).moves]
    except AssistantError:  # a system the engine does not know has no moves to tell apart
        return {}
    out: dict[str, set[str]] = {}
    for name in names:
        plain = re.sub(r"\(.*?\)", " ", name)  # Face Danger and Face Danger (Scene Challenge): one name
        for word in terms(plain):
            out.setdefault(word, set()).add(normalize_name(plain))
    return {word: frozenset(moves) for word, moves in out.items()}


def move_key(name: str) -> str:
    """A move's name as the cue lexicon keys it ("Hack & Slash" -> "hackandslash")."""
    return normalize_name(name)


def _flat_name(text: str) -> str:
    """``text`` lower-cased, "&" read as "and", asides ("(Scene Challenge)") left out, every other run of
    characters than letters and digits one space."""
    text = re.sub(r"\s*\([^()]*\)", " ", text.lower()).replace("&", " and ")
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text).split())


def names_move(question: str, move: str) -> bool:
    """Does ``question`` name ``move`` by its whole name ("the paladin rolls Defend", "i missed face danger")? A
    question that names the one move it rolled asks about that move, over another close to it in meaning."""
    name = _flat_name(move)
    return len(name) >= 4 and f" {name} " in f" {_flat_name(question)} "


@lru_cache(maxsize=256)
def named_moves(system: str, question: str) -> frozenset[str]:
    """The names (:func:`_flat_name`) of ``system``'s moves the question names by their whole name: a question that
    names two ("+1 forward to Last Gasp rolls, can i put it on my hack and slash") asks how they meet, not about one."""
    from assistant.engine.registry import get_ruleset

    try:
        names = [move.name for move in get_ruleset(system).moves]
    except AssistantError:  # a system the engine does not know names no moves
        return frozenset()
    return frozenset(_flat_name(name) for name in names if names_move(question, name))
