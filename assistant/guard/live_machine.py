"""A machine the oracle said is not running told as a live danger: "The reactor is no longer running, its core
glowing red. The team scrambles to shut down the system before it can cause a catastrophic failure."

:mod:`assistant.guard.opposed` reads a machine told running in the answer's subject ("the reactor hums"). A small model
as often tells it through what the people around it do: someone racing to shut it down or switch it off, it about to
overload, overheat, melt down or blow, beside the machine at work (its core glowing, sparking, thrumming). Only a
machine that still runs needs shutting down or can overload, so after a no to "Is the reactor still running?" (this
turn, or an earlier turn's answer on a turn no price changes things) that is the answer hedged back to yes. Either
alone passes: a glow may be heat left in a dead core, and a crew that shut it down ("the engineers had to shut down
the reactor to prevent an explosion", "the team scrambles to shut it down") tells how the no came about. A change
told ("the reactor shudders back to life"), a supposition ("if it ever restarts it could overload") and the danger
denied ("there is nothing left to shut down") pass.
"""

from __future__ import annotations

import re

from assistant.guard.established import CHANGING_MOVES
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.opposed import answers
from assistant.guard.oracle_answer import CHANGED
from assistant.guard.text import Sentence, hypothetical, negated

#: A running machine's danger, or the work of stopping it.
_LIVE = re.compile(
    r"\b(?:must|scrambles?\s+to|scrambling\s+to|rush(?:es|ing)?\s+to|rac(?:es|ing)\s+to|hurr(?:ies|ying)\s+to"
    r"|tr(?:y|ies|ying)\s+to|struggl(?:es|ing)\s+to|work(?:s|ing)?\s+to|need(?:s)?\s+to)\s+"
    r"(?:\w+\s+){0,2}?(?:shut|power|turn|switch|cut|kill|stabili[sz]e|cool)\w*\s+(?:(?:it|(?:the|its)\s+(?:\w+\s+){0,2}?\w+)"
    r"\s+)?(?:down|off)?"
    r"|\bbefore\s+it\s+(?:can\s+|could\s+)?(?:cause\w*|overload\w*|explode\w*|blow\w*|melt\w*|fail\w*|go\w*\s+critical"
    r"|detonat\w*)"
    r"|\b(?:overloading|overheating|melting\s+down|going\s+critical|on\s+the\s+verge\s+of\s+(?:overload|explod|melt|failure)"
    r"|threaten\w*\s+to\s+(?:explode|blow|overload|melt|fail|detonate))\b"
)
#: The machine told at work: its core glowing, sparking, thrumming (a glow alone may be heat left in a dead core).
_WORKING = re.compile(
    r"\b(?:glow|glows|glowing|pulses|pulsing|sparks|sparking|throbs|throbbing|vibrates|vibrating|roars|roaring|whines"
    r"|whining|crackles|crackling|thrums|thrumming|hums|humming|buzzes|buzzing|rumbles|rumbling)\b"
)
#: What the danger names: the machine's work stopped, or the machine itself about to go.
_STOP_WORDS = re.compile(r"\b(?:down|off|overload|explod|blow|melt|critical|fail|detonat|stabili|cool)")


def _dead_machine(facts: Facts, question: str | None) -> str:
    """The answer that a machine does not run ("the oracle answered no", "an earlier turn established: '…'"), or ""."""
    changing = bool(facts.moves & CHANGING_MOVES)
    for answer in answers(facts, question):
        if answer.family.name == "running" and not answer.holds and not (answer.earlier and changing):
            return answer.sentence
    return ""


def check_live_machine(sentence: Sentence, facts: Facts, question: str | None, before: str = "") -> list[Violation]:
    """A machine an oracle's answer stopped, told at work (in this sentence or the one ``before`` it) and as a danger
    still to stop (see the module's docstring)."""
    if sentence.question or not (_WORKING.search(sentence.narr) or _WORKING.search(before)):
        return []
    said = _dead_machine(facts, question)
    if not said:
        return []
    text = sentence.narr
    if CHANGED.search(text):
        return []  # "the reactor shudders back to life, and now it is overheating": a change told
    for m in _LIVE.finditer(text):
        if not _STOP_WORDS.search(m.group(0)):
            continue
        if negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end(), _SUPPOSED):
            continue
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
        detail = f"'{excerpt}' tells the machine still running, a danger to stop, but {said}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


_SUPPOSED = frozenset({"if", "unless", "whether", "might", "may", "perhaps", "maybe", "would", "ever", "fear", "fears"})


#: The machine going up as the story speaks: "trigger a massive explosion", "the core explodes", "the dome breaches".
_GOES_UP = re.compile(
    r"\b(?:explode|explodes|detonate|detonates|breach|breaches|melt\s+down|melts\s+down|blow\s+apart|blows\s+apart"
    r"|trigger|triggers|set\s+off|sets\s+off)\b(?:\s+(?:a|an|the)\s+(?:[a-z]+\s+){0,2}?(?:explosion|meltdown|blast|detonation))?"
)
#: A past told (backstory: "the cooling systems failed, causing the core to explode"), not what happens now.
_PAST = re.compile(r"\b[a-z]{3,}ed\b|\b(?:was|were|had|blew|broke|began|caused|went|left|came)\b")
#: A supposition or a threat before it: "if the dome breaches", "before the reactor explodes", "threatening to".
_NOT_NOW = re.compile(r"\b(?:if|unless|could|might|would|may|can|before|until|once|lest|threaten\w*|risk\w*|about\s+to)\b")
_TRIGGERED = re.compile(r"\b(?:trigger|triggers|set\s+off|sets\s+off)\s*$")


def check_disaster_now(sentence: Sentence, facts: Facts, question: str | None) -> list[Violation]:
    """On the turn the oracle said a machine no longer runs (a plain no, no match to twist it), the machine told going
    up now, in the present ("The reactor's cooling water breaks through a leak, causing the containment dome to breach
    and trigger a massive explosion."): the no told as a disaster the engine never rolled. A past told as backstory
    ("the cooling systems failed, causing the core to explode"), a threat ("threatening an explosion") and a
    supposition pass."""
    if sentence.question or facts.match or "no" not in facts.outcomes:
        return []
    said = next((a.sentence for a in answers(facts, question) if a.family.name == "running" and not a.earlier), "")
    if not said or not re.search(r"\bno\b", said):
        return []
    text = sentence.narr
    for m in _GOES_UP.finditer(text):
        if _TRIGGERED.match(m.group(0)) or _PAST.search(text) or negated(text, m.start(), 3):
            continue  # "triggers" alone names no blast; a past is backstory
        if _NOT_NOW.search(text[: m.end()]):
            continue  # "if the dome breaches, it could explode", "threatening to explode": not what happens
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
        detail = f"'{excerpt}' tells the machine going up now, but {said}: a plain answer, no disaster rolled"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
