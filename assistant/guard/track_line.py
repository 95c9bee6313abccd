"""A progress track's line of the narrator's reference copied as story: "Find my sister on the Wayfarer station: a
dangerous vow." The reference lists each open track as ``<name>: a <rank> <kind>`` (and a clock as ``<name>: clock``,
:func:`assistant.narrate.context.track_line`); a sentence that is that line, a name and a colon before its rank, tells
the player the sheet, not the story. The same line put in the story's mouth, quoted on a sign, a note or a voice ('a
sign on the wall that says "Find my sister on the Wayfarer station: a dangerous vow."'), is that line read out too. The
rank told inside a story ("It was a dangerous vow, and you meant it.", '"It is a dangerous vow," she says.') is story
and passes, and so does a colon before any other noun ("The choice was simple: a dangerous climb."): only a track's
kind ("vow", "fight", "expedition"...) after the rank reads as the line.
"""

from __future__ import annotations

import re

from assistant.engine.tracks import Rank, kind_word
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence

_RANKS = "|".join(r.value for r in Rank)
#: The words a track's kind is told by in the reference (:func:`assistant.engine.tracks.kind_word`), and "track" for one
#: without a kind.
_KINDS = "|".join(
    sorted(
        {
            re.escape(kind_word(k))
            for k in re.findall(
                r"\S+",
                "vow vows combat fight expedition connection scene journey quest quests bond bonds discovery discoveries "
                "legacy duel track",
            )
        },
        key=len,
        reverse=True,
    )
)
#: The reference's track line, the whole sentence: a name, a colon, then "a <rank> <kind>" (or "clock") and no more
#: than the line's own tail ("2/10 boxes").
TRACK_LINE = re.compile(
    r"^\W*(?P<name>[a-z0-9][^:.!?\"]{2,80}?)\s*:\s+"
    rf"(?:an?\s+(?:{_RANKS})\s+(?:{_KINDS})\b|clock)"
    r"(?:\s*[,(]\s*[0-9/ ]+(?:boxes|ticks|segments)?\)?)?\W*$"
)


#: A quoted stretch of a sentence (straight or curly quotes): a sign, a note or a voice in the story; its closing
#: quote may fall past the sentence's full stop, into the next sentence.
_QUOTED = re.compile(r"[\"“]([^\"“”]{4,160})(?:[\"”]|$)")


def check_track_line(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A sentence that is a progress track's (or a clock's) line of the reference, read out as story."""
    if sentence.question:
        return []
    text = " ".join((sentence.raw or sentence.original).split())
    lowered = text.lower()
    m = TRACK_LINE.match(lowered) or next(filter(None, (TRACK_LINE.match(q) for q in _QUOTED.findall(lowered))), None)
    if not m:
        return []
    detail = f"'{text}' reads out the track's line from the reference (its name and rank); tell the story instead"
    return [Violation(ViolationKind.ECHO, detail, text)]
