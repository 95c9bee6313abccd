"""What the story tells as this turn's fact that is not: an open option as a state, another turn's roll or vice.

- An open option told as a state of the fiction in other words than its label: Hack & Slash's "The attack opens
  your opponent up, making them vulnerable" is the player's to pick, so "He is now vulnerable" or "a blow that
  leaves the bard vulnerable" picks it (the engine made *you* vulnerable). The option's state word ("vulnerable",
  read from "making them …", "leaves them …") told of someone other than you is the option taken; naming a part
  ("aiming for his vulnerable spot") gives no state.
- A roll told on a turn that rolled no action: "You try to strike, but it misses" or "The outcome is a miss" after
  an oracle question, the last turn's strike told again as this turn's.
- The last turn's vice told again: "You overindulge" after an Acquire Asset (only Indulge Vice overindulges).
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical, negated

_STATE_IN_LABEL = re.compile(
    r"\b(?:making|makes|make|leaving|leaves|leave|left|rendering|renders|render)\s+(?:them|him|her|it|your\s+(?:opponent|enemy"
    r"|foe|target)|the\s+(?:opponent|enemy|foe|target))\s+(?P<state>[a-z]{4,})\b"
)
_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b")
_OTHER = re.compile(r"\b(?:he|she|they|him|her|them|his|their|it|the\s+(?!character|player|hero)[a-z]+|an?\s+[a-z]+)\b")
_ROLL_TOLD = re.compile(
    r"\byou\s+(?:try\s+to\s+[a-z]+,?\s+but\s+)?(?:miss|missed)\b|\byour\s+[a-z]+\s+(?:misses|missed)\b|\bbut it misses\b"
    r"|\bthe outcome (?:is|was) an?\s+(?:miss|strong hit|weak hit)\b"
)
#: A state word between a possessive and a noun names a part, not a state given: "his vulnerable spot".
_ATTRIBUTE = re.compile(r"\b(?:his|her|their|its|[a-z]+'s)\s+$")
_NOUN_AFTER = re.compile(r"\s+(?!(?:to|and|or|but|now|again|as|after|for|from|while|when|until|in|on|at)\b)[a-z]{3,}\b")
_OVERINDULGE = re.compile(r"\b(?:you\s+)?overindulg\w*")


def _states(facts: Facts) -> dict[str, str]:
    """The state words the open options give someone else ("vulnerable" -> its option's label)."""
    out: dict[str, str] = {}
    for label in facts.option_labels:
        for m in _STATE_IN_LABEL.finditer(label.lower()):
            out.setdefault(m.group("state"), label)
    return out


#: An open option that does something to the foe ("opens your opponent up", "You cause a debility of your choice").
_ON_THE_FOE = re.compile(r"\b(?:opponent|enemy|foe|target|debility|debilities)\b")
#: The foe put down or thrown off balance: "knocking the bard off their feet", "sending him crashing to the ground",
#: "the bard topples to the floor", "leaving him off balance" (not you: "you are knocked off your feet" befalls you).
_DOWNED = re.compile(
    r"\b(?:knock\w*|send\w*|sent|throw\w*|threw|hurl\w*|slam\w*|drive\w*|drove|leav\w*|left)\s+(?P<who>him|her|them|the\s+[a-z]+)"
    r"\s+(?:(?:back\s+)?off\s+(?:his|her|their|its)\s+(?:feet|balance)|off\s+balance|(?:crashing|sprawling|tumbling|flying)"
    r"|(?:down\s+)?to\s+the\s+(?:ground|floor|deck|dirt)|(?:to\s+)?(?:his|her|their)\s+knees|prone|flat\s+on)\b"
    r"|\b(?P<subject>he|she|they|the\s+[a-z]+)\s+(?:falls?|fell|topples?|toppled|crashes|crashed|tumbles?|tumbled|goes\s+down"
    r"|went\s+down|drops?|dropped|sprawls?|sprawled|staggers?|staggered|stumbles?|stumbled)\s+(?:back\s+)?"
    r"(?:to\s+the\s+(?:ground|floor|deck|dirt)|to\s+(?:his|her|their)\s+knees|off\s+balance|prone)\b"
)


def check_foe_downed(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The foe (he, she, they, or someone the player named: "the bard") knocked down or off balance while what the
    blow does to the foe is still an open option (a debility, the opponent opened up): the option told as taken."""
    labels = [label for label in facts.option_labels if _ON_THE_FOE.search(label.lower())]
    if not labels or not facts.open_choices or sentence.question:
        return []
    text = sentence.narr
    named = set(re.findall(r"\bthe\s+([a-z]+)", f"{intent or ''} {' '.join(facts.told)}".lower()))
    for m in _DOWNED.finditer(text):
        who = (m.group("who") or m.group("subject") or "").split()
        if who[0] == "the" and who[-1] not in named:
            continue  # "the sword falls to the ground": not the foe
        if negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end(), HYPOTHETICAL):
            continue
        excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split())
        detail = f"'{excerpt}' tells what the blow does to your foe, an open option ('{labels[0]}'); that choice is still open"
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


def check_option_state(sentence: Sentence, facts: Facts) -> list[Violation]:
    """An open option's state word told, as a fact, of someone other than the player."""
    if not facts.open_choices or sentence.question:
        return []
    text = sentence.narr
    for state, label in _states(facts).items():
        for m in re.finditer(rf"\b{re.escape(state)}\b", text):
            parts = re.split(r"[,;:—]|\s-\s|\band\b", text[: m.start()])
            if len(parts) > 1 and not parts[-1].strip():
                parts.pop()  # "The bard falls back, vulnerable.": the state told of the clause before the comma
            window = " ".join(parts[-1].split()[-6:])
            if len(parts) > 1 and len(parts[-1].split()) <= 2 and not _OTHER.search(window) and not _YOU.search(window):
                window = " ".join(" ".join(parts[-2:]).split()[-6:])  # "The bard reels, now vulnerable": the bard's
            if _YOU.search(window) or not _OTHER.search(window) or negated(text, m.start(), 3):
                continue
            if hypothetical(text, m.start(), m.end(), HYPOTHETICAL):
                continue
            if _ATTRIBUTE.search(text[: m.start()]) and _NOUN_AFTER.match(text[m.end() :]):
                continue  # "aiming for his vulnerable spot": where the blow aims, not the state given
            excerpt = " ".join((sentence.raw or sentence.original)[max(0, m.start() - 40) : m.end()].split())
            detail = f"'{excerpt}' tells the option '{label}' as taken; that choice is still open"
            return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


def check_other_turn(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A roll's outcome told on a turn that rolled no action; an overindulgence on a turn that indulged no vice."""
    out: list[Violation] = []
    if facts.results and not facts.tiered:
        m = _ROLL_TOLD.search(sentence.narr)
        if m and not hypothetical(sentence.narr, m.start(), m.end(), HYPOTHETICAL):
            excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split())
            detail = f"'{excerpt}': the engine rolled no action this turn; an earlier turn's roll is not told again"
            out.append(Violation(ViolationKind.PHANTOM_ROLL, detail, excerpt))
    m = _OVERINDULGE.search(sentence.narr)
    if m and facts.results and "overindulg" not in facts.engine_text and not negated(sentence.narr, m.start(), 3):
        excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split())
        detail = f"'{excerpt}': the engine made no overindulgence this turn; an earlier turn's vice is not told again"
        out.append(Violation(ViolationKind.STATE, detail, excerpt))
    return out
