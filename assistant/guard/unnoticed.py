"""Going unnoticed, told noticed: "I slip across the river district without being noticed" on a strong hit, then
"A group of people … look at you curiously." The player's goal was not to be seen; on a full success someone seeing
you, watching you or turning to you tells the attempt failing. A weak hit's cost may be a glance your way, and is left
to the story; so are a look that is negated ("no one looks at you twice"), supposed ("if anyone looks at you"), one
that does not see you ("looks right through you") or one taken back ("The crowd looks at you, but you blend in").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

#: The player's words that make going unseen the goal.
_UNSEEN_GOAL = re.compile(
    r"\b(?:without\s+(?:being\s+)?(?:noticed|seen|spotted|detected|heard|noticing)|unnoticed|unseen|undetected"
    r"|unobserved|without\s+(?:anyone|anybody|a\s+soul)\s+(?:noticing|seeing))\b"
)
_FULL = frozenset({"strong_hit", "critical", "full_success"})
#: Someone perceiving you, or looking your way.
_NOTICED = re.compile(
    r"\b(?:notice|notices|noticed|noticing|spot|spots|spotted|see|sees|saw|recognize|recognizes|recognized|recognise"
    r"|recognises|recognised)\s+you\b"
    r"|\b(?:look|looks|looked|looking|stare|stares|stared|staring|glance|glances|glanced|peer|peers|peered|gaze|gazes"
    r"|gazed|glare|glares|glared|turn|turns|turned)\s+(?:up\s+)?(?:at|toward|towards|to)\s+you\b"
    r"|\b(?:eyes|gazes?|stares?)\s+(?:follow|follows|followed|on|fixed\s+on|turn\s+to|turned\s+to)\s+you\b"
    r"|\b(?:watch|watches|watched|watching|eye|eyes|eyed|eyeing)\s+you\b"
)
#: Someone reacting to you or to what you do, which only one who saw you does: "people are amazed by your agility",
#: "a child points at you". No "but" takes it back ("…, but they go on without noticing you" has seen you already).
_REACTS = re.compile(
    r"\b(?:amazed|astonished|impressed|awed|astounded|startled|surprised|dazzled|struck|taken\s+aback)\s+(?:by|at)\s+"
    r"(?:you\b|your\s+[a-z]+)"
    r"|\b(?:marvel|marvels|marveled|marvelled|gasp|gasps|gasped|point|points|pointed|whisper|whispers|whispered|cheer"
    r"|cheers|cheered|applaud|applauds|applauded|nod|nods|nodded|wave|waves|waved|smile|smiles|smiled)\s+at\s+"
    r"(?:you\b|your\s+[a-z]+)"
    # or turning to you, hailing you: "a few heads turn as you pass", "a beggar calls out to you", "the guard greets you"
    r"|\bheads?\s+(?:turn|turns|turned)\s+(?:as\s+you\b|toward\s+you\b|towards\s+you\b|your\s+way\b|to\s+(?:watch|follow)\s+you\b)"
    r"|\b(?:calls?|called|shouts?|shouted|cries|cried)\s+(?:out\s+)?to\s+you\b"
    r"|\b(?:greets?|greeted|hails?|hailed|addresses|addressed)\s+you\b"
    r"|\b(?:gives?|gave)\s+you\s+(?:a\s+)?(?:second\s+|curious\s+|long\s+|hard\s+)?(?:glance|look|nod|stare)\b"
)
_NO_ONE = re.compile(r"\b(?:nobody|no\s+one|none|never|not|no)\b[^,;.]*$")
_UNSEEING = re.compile(r"^\s*(?:blankly|vacantly|without\s+(?:seeing|interest|recognition)|right\s+through|through|past)\b")
_SELF = re.compile(r"\byou\s+(?:\w+\s+){0,2}$")  # "you see you are…": the character's own seeing


def check_seen_after_unseen(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """On a full success at going unseen, someone told noticing or looking at you (see the module's docstring)."""
    if not intent or not _UNSEEN_GOAL.search(intent.lower()) or sentence.question:
        return []
    tiers = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    if not tiers or not tiers <= _FULL:
        return []
    text = sentence.narr
    for m in _REACTS.finditer(text):
        if _SELF.search(text[: m.start()]) or negated(text, m.start(), 4) or hypothetical(text, m.start(), m.end()):
            continue  # "you are startled by your own reflection", "no one is impressed by you"
        if _NO_ONE.search(text[: m.start()]):
            continue  # "Nobody gives you a second glance"
        excerpt = " ".join((sentence.raw or sentence.original)[max(0, m.start() - 40) : m.end() + 15].split())
        detail = f"'{excerpt}' tells you noticed, but you set out to go unseen and the engine's outcome is a full success"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    for m in _NOTICED.finditer(text):
        if _SELF.search(text[: m.start()]) or _UNSEEING.match(text[m.end() :]):
            continue
        if negated(text, m.start(), 4) or hypothetical(text, m.start(), m.end()):
            continue
        if re.search(r"\b(?:but|yet|until)\b", text[m.end() :]):
            continue  # "The crowd looks at you, but you blend in with the other pedestrians": taken back
        excerpt = " ".join((sentence.raw or sentence.original)[max(0, m.start() - 40) : m.end() + 15].split())
        detail = f"'{excerpt}' tells you noticed, but you set out to go unseen and the engine's outcome is a full success"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
