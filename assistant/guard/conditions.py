"""Conditions told that the engine never applied, in any person: "You are stunned", "The bard is stunned and falls".

A system's impacts (Dungeon World's debilities, Ironsworn's shaken or wounded) are marked by the engine when a move
says so. The state check reads "you are now shaken" and "leaves you shaken"; this one reads the sentence's structure
for the rest: a subject, a verb of being or becoming (is, are, falls, is left, leaves him), and an impact as what the
subject is. A condition of the player's character holds when the engine marked it this turn or the character already
had it; one an open option would mark is that choice told as taken. Another's condition ("the cleric is stunned",
"the bard is stunned and falls") in a fight is the engine's to apply as well: told while an open option offers a
debility it is that choice taken; on a move that deals harm (damage dealt or offered, progress on a foe) any condition
but the harm itself ("the raider is wounded") is one nobody rolled for. Outside a fight ("the dockhand is shaken by
your questions") another's state of mind is the story's, and so is the state of someone's things ("the bard's defense
is weak"). Negated, conditional and question sentences are left to the other checks.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.state_patterns import patterns
from assistant.guard.system_words import impact_words
from assistant.guard.text import Sentence, hypothetical, negated

_LINK = (
    r"(?:is|are|was|were|be|been|being|become|becomes|became|get|gets|got|fall|falls|fell|go|goes|went|lie|lies|lay"
    r"|remain|remains|remained|stay|stays|stayed|left|lies)"
)
_OBJECT_VERB = r"(?:leave|leaves|left|leaving|render|renders|rendered|rendering|knock|knocks|knocked|make|makes|made)"
_SUBJECT = r"you|he|she|they|(?:the|your|his|her|their)\s+[a-z'-]+(?:\s+[a-z'-]+)?"
_FILL = r"(?:(?:[a-z]+ly|now|still|also|left|all|both|visibly|momentarily)\s+){0,2}"
#: Harm a hit deals to whoever it hurts; another condition is never dealt by damage alone.
_HARM = re.compile(r"wound|harm|batter|injur")


#: An impact dealt as a verb ("stunning them", "your blow stuns the bard"): the impact and the verb's forms.
_DEALT = {
    "stunned": "stun|stuns|stunning",
    "confused": "confuses|confusing",
    "corrupted": "corrupts|corrupting",
    "cursed": "curses|cursing",
    "traumatized": "traumatizes|traumatizing",
}


@cache
def _patterns(impacts: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    alt = "|".join(re.escape(i) for i in sorted(impacts, key=len, reverse=True))
    subject = re.compile(rf"\b(?P<who>{_SUBJECT})\s+{_FILL}{_LINK}\s+{_FILL}(?P<impact>{alt})\b")
    obj = re.compile(rf"\b{_OBJECT_VERB}\s+(?P<who>you|him|her|them|{_SUBJECT})\s+{_FILL}(?P<impact>{alt})\b")
    dealt = [
        rf"(?P<{name}>\b(?:{verbs})\s+(?P<who_{name}>you|him|her|them|{_SUBJECT})\b)"
        for name, verbs in _DEALT.items()
        if name in impacts
    ]
    return (subject, obj, re.compile("|".join(dealt))) if dealt else (subject, obj)


def _player(who: str) -> bool:
    return who == "you"


def _had(facts: Facts, name: str) -> bool:
    for r in facts.results:
        for sheet in (r.character_before, r.character):
            impacts = (sheet or {}).get("impacts") or []
            if any(str(i).replace("_", " ").lower() == name for i in impacts):
                return True
    return False


def _marked(facts: Facts, name: str) -> bool:
    return any((c.delta or 0) > 0 or c.after is True for c in facts.changes.get(f"impact:{name.replace(' ', '_')}", []))


def _hurts_someone(facts: Facts) -> bool:
    """The engine's result deals harm to someone (progress on a fight, damage dealt or offered)."""
    if any((c.delta or 0) > 0 or c.marks for c in facts.changes.get("progress", [])):
        return True
    return "damage" in facts.engine_text or any("damage" in m for m in facts.follow_up_moves)


def _excerpt(sentence: Sentence, m: re.Match[str]) -> str:
    raw = sentence.raw or sentence.original
    return raw[m.start() : m.end()].strip() if len(raw) == len(sentence.narr) else m.group(0)


def check_conditions(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A condition (an impact of the system) told of anyone, that the engine did not apply this turn."""
    impacts = tuple(sorted(impact_words(facts.system)))
    if not impacts or not facts.results or sentence.question or sentence.bullet:
        return []
    text = sentence.narr
    claimed = [m.span() for kind, p in patterns(facts.system).claims if kind == "impact" for m in p.finditer(text)]
    out: list[Violation] = []
    seen: set[str] = set()
    for pattern in _patterns(impacts):
        for m in pattern.finditer(text):
            dealt = next((n for n in _DEALT if n in pattern.groupindex and m.group(n)), "")
            name = dealt or m.group("impact")
            who = (m.group(f"who_{dealt}") if dealt else m.group("who")).strip()
            start = m.start(dealt or "impact")
            if dealt and _player(who):
                continue  # "the news stuns you": amazement, not a blow's debility
            if name in seen or any(a < m.end() and m.start() < b for a, b in claimed):
                continue  # "you are now shaken": the state check reads it
            if negated(text, start, 6) or hypothetical(text, m.start(), m.end()):
                continue
            if re.search(r"[a-z]'s\s+[a-z-]+$", who):
                continue  # "The bard's defense is weak": a thing of his, not a condition of anyone's
            seen.add(name)
            excerpt = _excerpt(sentence, m)
            option = next((label for label in facts.option_labels if name in label.lower() or "debilit" in label.lower()), "")
            if _player(who):
                if _marked(facts, name) or _had(facts, name) or _HARM.search(name):
                    continue  # harm told as a wound is read by the harm check (assistant.guard.unchanged)
                key = f"impact:{name.replace(' ', '_')}"
                if key in facts.option_effects or option:
                    out.append(
                        Violation(
                            ViolationKind.DECISION,
                            f"'{excerpt}' takes an open choice for the player (options: {' / '.join(facts.option_labels[:4])})",
                            excerpt,
                        )
                    )
                    continue
                detail = f"'{excerpt}': the engine marked no {name} on you this turn"
                out.append(Violation(ViolationKind.STATE, detail, excerpt))
                continue
            if option:
                out.append(
                    Violation(
                        ViolationKind.DECISION,
                        f"'{excerpt}' takes an open choice for the player (options: {' / '.join(facts.option_labels[:4])})",
                        excerpt,
                    )
                )
            elif _hurts_someone(facts) and not _HARM.search(name):
                detail = f"'{excerpt}': the engine applied no {name} to anyone this turn"
                out.append(Violation(ViolationKind.STATE, detail, excerpt))
    return out
