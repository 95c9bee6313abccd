"""Someone stirring after the oracle said no one else is there: "You could hear the faintest whisper from the other side
of the room" after "No one else is awake."

The answer rules out everyone but the ones the story already follows (the priest you stalk stays in the scene, and his
own voice is his: "the priest's whisper", "a murmur from the priest"). A voice, whisper or footsteps with no one to own
them, or "someone moving", tells another person awake in the scene: the no told as a yes. What is not a person passes
("the whisper of the rain", "the wind's murmur", "the murmur of the fountain"), your own sounds pass ("the footsteps you
leave", "a laugh escapes you", "the shuffle of your boots"), and so do the sound denied ("not a whisper", "no
footsteps"), a sound remembered or long gone ("you remember a voice from long ago"), a shadow (a candle's as well as
anyone's) and a sleeper's snore or slow breathing, which tells no one awake. A price may bring someone in (the new
hazard "a faint whispering in the shadows"): its turn is left to its own checks.
"""

from __future__ import annotations

import re

from assistant.guard.anyone_else import ALONE, ANSWER
from assistant.guard.established import CHANGING_MOVES
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, negated

_SOFT = (
    r"faint|faintest|soft|softest|low|distant|muffled|hushed|quiet|sudden|single|strange|urgent|barely\s+audible"
    r"|quick|brief|nervous|harsh|rasping|sharp|hurried|whispered|murmured"
)
#: A person's sound as a thing heard, with its article: "the faintest whisper", "a muffled cough", "voices".
_SOUND = re.compile(
    rf"\b(?:an?|the|some|faint|distant|muffled|soft|low|hushed)\s+(?:(?:{_SOFT}|,)\s*){{0,3}}"
    r"(?P<noun>whisper|whispers|whispering|voice|voices|murmur|murmurs|murmuring|footstep|footsteps|footfall|footfalls"
    r"|cough|coughing|laugh|laughter|giggle|sob|sobbing|conversation|chatter|shuffle|shuffling)\b"
    r"|\b(?:hear|hears|heard|hearing)\s+(?:only\s+|just\s+)?(?P<bare>voices|whispers|whispering|murmurs|murmuring|footsteps"
    r"|someone|somebody|movement)\b"
    r"|\b(?P<someone>someone|somebody|a\s+figure)\s+(?:is\s+|was\s+)?(?:mov|stir|whisper|walk|shift"
    r"|creep|shuffl|approach|cough|talk|speak)\w*"
)
#: Sounds that are not a person's ("the whisper of the wind", "the breath of the sea").
_NATURE = frozenset(
    re.findall(
        r"\S+",
        "wind winds rain leaves trees branches water sea waves river flames fire fires candle candles night storm stones "
        "pages silk cloth ghosts ghost dead spirits spirit machines engine engines reactor vents pipes fountain fountains "
        "bell bells clock clocks boots cloak robes chains door doors hinges wheels timbers hull",
    )
)
#: Whose sound it is, told after it: "from the other side of the room" (no one), "of the priest" (his), "of your boots"
#: (yours).
_OWNER = re.compile(r"^\s*(?:of|from)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?(?P<src>[a-z]+)")
#: The sound told as yours after it: "the footsteps you leave", "a laugh escapes you", "a whisper in your head".
_YOURS_AFTER = re.compile(
    r"^\s*(?:(?:that\s+|which\s+)?you\s+(?:leave|left|make|made|let|utter|uttered|raise|raised|stifle|stifled|muffle"
    r"|muffled|give|gave)\b"
    r"|(?:escapes?|escaped|leaves?|left|slips?|slipped)\s+(?:from\s+)?(?:you\b|your\s+(?:lips|throat|mouth))"
    r"|of\s+(?:your|my)\b|(?:in|inside|within)\s+(?:your|my)\s+(?:own\s+)?(?:head|mind|memory|memories|thoughts|dreams?)\b)"
)
#: A sound remembered or long gone, not heard now: "You remember a voice from long ago", "the murmur of the crowd has
#: long faded".
_NOT_NOW_BEFORE = re.compile(r"\b(?:remember\w*|recall\w*|memor(?:y|ies)\s+of|dream\w*\s+of|imagin\w*)\b")
_NOT_NOW_AFTER = re.compile(
    r"^[^.;]*?\b(?:(?:has|had|have)\s+(?:long\s+(?:since\s+)?)?(?:faded|died|gone|fallen\s+silent|stopped|ceased)"
    r"|(?:died|faded|fell|trailed)\s+(?:away|off|silent)|long\s+ago|hours\s+ago|long\s+since)\b"
)
#: Where the clause of a sound begins: a memory told before it counts only in its own clause.
_CLAUSE = re.compile(r"[,;:]|\b(?:and|but|then|when|as)\b")
#: Whose sound it is, told before it: "his whisper", "the priest's voice", "your own breathing".
_OWNED = re.compile(r"(?:\b(?:his|her|their|its|your|my|own)|'s)\s+(?:(?:[a-z]+)\s+){0,2}$")


def _ruled_out(facts: Facts) -> str:
    """The "No one else is awake." answer of this turn or an earlier one, or ""."""
    for told in (*facts.told, *(e.sentence for e in facts.established)):
        m = ANSWER.search(told.lower())
        if m and m.group("what") in ALONE:
            return told
    return ""


def _known(facts: Facts) -> set[str]:
    """Who the story already has: the ones named in the session's answers ("The priest does not sense you.")."""
    names = " ".join([*(e.sentence for e in facts.established), *facts.told]).lower()
    return set(re.findall(r"\bthe\s+([a-z]+)", names)) - {"answer", "oracle"}


def check_someone_stirring(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A person's sound or movement no one in the story owns, after the oracle said no one else is awake or there."""
    answer = _ruled_out(facts)
    if not answer or sentence.question or facts.moves & CHANGING_MOVES:  # a price may bring a new hazard in
        return []
    text = sentence.narr
    known = _known(facts)
    for m in _SOUND.finditer(text):
        if negated(text, m.start(), 3) or re.search(r"\b(?:no|not|without|nor|never)\s+(?:\w+\s+)?$", text[: m.start()]):
            continue  # "not a whisper", "without a sound of footsteps": the silence told
        if m.group("noun") and _OWNED.search(text[: m.start() + len(m.group(0)) - len(m.group("noun"))]):
            continue  # "his whisper", "the priest's voice"
        before = text[: m.start()]
        clause = before[max((c.end() for c in _CLAUSE.finditer(before)), default=0) :]
        if _NOT_NOW_BEFORE.search(clause) or _NOT_NOW_AFTER.match(text[m.end() :]):
            continue  # remembered, or long gone: no one stirring now
        if _YOURS_AFTER.match(text[m.end() :]):
            continue  # "the footsteps you leave", "a laugh escapes you", "the shuffle of your boots"
        owner = _OWNER.match(text[m.end() :])
        if owner and (owner.group("src") in _NATURE or owner.group("src") in known):
            continue  # "the whisper of the wind", "a murmur from the priest"
        raw = sentence.raw or sentence.original
        excerpt = " ".join(raw[max(0, m.start() - 20) : m.end() + 30].split())
        detail = f"'{excerpt}' tells someone else stirring, but the oracle's answer stands: '{answer}'"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: People by what they are, as a story brings them in ("a group of villagers", "two guards", "an old woman").
_PEOPLE = (
    r"villagers?|townsfolk|townspeople|guards?|watchm[ae]n|sentr(?:y|ies)|soldiers?|m[ae]n|wom[ae]n|child|children|boys?"
    r"|girls?|figures?|strangers?|monks?|nuns?|acolytes?|novices?|servants?|worshippers?|pilgrims?|travell?ers?|merchants?"
    r"|sailors?|crew|crewm[ae]n|survivors?|people|crowd|family|families|farmers?|hunters?|priests?|clerics?|brothers?"
    r"|sisters?|beggars?|drunks?|thieves|thief|patrons?|innkeeper|keeper|caretaker|sexton|congregation|choir"
)
_NEWCOMER = re.compile(
    rf"\b(?:a|an|the|some|two|three|four|several|a\s+few|a\s+pair\s+of|a\s+group\s+of|a\s+band\s+of|a\s+handful\s+of)\s+"
    rf"(?:[a-z]+\s+){{0,2}}?(?P<who>{_PEOPLE})\b"
)
#: What tells them not awake or not here: asleep, dead, gone, remembered, or only their traces.
_NOT_STIRRING = re.compile(
    r"\b(?:sleep\w*|asleep|slept|slumber\w*|snor\w*|dream\w*|dead|lifeless|corpses?|bodies|body|bones|gone|empty|absent"
    r"|graves?|tombs?|statues?|paintings?|portraits?|carv\w*|memor\w*|remember\w*|once|long\s+ago|used\s+to|abandoned"
    r"|unconscious|still\s+as|motionless|in\s+their\s+beds|no\s+one|nobody)\b"
)


def check_newcomer_awake(sentence: Sentence, facts: Facts) -> list[Violation]:
    """Someone new brought into the scene awake after the oracle said no one else is: "A group of villagers, listening to
    a priest reading the scriptures, suddenly realize that they've been watched" after "No one else is awake." The ones
    the story already has (the priest you stalk), people asleep, dead, gone or remembered, traces of them ("the
    villagers' empty stalls"), and people named only as what something is of or for pass."""
    answer = _ruled_out(facts)
    if not answer or sentence.question or facts.moves & CHANGING_MOVES:
        return []
    text = sentence.narr
    # everyone the session already has: named in its answers ("There are survivors aboard.") or its story so far
    had = [*(e.sentence for e in facts.established), *facts.told, *(e.words for e in facts.earlier)]
    known = set(re.findall(r"[a-z]+", " ".join(had).lower()))
    for m in _NEWCOMER.finditer(text):
        who = m.group("who")
        if who in known or who.rstrip("s") in known or re.search(r"\b(?:of|for|about|like|than)\s+$", text[: m.start()]):
            continue
        if negated(text, m.start(), 3) or _NOT_STIRRING.search(text) or re.match(r"'s?\b|s'", text[m.end() :]):
            continue
        raw = sentence.raw or sentence.original
        excerpt = " ".join(raw[m.start() : m.end() + 40].split())
        detail = f"'{excerpt}' brings someone else into the scene awake, but the oracle's answer stands: '{answer}'"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
