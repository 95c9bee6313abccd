"""Harm or a loss told as dealt to you when the engine dealt none: "the blade hits you in the side", "a sharp pain in
your arm", "damage to your armor", "you lose all your money" on a turn whose Result changed no health, harm, stress or
coin.

A wound is a change the engine makes (a meter down, harm marked) or its outcome text tells (a move whose result is
an attack against you). When neither holds, the wound is the narrator's: before a suffer move offered next it takes
the player's choice of what to lose, and on a move that harms nobody it is a change the engine never made. A wound
the engine speaks of only in an open option ("expose yourself to the enemy's attack") is that option taken, not
allowed either. Negated, narrowly avoided or supposed wounds pass ("the shot barely misses you", "it could cut you"),
and so does a mild ache felt ("a bit of pain in your arm from the impact"): the strain of the deed, not a wound.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated, normalize_words

#: Targets of an engine change that are a wound, and those that are a loss of means: telling it is then the engine's.
_HARM_TARGETS = ("health", "hp", "harm", "integrity", "wound", "stress", "trauma", "blood")
_MEANS_TARGETS = ("coin", "cash", "money", "wealth", "stash", "supply")
#: Words of the engine's own outcome text that make a wound part of this turn's result.
_HARM_WORDS = re.compile(r"\b(?:harm\w*|damage\w*|wound\w*|hurt\w*|injur\w*|attacks?|health|hp|suffer\w* -\s?\d)\b")
_MEANS_WORDS = re.compile(r"\b(?:coin|coins|money|cash|wealth|debt|debts|pay|pays|paid|lose|loses|lost|supply)\b")
_PART = (
    r"(?:side|arm|arms|leg|legs|shoulder|shoulders|chest|head|back|ribs|hand|hands|face|cheek|thigh|stomach|gut"
    r"|neck|body|flesh|skin|foot|feet|knee|wrist|hip|jaw|brow|forehead|forearm|calf|ankle|fingers?|lip|ear|temple"
    r"|armor|armour)"  # "piercing your armor": the blow through what you wear
)
_BLOW = (
    r"(?:hits|hit|cuts|slices|sliced|slashes|slashed|stabs|stabbed|wounds|wounded|injures|injured|pierces|pierced"
    r"|grazes|grazed|gashes|gashed|bites|rakes|raked|slams into|crushes|crushed|burns|burned|scorches|scorched"
    r"|strikes|struck|smashes|smashed|punches|punched|kicks|kicked|batters|battered|lashes|lashed"
    # a plural or unnamed attacker's blow ("its claws rake your arm") and the blows a beast deals
    r"|cut|slice|slash|stab|wound|injure|pierce|graze|gash|rake|slam into|slams into|slammed into|crush|burn"
    r"|scorch|strike|smash|punch|kick|batter|lash|smack|smacks|smacked|claw|claws|clawed|gore|gores|gored|maul|mauls"
    r"|mauled|tear into|tears into|tore into|sink into|sinks into|sank into)"
)
#: The same blows told in a clause that goes on from the shot or the swing: "the harpoon gun fires, striking you in the
#: chest", "shoots through the water at you, piercing your armor" (weather's words, "lashing", "biting", "burning", are
#: left out: "the wind lashing your face" is no wound).
_BLOW_ING = (
    r"(?:hitting|cutting|slicing|slashing|stabbing|wounding|piercing|grazing|gashing|slamming\s+into|crushing|striking"
    r"|smashing|punching|kicking|battering|clawing|goring|mauling|tearing\s+into|sinking\s+into)"
)
_HARMS = (
    # a blow landing on you or a part of you: "it hits you in the side", "the bolt grazes your shoulder"
    re.compile(rf"\b{_BLOW}\s+(?:you\b(?!\s+(?:that|like|as|how)\b)|your\s+(?:\w+\s+)?{_PART}\b)"),
    re.compile(rf"\b{_BLOW_ING}\s+(?:you\b(?!\s+(?:that|like|as|how)\b)|your\s+(?:\w+\s+)?{_PART}\b)"),
    # a blade or a shot that catches a part of you: "his sword catches your arm" ("it catches you" may be a capture)
    re.compile(rf"\b(?:catch|catches|caught|catching)\s+your\s+(?:\w+\s+)?{_PART}\b"),
    # pain or a wound in a part of you: "a sharp pain in your side", "blood from your arm"
    re.compile(
        rf"\b(?:pain|wound|gash|cut|injury|bruise|blood|bleeding)\s+(?:in|on|across|from|along)\s+your\s+(?:\w+\s+)?{_PART}\b"
    ),
    # told as what happens to you: "you are wounded", "you get hit"
    re.compile(
        r"\byou\s+(?:are|were|get|got|'re|have been|had been|are being)\s+(?:\w+ly\s+)?"
        r"(?:hit|wounded|injured|hurt|cut|stabbed|shot|burned|grazed|bitten|bleeding|bloodied|struck)\b"
    ),
    # a blow that leaves you hurt: "a strong blow that leaves you bleeding and wounded"
    re.compile(
        r"\b(?:leave|leaves|left|leaving)\s+you\s+(?:\w+\s+)?"
        r"(?:bleeding|bloodied|wounded|injured|hurt|battered|bruised|scarred|reeling\s+(?:in|with)\s+pain)\b"
    ),
    # harm taken: "you take a hit", "you take a small cut to your side", "some damage to your armor"
    re.compile(
        r"\byou\s+(?:take|took|suffer|suffered)\s+(?:a\s+|an\s+|the\s+|some\s+)?(?:\w+\s+)?"
        r"(?:damage|harm|wound|wounds|hit|blow|injury|injuries|cut|cuts|gash|gashes|graze|slash|stab|bruise|bruises)\b"
        r"(?!\s+of\b)"  # "you take a cut of the loot": a share, not a wound
    ),
    re.compile(r"\b(?:damage|harm)\s+to\s+your\b"),
    # a wound dealt to you by the blow the sentence tells: "the tail smacks you, dealing a critical wound"
    re.compile(
        r"\byou\b[^.;!?]{0,60}?,?\s+(?:dealing|inflicting|leaving|causing)\s+(?:you\s+)?(?:a|an|some)\s+(?:\w+\s+){0,2}?"
        r"(?:wound|wounds|injury|injuries|gash|cut|damage|harm)\b"
    ),
    # a blow's impact felt: "you feel the impact of the hit on your side" ("the character" is you, as the sheet names it)
    re.compile(
        r"\b(?:you|the\s+character)\s+(?:\w+\s+){0,12}?(?:feel|feels|felt)\s+the\s+(?:\w+\s+)?(?:impact|sting|bite|force)"
        r"\s+of\s+(?:the|a|an|his|her|their|its)\s+(?:\w+\s+)?(?:hit|blow|strike|attack|shot|blade|arrow|bolt|punch)\s+"
        rf"(?:on|in|against|across|to)\s+(?:your|their)\s+(?:\w+\s+)?{_PART}\b"
    ),
    # means lost: "you lose all your money"
    re.compile(
        r"\byou\s+(?:lose|lost)\s+(?:all\s+|most\s+|some\s+|much\s+)?(?:of\s+)?your\s+(?:money|coin|coins|savings|purse|winnings)\b"
    ),
)
#: A mild ache felt ("a bit of pain in your arm from the impact", "a slight pain in your shoulder"): the strain of the
#: deed, a feeling rather than a wound the engine would deal.
_MILD = re.compile(r"\b(?:a\s+(?:little\s+)?bit\s+of|a\s+little|a\s+slight|slight|mild|a\s+mild|faint|a\s+faint)\s+$")
#: Words just before a wound that make it missed or nearly so ("the shot barely misses you", "almost hits you").
_NEARLY = frozenset({"almost", "nearly", "barely", "would", "could", "might", "about", "try", "tries", "trying"})


#: Damage the player deals, which hurts someone else: "You deal your damage", "deal +1d4 damage".
_YOU_DEAL = re.compile(r"\b(?:you\s+)?(?:deal|deals|dealt|inflict|inflicts)\s+(?:your\s+|\S+\s+){0,2}?damage\b")


def _engine_harms(facts: Facts, means: bool) -> bool:
    """Whether this turn's Result dealt a wound (``means``: a loss of means) as a change, or its own outcome text tells
    one outside an open option."""
    targets = _MEANS_TARGETS if means else _HARM_TARGETS
    for target, changes in facts.changes.items():
        if any(word in target for word in targets) and any(c.delta != 0 for c in changes):
            return True
    options = " | ".join(
        normalize_words(option.label) for result in facts.results for choice in result.choices for option in choice.options
    )
    for result in facts.results:
        texts = [result.text, *(str(row.get("text", "")) for row in (result.table or {}).get("rows", []))]
        for text in texts:
            dealt_by_you = _YOU_DEAL.sub(" ", normalize_words(text))  # "you deal your damage": harm to another
            for m in (_MEANS_WORDS if means else _HARM_WORDS).finditer(dealt_by_you):
                if m.group(0) not in options:
                    return True
    return False


def check_harm_told(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A wound or a loss of means told as dealt to you on a turn whose Result dealt none."""
    if not facts.results:
        return []
    narr = sentence.narr
    for n, pattern in enumerate(_HARMS):
        for m in pattern.finditer(narr):
            before = set(re.findall(r"[a-z]+", narr[max(0, m.start() - 24) : m.start()]))
            if negated(narr, m.start()) or hypothetical(narr, m.start(), m.end()) or before & _NEARLY:
                continue
            if re.search(r"\bto\s+$", narr[: m.start()]):
                continue  # "moves closer, aiming to strike you": an aim, not a blow landed
            if m.group(0).startswith("pain") and _MILD.search(narr[: m.start()]):
                continue
            if _engine_harms(facts, means=n == len(_HARMS) - 1):
                return []
            excerpt = sentence.original.strip()
            detail = (
                f"'{excerpt}' tells harm or a loss dealt to you, but the engine dealt none this turn; "
                "leave what you lose to the engine and the player"
            )
            return [Violation(ViolationKind.STATE, detail, excerpt)]
    return []


#: Harm denied: "you are unharmed", "you escape without a scratch", "you shrug off the blow".
_UNHARMED = re.compile(
    r"\byou\s+(?:are|were|remain|remained|stay|stayed|come\s+out|came\s+out|walk\s+away|walked\s+away|escape|escaped)\s+"
    r"(?:\w+ly\s+)?(?:unharmed|unhurt|unscathed|untouched|uninjured|unwounded|without\s+a\s+scratch)\b"
    r"|\byou\s+(?:take|took|suffer|suffered)\s+no\s+(?:harm|damage|wound|wounds|injury|injuries|hurt)\b"
)


def check_harm_denied(sentence: Sentence, facts: Facts) -> list[Violation]:
    """You told unharmed on a turn whose Result took health, harm or hit points from you."""
    harmed = [(t, c) for t, changes in facts.changes.items() if t in ("health", "hp", "harm") for c in changes if c.delta]
    hurt = [(t, c) for t, c in harmed if (c.delta or 0) < 0 if t != "harm"] + [(t, c) for t, c in harmed if t == "harm"]
    if not hurt or sentence.question or facts.actor:
        return []
    m = _UNHARMED.search(sentence.narr)
    if m is None or hypothetical(sentence.narr, m.start(), m.end()):
        return []
    target, change = hurt[0]
    excerpt = m.group(0).strip()
    detail = f"'{excerpt}' denies a change the engine made: {target} {change.before} to {change.after}"
    return [Violation(ViolationKind.STATE, detail, excerpt)]
