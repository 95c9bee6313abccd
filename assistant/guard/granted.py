"""A gain the engine granted told as not got, and told as got on a bad roll.

Acquire Asset always gets the asset: the roll sets only its quality (a bad outcome gives a poorer one, "the days slip
by for scant return"). The engine records that as a quality effect, and the fact sheet says "With it, you get the
asset." A story that has the contacts unable to provide it ("they are unable to provide a carriage", "they're busy
with other matters", "no one can find you a carriage", "you come away empty-handed") tells the gain the engine made as
never made: the outcome told the other way. Getting it with trouble ("you manage to get the asset with some
difficulty", "after days of haggling a battered carriage is yours") is the sheet's own gain, and the "you manage to"
it is told with is that gain, not a story success against the bad outcome (:func:`tells_gain`). A quality that falls
short of the minimum the GM set gets nothing ("a lower result won't do"), and is left to the other checks.
"""

from __future__ import annotations

import re

from assistant.engine.kinds import EffectKind
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

_GAIN_VERBS = (
    r"(?:get|gets|got|obtain|obtains|obtained|acquire|acquires|acquired|secure|secures|secured|procure|procures|procured"
    r"|find|finds|found|provide|provides|provided|supply|supplies|supplied|deliver|delivers|delivered|arrange|arranges"
    r"|arranged|source|sources|sourced|give|gives|gave|lend|lends|lent|hand\s+over|come\s+up\s+with|track\s+down)"
)
#: The gain told as not got: "they are unable to provide a carriage", "no one can find you one", "you leave
#: empty-handed", "they're busy with other matters", "they turn you away".
_NOT_GOT = re.compile(
    r"\b(?:unable|fail|fails|failed|refuse|refuses|refused|decline|declines|declined)\s+to\s+(?:\w+\s+)?"
    + _GAIN_VERBS
    + r"|\b(?:can't|cannot|can\s+not|couldn't|could\s+not|won't|will\s+not|wouldn't|would\s+not|don't|do\s+not"
    r"|doesn't|does\s+not|didn't|did\s+not|never)\s+(?:\w+\s+)?" + _GAIN_VERBS + r"\b"
    r"|\b(?:no\s+one|nobody|none\s+of\s+them)\s+(?:\w+\s+)?(?:can|could|is\s+able\s+to|was\s+able\s+to|will|would)\s+"
    + _GAIN_VERBS
    + r"|\b(?:not\s+(?:within|in)|beyond|outside)\s+(?:their|his|her|its)\s+(?:[a-z]+\s+){0,3}?(?:capabilit\w*|power|means"
    r"|resources|reach|abilit\w*)\b[^.;!?]{0,30}?\bto\s+(?:\w+\s+)?"
    + _GAIN_VERBS
    + r"|\b(?:empty-handed|empty\s+handed|nothing\s+to\s+show)\b"
    r"|\b(?:are|is|were|was|'re|'s)\s+(?:all\s+|too\s+)?busy\s+with\s+(?:other|their\s+own)\b"
    r"|\b(?:turn|turns|turned)\s+you\s+(?:away|down)\b"
    r"|\bno\s+(?:asset|carriage|cart|boat|ship|vehicle|mount|horse|crew|gang|cohort|one\s+to\s+hire)\s+(?:is|was|to\s+be)"
    r"\s+(?:had|found|available)\b"
)
#: A supposition: "if they cannot find one", "they may be unable to".
_SUPPOSED = frozenset({"if", "unless", "whether", "might", "may", "perhaps", "maybe", "fear", "fears", "worry", "worries"})
_PLAIN = frozenset({"with", "from", "into", "some", "your", "their", "them", "that", "this", "what"})
#: The gain itself told, "you manage to get the asset", "you manage to secure a carriage".
_GOT = re.compile(r"\byou\s+(?:\w+\s+)?manage(?:s|d)?\s+(?:it|to\s+(?:\w+\s+)?" + _GAIN_VERBS + r")\b")


#: Those asked agreeing to get it for you: "they agree to help you", "he agrees to find you one".
_HELPED = re.compile(r"\b(?:agree|agrees|agreed)\s+to\s+(?:help|assist|provide|find|get|secure|supply|arrange|source)\b")


def granted(facts: Facts) -> list[str]:
    """What the engine granted this turn whatever the roll (an asset of some quality), by its target's name."""
    return [
        e.target
        for r in facts.results
        if not any("falls short of the minimum" in n for n in r.notes)  # "a lower result won't do": not got
        for e in r.effects
        if e.kind is EffectKind.QUALITY
    ]


def tells_gain(sentence: Sentence, facts: Facts) -> bool:
    """Whether ``sentence`` tells the granted gain got ("you manage to get the asset", "you manage to secure the
    carriage" when the player went for a carriage), when there is one; what else is managed ("you manage to secure a
    loan") is a story success of its own."""
    got = granted(facts)
    if got and _HELPED.search(sentence.narr):
        return True  # "they agree to help you": the contacts giving what the engine gives whatever the roll
    m = _GOT.search(sentence.narr) if got else None
    if m is None:
        return False
    if re.search(r"\bmanage\w*\s+it$", m.group(0)):
        return True  # "you manage it": the deed the opening names
    sought = {w for w in re.findall(r"[a-z]+", " ".join([*got, *facts.told]).lower()) if len(w) > 3} - _PLAIN
    following = re.findall(r"[a-z]+", sentence.narr[m.end() :])[:4]
    return any(w in sought for w in following if w not in _PLAIN)


def check_gain_denied(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A gain the engine made this turn (see the module's docstring) told as not got."""
    got = granted(facts)
    if not got or sentence.question:
        return []
    text = sentence.narr
    for m in _NOT_GOT.finditer(text):
        if hypothetical(text, m.start(), m.end(), _SUPPOSED) or negated(text, m.start(), 3):
            continue  # "if they cannot find one", "not that they refuse to help": a supposition, a denial
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
        what = got[0].replace("_", " ")
        detail = f"'{excerpt}' tells the {what} as not got, but the engine gave it this turn: you get the {what}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: A bad roll's poorer asset: the roll that sets its quality went badly ("the days slip by for scant return").
_POOR = frozenset({"bad_outcome", "miss"})
#: Praise of a thing's make: "fine", "splendid", "a fine sight", "a fine example".
_PRAISE = (
    r"(?:fine|finest|splendid|excellent|magnificent|superb|perfect|beautiful|elegant|impressive|handsome|luxurious"
    r"|first-rate|high-quality|top-quality|well-made|pristine|gleaming|flawless|exquisite|grand|the\s+best)"
)
#: What the player went for, after the verb that gets it: "acquire a fine carriage" -> carriage.
_SOUGHT = re.compile(
    _GAIN_VERBS + r"\s+(?:a|an|the|some|your|my)?\s*(?P<what>(?:[a-z-]+,?\s+){0,3}?[a-z-]+)(?=\s+(?:for|from|with"
    r"|to|in|at|by|that|which|so)\b|,\s*(?:and|but|then|so|which|who|as|while|with)\b|[.;!?]|$)"
)
#: How it once looked or first seemed ("had been a fine carriage once", "at first glance"): not what it is now.
_ONCE = re.compile(r"\b(?:once|had\s+been|used\s+to\s+be|at\s+first|from\s+afar|from\s+a\s+distance|in\s+its\s+day)\b")


def _sought(intent: str) -> str:
    """The head noun of what the player set out to get ("carriage"), or ""."""
    m = _SOUGHT.search(intent.lower())
    return m.group("what").split()[-1] if m else ""


#: What the player asked of its make, in their own words: "acquire a fine carriage" -> fine; "a fast, sturdy boat".
_ASKED = re.compile(_GAIN_VERBS + r"\s+(?:a|an|the|some|your|my)?\s*(?P<make>(?:[a-z-]+,?\s+){1,3})(?=[a-z-]+\b)")
#: In good repair: "in good condition", "in fine shape", "in perfect working order".
_GOOD_REPAIR = (
    r"in\s+(?:very\s+)?(?:good|fine|great|excellent|perfect|pristine|mint|top|working)\s+(?:working\s+)?"
    r"(?:condition|shape|repair|order)"
)
#: The make named as what is sought, not got: "to acquire a fine carriage", "you hoped for a fine carriage".
_AIM = re.compile(
    r"(?:\bto\s+(?:\w+\s+)?" + _GAIN_VERBS + r"|\b(?:want|wants|wanted|seek|seeks|sought|hope|hopes|hoped|hoping|need|needs"
    r"|needed|wish|wished|dream|dreamed|looking|search|searching|ask|asks|asked|asking|after|of)(?:\s+(?:for|to\s+\w+))?)"
    r"\s+(?:a|an|the|some|your|that)?\s*$"
)


def _asked_make(intent: str, what: str) -> list[str]:
    """The player's own words for the make they asked for ("fine"), before the thing's name."""
    m = _ASKED.search(intent.lower())
    words = re.findall(r"[a-z-]+", m.group("make")) if m else []
    return [w for w in words if w != what and len(w) > 2 and w not in _PLAIN and w not in ("and", "new")]


def check_poor_told_fine(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a bad roll that still gets the asset (a poorer one), the asset told as fine: "The carriage was a fine sight",
    "The carriage is a fine example of the goods to be had", "they offer you a fine carriage", "a carriage that seems to
    be in good condition": praise of its make, or the make the player asked for ("acquire a fine carriage") told as the
    make got. Its flaws told ("a shabby one", "it creaks") are the bad roll in story words; the make named as what was
    sought ("to acquire a fine carriage", "you hoped for a fine one") tells nothing got."""
    if not granted(facts) or not facts.outcomes & _POOR or sentence.question:
        return []
    what = _sought(intent or "")
    if len(what) < 3:
        return []
    text = sentence.narr
    noun = rf"(?:the|your|this|that|its|a|an)\s+(?:[a-z-]+\s+){{0,2}}?{re.escape(what)}s?"
    make = "|".join([_PRAISE, *(re.escape(w) for w in _asked_make(intent or "", what))])
    told = re.compile(
        rf"\b{noun}\s+(?:is|was|looks|looked|seems|seemed|proves|proved|turns\s+out\s+to\s+be|turned\s+out\s+to\s+be)\s+"
        rf"(?:truly\s+|quite\s+|really\s+|indeed\s+)?(?:a\s+|an\s+)?{_PRAISE}\b"
        rf"|\b(?:a|an)\s+{_PRAISE}\s+(?:sight|example|specimen|piece|find)\b"
        # the make told of the thing got: "a fine carriage", "the finest carriage in the city"
        rf"|\b(?:a|an|the|your|this|that|their|its)\s+(?:[a-z-]+,?\s+){{0,2}}?(?:{make}),?\s+(?:[a-z-]+\s+)?{re.escape(what)}s?\b"
        # in good repair: "a carriage that seems to be in good condition", "the carriage is in fine shape"
        rf"|\b{re.escape(what)}s?\b[^.;!?]{{0,40}}?\b{_GOOD_REPAIR}\b"
    )
    for m in told.finditer(text):
        if negated(text, m.start(), 3) or negated(m.group(0), len(m.group(0)) - 1, 4) or _ONCE.search(text):
            continue
        if _AIM.search(text[max(0, m.start() - 40) : m.start()]):
            continue  # "to acquire a fine carriage": the make sought, not got
        if hypothetical(text, m.start(), m.end(), _SUPPOSED):
            continue
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
        detail = f"'{excerpt}' tells the {what} as fine, but the roll went badly: the {what} you get is a poorer one"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
