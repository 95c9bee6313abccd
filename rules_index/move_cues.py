"""Which moves a question's words point at, read from the move suggestions' cue lexicon.

The suggestions keep, per system, the table words that point at a move ("dive for cover" -> React Under Fire,
"finishing blow" -> Take Decisive Action) and, for a move made only in a narrow situation, the words of that
situation ("demand", "meet" for Meet Demand): ``assistant/suggest/cues/<system>.yaml``, data written for what
players say their character does. A GM's rules question told as a story uses the same words, so the rules
ranking counts a move's cue boost for the question and a narrow move whose situation the question never names
(:mod:`rules_index.rank`).
"""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=256)
def move_cues(system: str, question: str) -> tuple[dict[str, float], frozenset[str]]:
    """For ``question`` in ``system``: the cue boost of each move its words point at (by normalised move name),
    and the normalised names of the narrow moves whose situation it does not name."""
    from assistant.suggest.cues import match_cues, unmet_needs  # the suggestions' data, read lazily

    return dict(match_cues(system, question).move_boost), unmet_needs(system, question)


def move_key(name: str) -> str:
    """A move's name as the cue lexicon keys it ("Hack & Slash" -> "hackandslash")."""
    return re.sub(r"[^a-z0-9]+", "", name.lower().replace("&", "and"))
