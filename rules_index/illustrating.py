"""A worked example of play ranked below the rules it illustrates.

The Dungeon World walkthroughs retell the rules with names and numbers ("Hermione chooses to attack Ilyana using
her Cast a Spell move to cast Magic Missile. ... Hermione successfully casts Magic Missile."). For "can I cast
magic missile?" the rules the example names by their titles and the question speaks of (Magic Missile, Cast a
Spell) answer, not the story of one fight: the example is ranked just below the lowest of them. It keeps its place
when the question asks about the example itself ("the second walkthrough says ...") or when the example holds a
word of the question none of those rules has (it is then the only place that says it: "rapier with the precise
tag").
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rules_index.coverage import content_terms
from rules_index.evidence import is_example
from rules_index.terms import terms

if TYPE_CHECKING:
    from rules_index.rank import Scored

#: How far below the lowest rule it illustrates an example is put.
BELOW = 0.01
#: A question about the example itself.
_ASKS_EXAMPLE = re.compile(r"\b(?:walkthrough|example)s?\b", re.I)
_ASIDE = re.compile(r"\s*\([^()]*\)")


def _phrase(text: str) -> str:
    """``text`` as space-padded lowercase words ("&" read as "and"), for finding one phrase inside another."""
    words = re.sub(r"[^a-z0-9]+", " ", text.lower().replace("&", " and ")).split()
    return f" {' '.join(words)} "


def _title(scored: Scored) -> str:
    """The passage's title less its asides ("Cast a Spell (Wizard)" -> " cast a spell ")."""
    path = scored.chunk.section_path
    return _phrase(_ASIDE.sub(" ", path[-1])) if path else " "


def illustrated_rules(example: Scored, candidates: list[Scored], asked: set[str]) -> list[Scored]:
    """The rule passages among ``candidates`` that ``example`` names by title (less its asides) and whose whole
    title ("Cast a Spell (Wizard)") shares a word with the question's content words ``asked``."""
    told = _phrase(example.chunk.text)
    return [
        r
        for r in candidates
        if r.chunk.system == example.chunk.system
        and r.chunk.origin != "note"
        and not is_example(r.chunk)
        and _title(r).strip()
        and _title(r) in told
        and asked & set(terms(r.chunk.section_path[-1]))
    ]


def below_illustrated(scored: list[Scored], query: str) -> list[Scored]:
    """``scored`` with each worked example put just below the rules it illustrates (see module)."""
    if _ASKS_EXAMPLE.search(query):
        return scored
    asked = set(content_terms(query))
    out = []
    for s in scored:
        rules = illustrated_rules(s, scored, asked) if is_example(s.chunk) else []
        said = set().union(*(terms(r.chunk.text) for r in rules))
        if rules and asked & set(terms(s.chunk.text)) <= said:
            s = replace(s, score=min(s.score, min(r.score for r in rules) - BELOW))
        out.append(s)
    return out
