"""Oracle answers of earlier turns, contradicted by this turn's story.

The oracle answered "Is the reactor still running?" with no, and the story opened with "The reactor is no longer
running." A turn later the narrator writes "The reactor is still running": the engine's earlier answer told as its
opposite. The guard reads one turn's Results only, so the answers established earlier in the session travel with
the narration request (``established``: the sentences they were told as) and each becomes a claim to keep: its
words (subject and predicate, as :func:`~assistant.guard.oracle_answer.question_words` reads a question) and its polarity.
A sentence of the story that holds all of those words in one clause, with the other polarity and no word of change
("again", "back", "now"), contradicts it.

A price may change the situation: "The priest suddenly appears, sensing your presence" on the Pay the Price after
"The priest does not sense you." is the new hazard, not the old question answered the other way. On such a turn an
answer about you is contradicted only when the clause says it was otherwise at the time ("the priest had sensed you all
along"). An answer about the world ("The reactor is no longer running.") is changed by a price only as a change told
("the reactor suddenly shudders back to life"): "you can hear only the distant hum of the reactor" on the price's turn
tells it running as if the answer had never been given.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from assistant.guard.model import Violation, ViolationKind
from assistant.guard.oracle_answer import CHANGED, answer_polarity, question_words
from assistant.guard.text import Sentence

#: A clause that tells how things were at the time of the earlier answer, not a change since.
AT_THAT_TIME = re.compile(
    r"\b(?:all along|the whole time|all this time|from the start|had|had been|hadn't|already|actually|in fact|in truth"
    r"|really|always)\b"
)
#: Moves whose story is a change forced on the situation (a price: "a new danger", "an ally turns on you").
CHANGING_MOVES = frozenset({"pay the price"})
#: An answer about you ("The priest does not sense you.") is told otherwise only by a clause about you or someone
#: unnamed ("sensing the presence of a figure"); "sensing the eerie silence" is not sensing you.
_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b")
_SOMEONE = re.compile(
    r"\b(?:you|your|yours|yourself|presence|figure|someone|somebody|intruder|stranger|visitor|watcher|footsteps"
    r"|movement|being watched|eyes on)\b"
)
#: A change told as it happens, the price's own ("the reactor suddenly shudders to life", "flickers on").
SUDDEN = re.compile(
    r"\b(?:suddenly|abruptly|all at once|without warning|to life|kicks? in|kicked in|flickers? on|flickered on|springs?"
    r"|sprang|sputters?|sputtered|roars?|roared|surges?|surged|comes? on|came on|powers? up|powered up)\b"
)
NEGATED = re.compile(r"\b(?:not|no|never|nobody|none|nothing|no longer|cannot)\b|n't\b")


@dataclass(frozen=True)
class Established:
    """One answer of an earlier turn: the sentence it was told as, its key stems (predicate last), yes or no."""

    sentence: str
    key: tuple[str, ...]
    answer: str


def read_established(told: Iterable[str]) -> tuple[Established, ...]:
    """Each earlier answer sentence ("The reactor is no longer running.") as a claim to keep; a sentence of fewer
    than two words that carry it ("Yes.") says too little to hold a later story to."""
    out: list[Established] = []
    for sentence in told:
        text = " ".join(str(sentence).split())
        if not text:
            continue
        key = question_words(NEGATED.sub(" ", text.lower().replace("no longer", " ")))
        if len(key) < 2:
            continue
        out.append(Established(text, tuple(key), "no" if NEGATED.search(text.lower()) else "yes"))
    return tuple(out)


def check_established(sentence: Sentence, established: Iterable[Established], changing: bool = False) -> list[Violation]:
    """A sentence that tells an earlier turn's oracle answer as its opposite. ``changing``: this turn's story is a
    change forced on the situation (a price), so only a clause about how things were at that time contradicts."""
    if sentence.question:
        return []
    for fact in established:
        clause = answer_polarity(sentence.narr, list(fact.key))
        if clause is None or clause[1] == fact.answer or CHANGED.search(clause[0]):
            continue
        if _YOU.search(fact.sentence.lower()) and not _SOMEONE.search(clause[0]):
            continue  # the answer is about you; this clause is about something else
        about_you = bool(_YOU.search(fact.sentence.lower()))
        if changing and about_you and not AT_THAT_TIME.search(clause[0]):
            continue  # the price changed it: the priest senses you now
        if changing and SUDDEN.search(clause[0]):
            continue  # "the reactor suddenly shudders to life": the price told as the change
        excerpt = clause[0]
        detail = f"'{excerpt}' contradicts what an earlier turn established: '{fact.sentence}'"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
