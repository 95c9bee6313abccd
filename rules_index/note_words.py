"""Reading notes that answer what the question asks beyond its move's text (:attr:`Evidence.beyond_text`).

A question about a move often asks a point the move's text leaves open: whether something still happens ("Do I wipe
her progress track?"), a limit ("How far can coin push the quality up?"), what happens if ... ("what happens when i
can't spend the blood?"). The move's text names the move and its words, so it wins on closeness as a whole; the
project's reading note on that move is the passage that speaks of the point. The sign: the note uses a word of the
question, beyond the move's name, that none of the move's own text passages use ("wipe", "track" for Test Your
Relationship's note "the progress track is not cleared"), while the move's text holds no such word the note lacks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rules_index.coverage import content_terms
from rules_index.move_cues import move_key
from rules_index.terms import terms

if TYPE_CHECKING:
    from rules_index.evidence import Evidence

__all__ = ["with_notes_beyond_text"]

#: The move sentence a reading note quotes (:func:`rules_index.notes.reading_notes`): words the text has as well.
_RESTS_ON = re.compile(r"This reading rests on the sentence:.*$", re.S)


def _note_words(e: Evidence) -> set[str]:
    return set(terms(_RESTS_ON.sub(" ", e.chunk.text)))


def with_notes_beyond_text(evidence: list[Evidence], question: str) -> list[Evidence]:
    """``evidence`` with :attr:`Evidence.beyond_text` set on each reading note whose own words (not the sentence it
    quotes) include a content word of ``question`` that is not in the move's name and that no candidate passage of
    the move's own text uses, when every such word of the text is in the note as well."""
    asked = set(content_terms(question))
    if not asked:
        return evidence
    text_words: dict[tuple[str, str], set[str]] = {}
    for e in evidence:
        if e.chunk.move and not e.note:
            key = (e.chunk.system, move_key(e.chunk.move))
            text_words.setdefault(key, set()).update(terms(e.chunk.section + " " + e.chunk.text))
    if not text_words:
        return evidence
    out = []
    for e in evidence:
        key = (e.chunk.system, move_key(e.chunk.move or ""))
        if not e.reading or key not in text_words:
            out.append(e)
            continue
        beyond = asked - set(terms(e.chunk.move or "")) - {"read", "reading"}
        note, text = _note_words(e) & beyond, text_words[key] & beyond
        out.append(replace(e, beyond_text=True) if note - text and not text - note else e)
    return out
