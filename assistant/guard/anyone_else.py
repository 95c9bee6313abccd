"""An oracle's "no one else" answer told of someone the story already has in the scene.

"Is anyone else awake?" answered no is told as "No one else is awake.": the answer is about everyone but the ones
the story already follows, so it says nothing of them. A small model reads it as covering them too: "You quickly
realize that the priest is not awake" (the priest the player was stalking through the cloister). That tells the
answer of the priest, and tells it against the story so far.

The answer is read from the engine's sentences of this turn (its opening) and of earlier turns (``established``) in
the form "No one else is <word>"; a clause of the story that tells someone named earlier in the session (in the
story so far or an earlier answer) as not <word> contradicts it, unless the story already had them so ("the sleeping
watchman" is not awake).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence

ANSWER = re.compile(r"\b(?:no one|no-one|nobody|none of them)\s+else\s+(?:is|was|are|were)\s+(?:still\s+)?(?P<what>[a-z]+)\b")
#: Words that already tell someone as not <word> ("the sleeping watchman" is not awake).
_OPPOSITE = {
    "awake": "asleep sleeping sleeps slept slumbering unconscious dead",
    "alive": "dead lifeless killed slain",
    "here": "gone absent away",
    "inside": "outside",
    "around": "gone absent away",
}
#: Who the "no one else" answer covers by its own words, not someone the story already has.
_ANYONE = frozenset(re.findall(r"\S+", "one else other others anyone anybody someone somebody nobody everyone people person"))


def _answers(facts: Facts) -> Iterator[tuple[str, str]]:
    """Each "No one else is <word>" sentence of this turn's opening and of earlier answers, with its word."""
    for sentence in (*facts.told, *(e.sentence for e in facts.established)):
        m = ANSWER.search(sentence.lower())
        if m:
            yield sentence, m.group("what")


def _known(facts: Facts) -> str:
    """The story so far and the earlier answers, as lower-case words: who the session already has."""
    return " ".join([*(e.words for e in facts.earlier), *(e.sentence.lower() for e in facts.established)])


def check_else_told_of(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A clause telling someone the story already has as not <word>, after the oracle's "No one else is <word>"."""
    if sentence.question:
        return []
    for answer, what in _answers(facts):
        told = re.search(
            rf"\bthe\s+(?P<who>[a-z]+)\s+(?:is|was|are|were)\s+(?:not|no longer|never)\s+(?:yet\s+|even\s+)?{what}\b"
            rf"|\bthe\s+(?P<who2>[a-z]+)\s+(?:isn't|wasn't|aren't|weren't)\s+{what}\b",
            sentence.narr,
        )
        if not told:
            continue
        who = told.group("who") or told.group("who2")
        known = _known(facts)
        if who in _ANYONE or not re.search(rf"\b{who}\b", known):
            continue  # someone the answer itself covers, or no one the story had before
        opposite = "|".join([*_OPPOSITE.get(what, "").split(), rf"not\s+{what}"])
        already = rf"\b(?:{opposite})\s+(?:[a-z]+\s+)?{who}\b|\b{who}\s+(?:is|was|lies|lay)\s+(?:[a-z]+\s+)?(?:{opposite})\b"
        if re.search(already, known):
            continue  # the story already had them so
        raw = sentence.raw or sentence.original
        excerpt = " ".join(raw[told.start() : told.end()].split())
        detail = (
            f"'{excerpt}' tells the {who} as the oracle's answer, but the oracle's answer is '{answer}' (everyone but "
            f"the {who}, whom the story already has), which says nothing of the {who}"
        )
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: An earlier or this turn's answer that someone in the scene does not know you are there ("The priest does not sense
#: you."): whoever that one talks with is either you or someone else awake.
_UNAWARE = re.compile(
    r"\b(?:does|do|did)\s+not\s+(?:sense|notice|see|hear|spot|detect|suspect|know\s+(?:about|of))\s+you\b"
    r"|\b(?:is|are|was|were)\s+(?:still\s+)?unaware\s+of\s+you\b"
)
ALONE = frozenset({"awake", "here", "around", "present", "inside", "about", "there", "up"})
#: A conversation told: someone asks, answers, nods or waits to speak, or talks with someone (not to himself or God).
#: Asking the dark whether anyone is there ("asked if anyone else was awake") expects no one's answer.
_EXCHANGE = re.compile(
    r"\b(?P<verb>asks|asked|answers|answered|replies|replied|responds|responded|nods|nodded|beckons|beckoned"
    r"|greets|greeted)\b(?!\s+(?:to\s+)?(?:himself|herself|themselves|itself|no\s+one|nobody)\b"
    r"|\s+(?:aloud\s+|the\s+(?:dark|darkness|silence|night)\s+)?(?:if|whether)\b)"
    r"|\b(?P<talk>talks|talked|talking|speaks|spoke|speaking|whispers|whispered|murmurs|murmured|converses|conversing"
    r"|calls|called|signals|signaled|signalled|gestures|gestured)\s+(?:out\s+)?(?:with|to)\s+"
    r"(?!(?:himself|herself|themselves|itself|no\s+one|nobody|god|the\s+(?:gods?|saints?|dark|darkness|empty|silence|night)"
    r"|you)\b)"
    r"|\b(?:his|her|their)\s+turn\s+to\s+speak\b|\bin\s+(?:a\s+)?(?:hushed\s+|quiet\s+|low\s+)?conversation\b"
    r"|\b(?:before|after)\s+answering\b"
    r"|\b(?:murmurs|murmured|whispers|whispered|mutters|muttered|gives|gave|offers|offered)\s+(?:a|an|his|her|their)\s+"
    r"(?:[a-z]+\s+)?(?:reply|answer|response|greeting)\b"
)


def check_exchange_when_alone(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A conversation told after the oracle said no one else is awake and the one in the scene does not know you are
    there: "The priest hesitates, but finally nods. 'Is it a safe place?' he asks." (the priest answering you, whom he
    does not sense, or someone else, whom the answer ruled out)."""
    if sentence.question:
        return []
    known = [*facts.told, *(e.sentence for e in facts.established)]
    alone = next((s for s in known if (m := ANSWER.search(s.lower())) and m.group("what") in ALONE), "")
    unaware = next((s for s in known if _UNAWARE.search(s.lower())), "")
    if not alone or not unaware:
        return []
    text = sentence.text  # a quotation's own words are the conversation too
    for m in _EXCHANGE.finditer(text):
        if re.search(r"\byou(?:rself)?\s+(?:[a-z]+\s+){0,2}$", text[: m.start()]):
            continue  # you asking (yourself, the oracle): the player's own
        raw = sentence.raw or sentence.original
        excerpt = " ".join(raw[max(0, m.start() - 30) : m.end()].split())
        detail = (
            f"'{excerpt}' tells someone in a conversation, but the oracle's answers stand ('{unaware}' '{alone}'): "
            "no one is there to talk with"
        )
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
