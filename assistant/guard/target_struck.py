"""A missed attack told landing on its target: "The pirate cutter's engines are now ablaze." after "I fire the main gun
at their engines" rolled a miss.

The player's attack is the declared deed; on a miss it does not land. The story tells it landing in the target's own
words: the thing aimed at is on fire, destroyed, wrecked or wounded, or it explodes, shatters or goes up in flames. The
target is what the player aimed at ("at their engines", "on the hatch") or the one they struck at ("I shoot the
raider"), never the weapon ("the main gun"). A negated or supposed change ("the engines are not even scorched", "if the
engines catch fire") and a change to something else pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

#: What a player says to attack something: the verb, and (after "at"/"on"/"into") what is aimed at.
_ATTACK = re.compile(
    r"\b(?:fire|fires|shoot|shoots|blast|blasts|strike|strikes|hit|hits|attack|attacks|slash|slashes|stab|stabs|bash"
    r"|bashes|smash|smashes|swing|swings|throw|throws|hurl|hurls|loose|looses|launch|launches|ram|rams|target|targets"
    r"|torpedo|bomb|bombs|shell|shells|punch|punches|kick|kicks|hack|hacks|cut|cuts|burn|burns)\b"
)
_DETERMINER = r"(?:the|a|an|their|his|her|its|that|this|those|these|our|my)"
#: The target aimed at, after the attack verb: "at their engines", "on the hatch", "into the raider's hull".
_AIMED = re.compile(rf"\b(?:at|on|into|through)\s+{_DETERMINER}\s+(?P<phrase>[a-z' ]+)")
#: The one struck when nothing is aimed "at": "I shoot the raider", "I stab the guard in the side".
_STRUCK = re.compile(rf"^\s+{_DETERMINER}\s+(?P<phrase>[a-z' ]+)")
#: Where a noun phrase ends: "the main gun | at their engines", "the guard | in the side".
_PHRASE_END = re.compile(r"\b(?:at|on|in|into|onto|with|to|and|from|across|through|before|as|while|so|until|for|of|by)\b")
_WEAPONS = frozenset(
    [
        "gun",
        "guns",
        "cannon",
        "cannons",
        "rifle",
        "pistol",
        "blaster",
        "bow",
        "arrow",
        "arrows",
        "bolt",
        "bolts",
        "sword",
        "blade",
        "knife",
        "dagger",
        "axe",
        "spear",
        "shield",
        "hammer",
        "mace",
        "staff",
        "wand",
        "spell",
        "torpedo",
        "torpedoes",
        "missile",
        "missiles",
        "turret",
        "turrets",
        "laser",
        "lasers",
        "fist",
        "fists",
    ]
)
#: The target told struck, burning, destroyed or wounded.
_STRUCK_STATE = re.compile(
    r"\b(?:(?:is|are|was|were)\s+(?:now\s+|already\s+|suddenly\s+|left\s+)?(?:ablaze|aflame|on\s+fire|in\s+flames|burning"
    r"|destroyed|shattered|wrecked|crippled|disabled|damaged|smashed|in\s+pieces|in\s+ruins|torn\s+apart|blown\s+apart"
    r"|ripped\s+apart|riddled|wounded|hit|struck|breached|holed|punctured|dead|down)"
    r"|explodes?|exploded|bursts?\s+into\s+flames|burst\s+into\s+flames|catch(?:es)?\s+fire|caught\s+fire"
    r"|go(?:es)?\s+up\s+in\s+flames|went\s+up\s+in\s+flames|erupts?\s+in(?:to)?\s+flames|erupted\s+in(?:to)?\s+flames"
    r"|shatters?|crumples?|crumpled|buckles?|buckled|splinters?|splintered|disintegrates?|disintegrated)\b"
)


def _singular(noun: str) -> str:
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def targets(intent: str) -> frozenset[str]:
    """What the player's attack aims at or strikes, by its head noun (singular): "engine" for "I fire the main gun at
    their engines", "raider" for "I shoot the raider"; empty when the words declare no attack."""
    words = intent.lower()
    found: set[str] = set()
    for verb in _ATTACK.finditer(words):
        rest = words[verb.end() :]
        aimed = _AIMED.search(rest[:60])
        struck = _STRUCK.match(rest)
        for m in (aimed, struck):
            if m is None:
                continue
            phrase = _PHRASE_END.split(m.group("phrase"))[0].split()[:3]
            head = phrase[-1].removesuffix("'s") if phrase else ""
            if len(head) >= 3 and head not in _WEAPONS:
                found.add(_singular(head))
    return frozenset(found)


def check_target_struck(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The target of a missed attack told struck, burning or destroyed (see the module's docstring)."""
    if not intent or not facts.results or not facts.outcomes or facts.outcomes != {"miss"}:
        return []
    aimed = targets(intent)
    if not aimed:
        return []
    text = sentence.narr
    for m in _STRUCK_STATE.finditer(text):
        clause = re.split(r"[,;:]|\b(?:but|while|as|and\s+(?:you|your))\b", text[: m.start()])[-1]
        nouns = [_singular(n) for n in re.findall(r"[a-z]{3,}", clause)]
        if not nouns or len(clause.split()) > 9 or not set(nouns) & aimed:
            continue
        if negated(text, m.start()) or hypothetical(text[: m.end()], m.start(), m.end()):
            continue
        excerpt = " ".join((clause + m.group(0)).split())
        detail = f"'{excerpt}': the attack missed; the story tells it landing on what the player aimed at"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
