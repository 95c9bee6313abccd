"""A hit told as nothing learned: "You scrape through, but you can't find anyone who knows anything about it" after "I
ask the dockhands about the Wayfarer's last crew" (a weak hit).

On a hit the asking or the search works: a weak hit reveals something, at a cost. :mod:`assistant.guard.turned` reads
the plain "find nothing" and the one asked falling silent; this reads the emptiness told through the people asked: no
one found who knows anything, nobody able to tell you anything, everyone having heard nothing, you coming away
empty-handed, no trace or clue found. Your own ignorance ("you tell them you know nothing") and another's coming away
with nothing ("the crew left empty-handed") are not the asking's answer. What the answer is may be bleak ("No one knows
where the ship went, but an old hand remembers its captain"; "The ship has been lost for years, they say"): only
"anything"/"nothing" said of what you learn tells the attempt getting nothing. A turn after it ("… but then one of them
remembers") or a supposition passes.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical
from assistant.guard.turned import ASKS, HITS, REVERSED, SEEKS, excerpt_of

_KNOW = (
    r"know|knows|knew|knowing|remember|remembers|remembered|recall|recalls|recalled|heard|hears|seen|saw|tell|tells|told"
    r"|say|says|said|help|helps|helped|share|shares|shared|offer|offers|offered|give|gives|gave"
)
#: Nothing learned, told through the ones asked or the search: "can't find anyone who knows anything", "no one can tell
#: you anything", "none of them has heard a thing", "you come away empty-handed", "no trace of it".
EMPTY = re.compile(
    r"\b(?:can't|cannot|can\s+not|couldn't|could\s+not|don't|do\s+not|didn't|did\s+not|fail\s+to|fails\s+to|failed\s+to"
    r"|unable\s+to)\s+(?:seem\s+to\s+)?(?:find|locate|get|reach)\s+(?:anyone|anybody|a\s+soul|a\s+single\s+(?:one|person|soul))"
    rf"\s+(?:who|that|willing\s+to|able\s+to)\s+(?:[a-z']+\s+){{0,2}}?(?:{_KNOW})\s+(?:you\s+)?(?:anything|a\s+thing)\b"
    r"|\b(?:no\s+one|no-one|nobody|none\s+of\s+them|not\s+one\s+of\s+them|neither\s+of\s+them)\s+(?:here\s+)?"
    rf"(?:[a-z']+\s+){{0,4}}?(?:{_KNOW})\s+(?:you\s+)?(?:anything|a\s+thing|a\s+word)\b"
    r"|\b(?:learn|learns|learned|learnt|glean|gleans|gleaned|get|gets|got|find\s+out|finds\s+out|found\s+out)\s+"
    r"(?:absolutely\s+)?(?:nothing|not\s+a\s+thing|no\s+(?:new\s+)?(?:information|answers?|news|clues?))\b"
    # the ones asked knowing nothing: "they say they know nothing", "none of them has any idea"
    # (not your own: "you tell them you know nothing of the cargo" is your story to them, not their answer)
    r"|(?<!\byou\s)(?<!\bi\s)\b(?:know|knows|knew)\s+(?:absolutely\s+)?nothing\b"
    r"|(?<!\byou\s)(?<!\bi\s)\b(?:has|have|had)\s+(?:absolutely\s+)?no\s+idea\b"
    r"|\b(?:no\s+one|no-one|nobody|none\s+of\s+them|not\s+one\s+of\s+them)\s+(?:[a-z']+\s+){0,3}?(?:has|have|had)\s+"
    r"(?:any|the\s+slightest|the\s+faintest)\s+(?:idea|clue|notion)\b"
    # you coming away with nothing ("the crew left empty-handed that night" is their story, not your asking)
    r"|\byou(?:'re|\s+are|\s+were)?\s+(?:[a-z]+ly\s+)?(?:come|came|walk|walked|leave|left|go|went)\s+(?:[a-z']+\s+){0,4}?"
    r"empty[\s-]handed\b"
    r"|\b(?:find|finds|found|turn\s+up|turns\s+up|turned\s+up|uncover|uncovers|uncovered)\s+no\s+(?:trace|sign|clue|clues"
    r"|lead|leads|information|answers?)\b"
)


def check_learned_nothing(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a hit: the asking or the search told as having found out nothing (see the module's docstring)."""
    tiers = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    if not tiers or not tiers <= HITS or sentence.question or intent is None:
        return []
    said = set(re.findall(r"[a-z]+", intent.lower()))
    if said and not said & (ASKS | SEEKS):
        return []
    text = sentence.narr
    for m in EMPTY.finditer(text):
        # "can't find", "no one can tell": the match's own modal states it; a supposition is in the words around it
        mood = text[: m.start()] + "x" * (m.end() - m.start()) + text[m.end() :]
        if REVERSED.search(text[m.end() :]) or hypothetical(mood, m.start(), m.end(), OUTCOME_HYPOTHETICAL):
            continue
        excerpt = excerpt_of(sentence, max(0, m.start() - 30), m.end())
        tier = " and ".join(sorted(t.replace("_", " ") for t in tiers))
        detail = f"'{excerpt}' tells the attempt learning nothing, but the engine's outcome is a {tier}: it reveals something"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
