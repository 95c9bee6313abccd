"""What each shipped rules text holds, and whether a question asks about a part of the game it lacks.

The shipped texts are excerpts (the Blades downtime chapter, a Dungeon World variant's combat rules...).
A question about character creation or equipment prices still finds a nearest passage, and that passage
can look relevant. ``rules_index/scope.yaml`` names, per system, what the text is and the parts of the full
game it lacks; when a question is clearly closer to one of those parts than to anything the best passage
says, the texts do not cover it, and the answer says what the shipped text is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import yaml

SCOPE_FILE = Path(__file__).parent / "scope.yaml"


@dataclass(frozen=True)
class Scope:
    """One system's shipped text: what it is, and the parts of the full game it lacks."""

    system: str
    text: str
    lacks: tuple[str, ...]


@dataclass(frozen=True)
class Beyond:
    """A question about a part of the game the shipped text lacks."""

    system: str
    topic: str
    text: str
    closeness: float = 1.0
    """The question's similarity to the lacking part's name."""

    def sentence(self) -> str:
        """The answer's explanation, e.g. "The shipped blades text is the downtime chapter ...; it has no flashbacks"."""
        return f"The shipped {self.system} text is {self.text}; it has no rules on {self.topic}."


@cache
def scopes() -> dict[str, Scope]:
    """Every system's scope, from ``scope.yaml``."""
    data = yaml.safe_load(SCOPE_FILE.read_text(encoding="utf-8")) or {}
    return {
        system: Scope(system, str(entry["text"]), tuple(str(x) for x in entry.get("lacks", [])))
        for system, entry in (data.get("systems") or {}).items()
    }


def topic_phrases(topic: str) -> list[str]:
    """A lacking part as a whole and each thing its entry separates with ";" ("character creation;
    character stats" -> "character creation, character stats", "character creation", "character stats"):
    a question about one of them is compared with that one, not only with the blend."""
    parts = [p.strip() for p in topic.split(";") if p.strip()]
    return list(dict.fromkeys([", ".join(parts), *parts]))


def _phrases(system: str | None) -> list[tuple[Scope, str, str]]:
    """(scope, lacking part, phrase) for every phrase of every lacking part of ``system`` (or of all)."""
    chosen = [s for s in scopes().values() if system is None or s.system == system]
    return [(s, topic, phrase) for s in chosen for topic in s.lacks for phrase in topic_phrases(topic)]


def scope_lead(question: str, hits: Sequence[Any], index: Any, system: str | None) -> tuple[float, Beyond | None]:
    """How much closer ``question`` is to the nearest lacking part of the game than to the top passage, and
    that part (``(0.0, None)`` when there is nothing to compare).

    The question's similarity to that part's name, or to one thing the name lists, less the best of the
    top passage's closest sentence and its lead (title and first sentence).
    """
    from rules_index.rank import query_vector
    from rules_index.sentences import sentence_vectors

    items = _phrases(system)
    if not items or not hits:
        return 0.0, None
    vectors = sentence_vectors(index).matrix([phrase for *_, phrase in items])
    sims = vectors @ query_vector(index, question)
    best = int(np.argmax(sims))
    top = hits[0]
    evidence = max(float(top.sentence_score or 0.0), float(top.lead_score or 0.0))
    scope, _, phrase = items[best]
    return float(sims[best]) - evidence, Beyond(scope.system, phrase, scope.text, float(sims[best]))


def beyond_scope(question: str, hits: Sequence[Any], index: Any, system: str | None, margin: float) -> Beyond | None:
    """The lacking part of the game ``question`` asks about, or None: the one it is closer to, by at least
    ``margin``, than to the top passage (:func:`scope_lead`)."""
    lead, part = scope_lead(question, hits, index, system)
    return part if part is not None and lead >= margin else None


def warm(index: Any) -> None:
    """Embed (once, stored beside the sentences) every lacking part's name."""
    from rules_index.sentences import sentence_vectors

    sentence_vectors(index).matrix([phrase for *_, phrase in _phrases(None)])
