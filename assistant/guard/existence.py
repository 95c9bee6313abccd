"""An earlier "there are …" told as none: "You are left alone in the ship, with no hope of finding any survivors" after
"There are survivors aboard."

:mod:`assistant.guard.established` holds an earlier answer to all of its words in one clause ("no survivors remain
aboard"). A yes that something exists is as often told away without the place: "there are no survivors", "you find
no survivors", "no hope of finding any survivors", "no sign of the survivors". On any later turn, a price's included
(a price may hurt them, trap them or turn them, but survivors told as none tells the yes as its opposite), such a
clause contradicts it. A supposition ("if there are no survivors"), a question and others named ("no survivors of the
crash on the surface" is still "no survivors": left to the labels' reading) are read as the clause says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from assistant.guard.established import Established
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical

#: An answer that something exists: "There are survivors aboard." -> survivors.
_THERE_IS = re.compile(r"^\s*there\s+(?:is|are)\s+(?:a\s+|an\s+|some\s+|still\s+)?(?P<what>[a-z]{4,})\b")
_SUPPOSED = frozenset({"if", "unless", "whether", "might", "may", "perhaps", "maybe", "fear", "fears", "wonder", "worry"})


def check_none_left(sentence: Sentence, established: Iterable[Established]) -> list[Violation]:
    """A clause that tells what an earlier yes said exists as none (see the module's docstring)."""
    if sentence.question:
        return []
    text = sentence.narr
    for fact in established:
        m = _THERE_IS.match(fact.sentence.lower()) if fact.answer == "yes" else None
        if m is None:
            continue
        what = re.escape(m.group("what"))
        none = re.search(
            rf"\bno\s+(?:hope\s+of\s+(?:finding|seeing|reaching)\s+|sign\s+of\s+|trace\s+of\s+)?(?:any\s+|the\s+)?{what}\b"
            rf"|\bnone\s+of\s+the\s+{what}\b|\bthe\s+{what}\s+(?:are|were|is|was)\s+(?:all\s+)?(?:gone|no\s+more)\b",
            text,
        )
        if none is None or hypothetical(text, none.start(), none.end(), _SUPPOSED):
            continue
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[none.start() : none.end()].split())
        detail = f"'{excerpt}' contradicts what an earlier turn established: '{fact.sentence}'"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
