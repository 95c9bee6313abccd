"""An earlier turn's oracle answer told again as this turn's story.

The player asked "Is the reactor still running?" and read "The reactor is no longer running." A turn later a small
model short of story writes it again: "The reactor was no longer running." before the new answer, "You realize that
the reactor has stopped running" on a price, "The priest did not notice you." on a Feed miss. The player reads it as
news, and what this turn gave (the new answer, the price, the miss) is crowded out. The answers established earlier in
the session travel with the request (``established``: the sentences they were told as; this turn's own answer among
them), so each is a claim whose words (subject and predicate, :func:`~assistant.guard.oracle_answer.question_words`)
and polarity the story's clauses are read against.

A clause retells an earlier answer when it holds the answer's words (or the words a story tells them with: "notice"
for "sense", "stopped" for "no longer running"), the same way round, and hardly anything else besides how the
character comes to know it ("you realize that", "you notice"). It is not a retelling when:

- it is this turn's answer (the question's words, or the engine's opening, which tells it);
- it builds on the answer ("the survivors aboard beg you to hurry": three words of its own or more), or tells what
  became of it ("the raider continues to flee", "the reactor is running again": told the other way is
  :mod:`assistant.guard.established`'s to read);
- someone else knows it ("They are aware that the reactor is no longer running"): a recall inside their story;
- it is told of this turn's deed ("The priest does not notice your intrusion.", "…your approach"): the answer kept
  inside the new story, not news of its own ("your presence" is you, and says the answer again);
- it is a feeling carried on ("You feel a mix of relief and fear as the reactor is no longer running"), which tells
  no event (the labelling standard keeps those), or a supposition ("if the priest does not sense you").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.guard.established import NEGATED, Established
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.oracle_answer import CHANGED, answer_stems, question_words
from assistant.guard.text import Sentence, hypothetical, normalize_words, stem

#: Words a retold answer may carry besides its own: how the character comes to know it, and the tense it is told in.
_FRAMING = frozenset(
    re.findall(
        r"\S+",
        "you realize realise realizes see notice find learn know discover discovers that the a an and is are was were "
        "still also here there this it its your has have had been indeed already clearly quickly suddenly seem seems "
        "seemed appear appears appeared can could sure certain",
    )
)
#: Words that tell a stop ("the reactor has stopped running"): a no to whether it still runs.
_STOPPED = re.compile(r"\b(?:stopped|stops|ceased|ceases|halted|shut\s+down|died|dead|gone\s+(?:quiet|silent|dark))\b")
#: A clause that goes on from the answer ("the raider continues to flee"): time has passed, the answer is not news.
_GOES_ON = re.compile(r"\b(?:continue[sd]?|continuing|keeps?|kept|goes\s+on|went\s+on|remains?|remained)\b")
#: Someone else's knowledge ("They are aware that ...", "the crew knows"): a recall inside their story, not news to you.
_THEIR_KNOWING = re.compile(
    r"\b(?:he|she|they|it|[a-z]+s?)\s+(?:is|are|was|were|seems?|seemed)?\s*(?:well\s+)?(?:aware|knows?|knew|remembers?"
    r"|remembered|recalls?|recalled)\b"
)
#: A feeling carried on, told with the answer as its cause: no event told again.
_FEELING = re.compile(
    r"^\W*(?:you\s+(?:\w+\s+)?(?:feel|feels|felt)\b|(?:a|the)\s+(?:\w+\s+)?(?:sense|feeling|wave|surge)\s+of\b"
    r"|relief|dread|fear)"
)
#: What the answer is told about: "your intrusion", "your approach" (this turn's deed), or you ("your presence").
_YOUR_DEED = re.compile(r"\byour\s+(?:\w+\s+)?(?P<what>[a-z]+)\b")
#: Yourself, not a deed: "does not notice your presence" says the answer again.
_YOU_NOUNS = frozenset(
    re.findall(r"\S+", "presence self figure form shape shadow silhouette scent smell being existence body face")
)
_CLAUSE = re.compile(r"[,;:\u2014]|\s-\s|\b(?:and|but|while|as|so)\b")
_ORACLE = frozenset({"yes", "no"})


def _this_turns(fact: Established, facts: Facts, question: str | None) -> bool:
    """Whether ``fact`` is this turn's own answer: the engine's opening tells it, or it answers this turn's question."""
    said = normalize_words(fact.sentence)
    if any(said == normalize_words(s) for s in facts.told):
        return True
    if question and facts.outcomes & _ORACLE:
        asked = set(question_words(question))
        return set(fact.key) <= asked or bool(asked) and asked <= set(fact.key)
    return False


def _polarity(clause: str) -> str:
    return "no" if NEGATED.search(clause) or _STOPPED.search(clause) else "yes"


def _excerpt(sentence: Sentence, clause: str) -> str:
    raw = sentence.raw or sentence.original
    at = sentence.narr.find(clause)
    if at >= 0 and len(raw) == len(sentence.narr):
        return raw[at : at + len(clause)].strip()
    return clause.strip()


def _retells(clause: str, fact: Established) -> bool:
    """``clause`` says ``fact`` again, the same way round, with little else in it."""
    said_stems = answer_stems(clause)
    stopped = _STOPPED.search(clause)
    if stopped and re.match(r"\s+by\s+(?!now\b|then\b)", clause[stopped.end() :]):
        return False  # "shut down by the authorities": who stopped it, a deed of its own
    if fact.answer == "no" and stopped:
        said_stems.add(fact.key[-1])  # "the reactor has shut down": its running told stopped
    if not set(fact.key) <= said_stems or _polarity(clause) != fact.answer:
        return False
    if CHANGED.search(clause) or _GOES_ON.search(clause) or hypothetical(clause, 0, len(clause)):
        return False
    deed = _YOUR_DEED.search(clause)
    if deed and deed.group("what") not in _YOU_NOUNS and stem(deed.group("what")) not in set(fact.key):
        return False  # "the priest does not notice your intrusion": the answer kept about this turn's deed
    knowing = _THEIR_KNOWING.search(clause)
    if knowing and not re.match(r"you\b", knowing.group(0)):
        return False  # "They are aware that the reactor is no longer running"
    own = {stem(w) for w in normalize_words(fact.sentence).split()} | set(fact.key)
    said = [w for w in normalize_words(clause).split() if len(w) > 2 and w not in _FRAMING]
    extra = [w for w in said if stem(w) not in own and stem(w) not in answer_stems(fact.sentence) | _stop_words()]
    return len(extra) <= 2  # three words of its own: it builds on the answer


def _stop_words() -> set[str]:
    return {"not", "no", "longer", "stopp", "stop", "ceas", "halt", "shut", "down", "anyone", "one", "else"}


def check_answer_again(told: Sequence[Sentence], facts: Facts, question: str | None = None) -> list[Violation]:
    """Clauses that tell an earlier turn's oracle answer again as this turn's story (see the module's docstring)."""
    if not facts.established or not facts.results:
        return []
    if facts.outcomes & _ORACLE and not question and not facts.told:
        return []  # an oracle turn whose own answer is unknown: any of them may be it
    earlier = [f for f in facts.established if not _this_turns(f, facts, question)]
    if not earlier:
        return []
    opening = {normalize_words(s) for s in facts.told}
    out: list[Violation] = []
    for sentence in told:
        text = sentence.narr
        if sentence.question or normalize_words(sentence.original) in opening or _FEELING.search(text):
            continue
        for clause in _CLAUSE.split(text):
            fact = next((f for f in earlier if _retells(clause, f)), None)
            if fact is None:
                continue
            excerpt = _excerpt(sentence, clause)
            detail = f"'{excerpt}' tells an earlier turn's answer again ('{fact.sentence}') as this turn's story"
            out.append(Violation(ViolationKind.ECHO, detail, excerpt))
            break
    return out
