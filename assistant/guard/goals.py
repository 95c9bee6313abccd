"""A failed roll told as the player's declared action done.

After "I force the airlock open" rolled a miss, "The airlock slides open and you slip through" tells the player's
goal as reached in the story's own words: no outcome word ("you succeed") is needed for the story to contradict
the engine. When no sentence of the whole narration tells a failure, a cost or a turn ("but", "until", "refuses",
"holds"), a sentence of the narrator's that holds most of the words of the declared action and nothing that makes
it an attempt ("you try to", "you throw your weight against the airlock to force it") is flagged as the outcome
told the other way.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, NEGATORS, quotes_engine, sentences

#: Only a miss: a Blades downtime activity's bad outcome still does the activity (a clock ticks, a vice is indulged).
_FAILED = frozenset({"miss"})

#: Words of the player's line that do not carry the action itself.
_PLAIN = frozenset(
    re.findall(
        r"\S+",
        "i i'm im me my mine myself we our us you your the a an to of and or at in on into onto for with from by as "
        "it its this that these those there here then now so up out off over just try tries tried attempt attempts "
        "want wants going gonna will would can could should must let lets let's get gets make makes do does some "
        "all his her him he she they them their is are be am was were what who how quick quickly carefully "
        "slowly again still very move moves",
    )
)
#: What makes a sentence an attempt rather than the goal reached ("you try to", "as you reach for the hatch").
_ATTEMPT = frozenset(
    re.findall(
        r"\S+",
        "try tries tried trying attempt attempts attempted attempting move moves moved steel brace braces aim aims "
        "begin begins began start starts started set sets as when while just",
    )
)
#: What tells a failure, a cost or a turn anywhere in the narration: then the goal was not told as reached.
_FAILURE = NEGATORS | frozenset(
    re.findall(
        r"\S+",
        "before until but yet though although instead still almost nearly barely hardly fail fails failed failing "
        "miss misses missed refuse refuses refused refusing resist resists resisted hold holds held stay stays "
        "stayed remain remains remained jam jams jammed stuck seize seizes seized cost costs price worse shut "
        "sealed locked closed longer can't cannot won't wouldn't couldn't doesn't didn't isn't wasn't aren't "
        "weren't struggle struggles struggled strain strains strained lose loses lost spot spots spotted notice "
        "notices noticed alarm trouble danger harm hurt wound wounded blocks blocked turn turns turned",
    )
)


def _stems(text: str) -> list[str]:
    words = (w.removesuffix("'s") for w in re.findall(r"[a-z']+", text.lower()))  # "the orc's throat": orc
    return [w[:5] for w in words if w not in _PLAIN and len(w) > 2]


#: Words told of someone else doing something to the player ("A vampire hunter with a crossbow corners me"): the
#: situation the move answers, not a goal, and a story may tell it again on a miss.
_SITUATION = re.compile(r"^(?!.*\b(?:i|we|i'm|i'll|i've|let me|let's)\b).*\b(?:me|us)\b")


def check_goal_told_done(text: str, facts: Facts, intent: str | None) -> list[Violation]:
    """The declared action told as done in the whole narration ``text`` when every roll this turn failed and no
    sentence of it tells a failure, a cost or a turn (read on the whole text, not sentence by sentence as it streams)."""
    if not intent or not facts.outcomes or not facts.outcomes <= _FAILED or _SITUATION.match(intent.lower()):
        return []
    wanted = list(dict.fromkeys(_stems(intent)))
    if len(wanted) < 2:
        return []
    told = sentences(text, facts.engine_text, facts.engine_bigrams)
    if any(set(re.findall(r"[a-z']+", s.narr)) & _FAILURE for s in told):
        return []
    for sentence in told:
        text = sentence.narr
        if sentence.question or sentence.bullet or set(re.findall(r"[a-z']+", text)) & (_ATTEMPT | HYPOTHETICAL):
            continue
        if quotes_engine(text, facts.engine_text, facts.engine_bigrams):
            continue
        stems = set(_stems(text))
        shared = [w for w in wanted if w in stems]
        if len(shared) < 2 or len(shared) < 0.6 * len(wanted):
            continue
        if re.search(r"\bto\s+(?:[a-z']+\s+){0,2}?(?:" + "|".join(re.escape(w) for w in shared) + ")", text):
            continue  # "... against the airlock to force it open": what the action is for, not what it did
        excerpt = " ".join(sentence.original.split()[:12])
        return [
            Violation(
                ViolationKind.OUTCOME,
                f"'{excerpt}' tells what the player set out to do as done, but the engine's outcome is a miss",
                excerpt,
            )
        ]
    return []
