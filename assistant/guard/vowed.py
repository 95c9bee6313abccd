"""A vow told as already pursued: "You set out to find your sister on the Wayfarer station." after "I swear an iron
vow to find my sister".

Swearing the vow is the player's deed this turn; going after what it promises is the next deed, and the player's to
declare (as "You start your journey to find your sister" is, :mod:`assistant.guard.declared`). The engine's opening
names the oath itself ("You go all in to swear an iron vow to find your sister"); a story that has the character set
out or head off *to do what the vow promises* somewhere the player never named ("to find your sister on the Wayfarer
station") takes that next deed for the player: a journey begun. Set 4 and 5 labels let "You set out to find your
sister." and "You go all in to find her." stand as the vow's resolve, so with no place named it is left alone. The vow's
words told again ("you swear to find her", "your vow to find her burns in you"), resolve ("you are determined to find
her") and a supposition ("you will set out to find her") pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, negated, words_before

#: The player's words that make the deed a vow, and what it promises after them: "swear an iron vow to find my sister".
_VOW = re.compile(
    r"\b(?:swear|swears|vow|vows|pledge|pledges|promise|promises|oath)\b[^.;!?]*?\bto\s+(?P<verb>[a-z]+)(?P<rest>[^.;!?]*)"
)
#: Setting off to do something: "you set out to", "you go all in to", "you head off to".
_SETTING_OFF = (
    r"\byou\s+(?:[a-z]+ly\s+|now\s+|then\s+|immediately\s+)?(?:set\s+out|set\s+off|go\s+all\s+in|went\s+all\s+in|head\s+out"
    r"|head\s+off|headed\s+out|headed\s+off|leave|left|depart|departed|rush\s+off|hurry\s+off|hurried\s+off"
    r"|race\s+off|raced\s+off)\s+(?:at\s+once\s+)?(?:in\s+order\s+)?to\s+"
)
#: The vow's own words in the clause before: "you swear that you will set out to find her".
#: A place named after it, in the story's own capitals: "on the Wayfarer station", "to Gloomhaven".
_PLACE = re.compile(r"^[^,;:.!?]*?\b(?:on|at|in|to|toward|towards|into|aboard|for)\s+(?:the\s+)?(?P<place>[A-Z][a-z]+)")
_SWEARING = re.compile(r"\b(?:swear|swore|sworn|vow|vowed|pledge|pledged|promise|promised|oath)\b[^,;.!?]*$")


def _promised(intent: str | None) -> str:
    """The verb of what the player's vow promises ("find"), or "" when the declared deed is no vow."""
    m = _VOW.search((intent or "").lower())
    return m.group("verb") if m and len(m.group("verb")) > 2 else ""


def check_vow_pursued(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A sentence that sets the character off to do what the sworn vow promises (see the module's docstring)."""
    verb = _promised(intent)
    if not verb or not facts.results or sentence.question:
        return []
    raw = sentence.raw or sentence.original
    text = raw.lower()
    for m in re.finditer(rf"{_SETTING_OFF}{re.escape(verb)}\b", text):
        if negated(text, m.start(), 4) or HYPOTHETICAL & set(words_before(text, m.start(), 4)):
            continue  # "you will set out to find her", "you do not yet set out"
        if _SWEARING.search(text[: m.start()]):
            continue  # "you swear that you will set out to find her": the vow's words
        place = _PLACE.match(raw[m.end() :])
        if place is None or place.group("place").lower() in (intent or "").lower():
            continue  # "you set out to find her": the vow's resolve; the place the player named is the vow's own
        excerpt = " ".join(raw[m.start() : m.end() + place.end()].split())
        detail = (
            f"'{excerpt}': the player swore the vow ('{intent}'); going after what it promises is their next deed to "
            "declare, not this turn's"
        )
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
