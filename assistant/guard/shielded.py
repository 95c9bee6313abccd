"""The one you protect told struck when your roll to protect them hit: "You raise your shield to protect the cleric.
… they don't react quickly enough and are hit in the back with a powerful blow from the enemy."

A hit on a move that protects someone (Defend: "you redirect damage meant for the person you defend onto yourself",
on a 7–9 "you intercept the attack") keeps the blow off them; the engine dealt no wound to anyone. A story that has
the one the player shields hit, wounded or struck anyway tells the protection failing, the outcome the other way, and
a harm the engine never dealt. Read only on a hit, when the player's line protects someone ("protect the cleric",
"shield Mara", "cover the healer"), for a clause whose subject is that one (named, or "he/she/they" in a sentence that
names them). A blow turned aside ("the cleric is hit, but you deflect it"), a supposition ("the blow would have hit
the cleric") or the blow denied ("the cleric is not hit") passes, and so does a miss (left to the rules' own
vulnerability).
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

#: The player's line protects someone: "protect the cleric", "shield Mara from the blow".
_PROTECTS = re.compile(
    r"\b(?:protect|protects|protecting|defend|defends|defending|shield|shields|shielding|guard|guards|guarding|cover"
    r"|covers|covering|shelter|shelters|sheltering)\s+(?:the\s+|my\s+|our\s+)?(?P<who>[a-z]+)\b"
)
#: Not a person protected: a place or thing, or not an object at all ("raise my shield to protect the cleric").
_NOT_PEOPLE = frozenset(
    re.findall(
        r"\S+",
        "door gate wall bridge pass line position ground area myself me to from up and with against in at as of for the a "
        "an my our your his her their it this that",
    )
)
#: The one protected told struck: "is hit in the back", "are wounded", "takes a blow", "a blow lands on them".
_STRUCK = re.compile(
    r"\b(?:is|are|was|were|gets|get|got|getting|being)\s+(?:\w+ly\s+)?(?:hit|struck|wounded|injured|stabbed|slashed|cut"
    r"|knocked\s+down|thrown\s+down)\b"
    r"|\b(?:takes|took|suffers|suffered)\s+(?:a|an|the)\s+(?:\w+\s+)?(?:blow|hit|wound|strike)\b"
    r"|\b(?:blow|strike|attack|blade|arrow)\s+(?:lands|landed|strikes|struck|hits|connects)\s+(?:on\s+)?(?:them|him|her)\b"
)
#: The blow stopped after all: "…, but you manage to deflect it", "but your shield takes it".
_TURNED_ASIDE = re.compile(
    r"\bbut\s+(?:\w+\s+){0,3}?(?:deflect|block|parr|intercept|absorb|catch|catches|caught|stop|turn\w*\s+(?:it\s+)?aside"
    r"|takes\s+it|took\s+it)"
)
_SUBJECT = re.compile(r"\b(?:the\s+(?P<noun>[a-z]+)|(?P<pronoun>he|she|they|them|him|her))\b")
_SUPPOSED = frozenset({"if", "unless", "would", "could", "might", "nearly", "almost", "meant", "aimed", "intended"})


def check_shielded_struck(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The one the player protects told struck after their roll to protect them hit (see the module's docstring)."""
    if not intent or sentence.question or not facts.outcomes & {"strong_hit", "weak_hit", "critical"}:
        return []
    who = next((m.group("who") for m in _PROTECTS.finditer(intent.lower()) if m.group("who") not in _NOT_PEOPLE), "")
    if not who:
        return []
    text = sentence.narr
    if not re.search(rf"\b{re.escape(who)}\b", text):
        return []
    for m in _STRUCK.finditer(text):
        subjects = list(_SUBJECT.finditer(text[: m.start()]))
        last = subjects[-1] if subjects else None
        if last is None or (last.group("noun") and last.group("noun") != who):
            continue  # "the raider is hit": another's wound
        if negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end(), _SUPPOSED):
            continue
        if _TURNED_ASIDE.search(text[m.end() :]):
            continue  # "the cleric is hit with a strong attack, but you deflect it": the blow stopped
        raw = sentence.raw or sentence.original
        excerpt = " ".join((raw if len(raw) == len(text) else text)[last.start() : m.end()].split())
        detail = f"'{excerpt}' tells the {who} you protect struck, but your roll to protect them hit: no blow reached them"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: Protection from everything: "protecting the cleric from any potential attacks", "keeps her safe from all harm".
_BLANKET = re.compile(
    r"\b(?:protect|protects|protected|protecting|shield|shields|shielded|shielding|guard|guards|guarded|guarding|keep"
    r"|keeps|kept|keeping|safe|safeguard\w*)\s+(?:\w+\s+){0,3}?(?:from|against)\s+(?:any|all|every|each)\s+(?:\w+\s+)?"
    r"(?:attacks?|harm|danger|dangers|blows?|damage|threats?|strikes?)\b"
    r"|\b(?:invulnerable|untouchable|immune\s+to)\b"
)


def check_blanket_guard(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A hold the engine counted (Defend's hold, each spent on one use the panel lists) told as protection from every
    attack: "The cleric's shield glows brightly, protecting the cleric from any potential attacks." The guard against
    the attack at hand ("the cleric is protected from the attack") is the declared defence, and passes."""
    if sentence.question or not any("hold" in target for target in facts.changes):
        return []
    text = sentence.narr
    m = _BLANKET.search(text)
    if m is None or negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end(), _SUPPOSED):
        return []
    raw = sentence.raw or sentence.original
    excerpt = " ".join((raw if len(raw) == len(text) else text)[m.start() : m.end()].split())
    detail = f"'{excerpt}' tells protection from every attack, but the engine gave a hold, each spent on one use you choose"
    return [Violation(ViolationKind.STATE, detail, excerpt)]
