"""Which moves a question's words point at, read from the rulesets' cue words.

The rulesets keep, per system, the table words that point at a move ("dive for cover" -> React Under Fire,
"finishing blow" -> Take Decisive Action) and, for a move made only in a narrow situation, the words of that
situation ("demand", "meet" for Meet Demand): ``rulesets/<system>/cues.yaml``, data written for what players say
their character does, read by :mod:`assistant.engine.cue_words` for the move suggestions and for this module alike.
A GM's rules question told as a story uses the same words, so the rules ranking counts a move's cue boost for the
question and a narrow move whose situation the question never names (:mod:`rules_index.rank`).
"""

from __future__ import annotations

from functools import lru_cache

from assistant.engine.cue_words import match_cues, unmet_needs
from assistant.engine.data import normalize_name


@lru_cache(maxsize=256)
def move_cues(system: str, question: str) -> tuple[dict[str, float], frozenset[str]]:
    """For ``question`` in ``system``: the cue boost of each move its words point at (by normalised move name),
    and the normalised names of the narrow moves whose situation it does not name."""
    return dict(match_cues(system, question).move_boost), unmet_needs(system, question)


def move_key(name: str) -> str:
    """A move's name as the cue lexicon keys it ("Hack & Slash" -> "hackandslash")."""
    return normalize_name(name)
