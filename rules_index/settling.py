"""Reading notes that settle the move sentence a question asks about (:attr:`rules_index.evidence.Evidence.settles`).

A question told as the character's action that asks how many or how much ("12 on appraise circumstances and i take
clearing heat instead of writing a belief. how much heat is that?") has the move's result in hand: a reading note
resting on the very sentence of the move's text closest to the question, and closer to the question as a whole than
that text, answers it. So does a reading note on the one move a question names by its whole name when the note is
closer to the question than the move's text ("compel weak hit - do i still get the +1 momentum from the strong hit?"):
the question has read the move and asks what the text leaves to be read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rules_index.move_cues import move_key, names_move
from rules_index.phrasing import asking_clause

if TYPE_CHECKING:
    from rules_index.evidence import Evidence

__all__ = ["NAMED_READING_MARGIN", "SETTLING_MARGIN", "bare_sentence", "with_named_readings", "with_settling_notes"]


def with_settling_notes(evidence: list[Evidence]) -> list[Evidence]:
    """``evidence`` with :attr:`Evidence.settles` set on each reading note that rests on a sentence which is its
    move's own text's closest sentence to the question."""
    text_closest: dict[tuple[str, str], set[str]] = {}
    text_best: dict[tuple[str, str], float] = {}
    for e in evidence:
        if e.chunk.move and not e.note and e.closest:
            key = (e.chunk.system, move_key(e.chunk.move))
            text_closest.setdefault(key, set()).add(bare_sentence(e.closest))
            text_best[key] = max(text_best.get(key, -1.0), e.passage_sim)
    out = []
    for e in evidence:
        key = (e.chunk.system, move_key(e.chunk.move or ""))
        rests = _RESTS_ON.search(e.chunk.text) if e.reading and key in text_best else None
        quoted = bare_sentence(rests.group(1)) if rests else ""
        on_closest = bool(quoted) and any(quoted in c or c in quoted for c in text_closest.get(key, ()))
        closer = e.passage_sim >= text_best.get(key, 1.0) + SETTLING_MARGIN
        out.append(replace(e, settles=True) if on_closest and closer else e)
    return out


def with_named_readings(evidence: list[Evidence], question: str) -> list[Evidence]:
    """``evidence`` with :attr:`Evidence.reads_named` set on each reading note on the move ``question`` names (its
    text's :attr:`Evidence.named`) that is closer to the question as a whole than any passage of that move's text by
    :data:`NAMED_READING_MARGIN`, unless the clause that asks names the move ("what does compel give me on a strong
    hit?" asks what the move says)."""
    asking = asking_clause(question)
    text_best: dict[tuple[str, str], float] = {}
    for e in evidence:
        if e.named and e.chunk.move and not names_move(asking, e.chunk.move):
            key = (e.chunk.system, move_key(e.chunk.move))
            text_best[key] = max(text_best.get(key, -1.0), e.passage_sim)
    if not text_best:
        return evidence
    out = []
    for e in evidence:
        best = text_best.get((e.chunk.system, move_key(e.chunk.move or "")))
        reads = e.reading and best is not None and e.passage_sim >= best + NAMED_READING_MARGIN
        out.append(replace(e, reads_named=True) if reads else e)
    return out


#: How much closer (passage similarity) to the question a reading note on the named move must be than the move's text.
NAMED_READING_MARGIN = 0.05

#: How much closer (passage similarity) to the question a reading note must be than its move's text to settle it.
SETTLING_MARGIN = 0.15


#: The sentence a reading note rests on, as the note quotes it (:func:`rules_index.notes.reading_notes`).
_RESTS_ON = re.compile(r"rests on the sentence:\s*“(.+?)”\s*$", re.M)


def bare_sentence(sentence: str) -> str:
    """A sentence as compared with a quote of it: no roll result in front ("12+", "7-9"), no emphasis marks or
    punctuation, lower case."""
    text = re.sub(r"^\s*(?:\d+\+|\d+\s*[-–]\s*\d+|\d+-)\s*", "", sentence.replace("*", ""))
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
