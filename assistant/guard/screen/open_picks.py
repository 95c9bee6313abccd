"""A model's sentence that restates what is still the player's to pick: an open option, or a move offered next.

"You reveal the secret" while Reveal a Secret is only offered, "you keep the victim alive" while that is an option on
the panel: the contradictions live where the story re-uses the words of what the engine left open. Two content words
of one open option (or offered move) in one sentence flag it.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.screen._util import excerpt
from assistant.guard.text import Sentence

_STOP = frozenset(
    re.findall(
        r"\S+",
        "the a an of to in on at for with and or but is are was were be been it its his her their your you they "
        "he she we this that these those has have had do does did not no yes from by as into out up over there "
        "here what who whom which when where how why any some all one can could will would should may might must "
        "than then so just only still about",
    )
)


def content_stems(text: str) -> set[str]:
    """The content words of ``text``, roughly stemmed (finds, finding -> find)."""
    out = set()
    for word in re.findall(r"[a-z']+", text.lower()):
        if word in _STOP or len(word) <= 2:
            continue
        for suffix in ("ing", "ed", "es", "s", "'s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 4:
                word = word[: -len(suffix)]
                break
        out.add(word)
    return out


def screen_open_picks(sentence: Sentence, facts: Facts, shared: int = 2) -> list[Violation]:
    """Two content words of one open option or offered move in the narrator's voice."""
    said = content_stems(sentence.narr)
    for label in [*facts.option_labels, *facts.follow_up_moves]:
        common = said & content_stems(label)
        if len(common) >= shared:
            detail = f"'{excerpt(sentence)}': tells '{label}', which is still the player's to pick; leave it to the panel"
            return [Violation(ViolationKind.DECISION, detail, excerpt(sentence))]
    return []
