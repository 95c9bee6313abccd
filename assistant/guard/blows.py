"""A blow told landing on someone where the engine dealt no harm: "your blade grazes his shoulder" on Enter the Fray.

Whether a move harms anyone is the engine's to say: a result that marks no progress and whose text and options name no
harm, damage or defeat made no attack land, whatever the player's words were ("I fight back"). A blow told landing on
that turn tells harm the engine never dealt, in any of the shapes a story tells it:

- you, or your weapon, fist or blow, doing what lands a blow (hit, strike, graze, cut, slash, catch, find, bite into,
  connect with...) to someone: him, her, them, a foe the player named or the engine's track names, or their body
  ("You slash the raider across the arm", "Your knife finds his side", "You catch him across the ribs");
- a blow landed, dealt or scored ("You land a solid blow on his jaw", "your strike lands");
- the foe on the receiving end ("The raider is grazed by your blade", "he takes a cut to the cheek", "the cut you
  opened on his cheek").

An attempt ("you swing at him", "ready to strike him"), a negated or supposed blow ("if your blade finds him"), a blow
on a thing ("your blade cuts through the ropes") and harm to you (:mod:`assistant.guard.harm_told`) are not this check's,
nor a blow the player declared ("I shoot the raider"), whose landing on a hit is the declared deed working.
"""

from __future__ import annotations

import re
from functools import cache

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, negated, words_before

#: Verbs that tell a blow reaching its target (every form a story uses).
_LAND = (
    r"hit|hits|hitting|strikes?|struck|striking|graze[sd]?|grazing|cuts?|cutting|slice[sd]?|slicing|slash(?:es|ed|ing)?"
    r"|stab(?:s|bed|bing)?|pierce[sd]?|piercing|nick(?:s|ed)?|catch(?:es)?|caught|finds?|found|connect(?:s|ed)?"
    r"|bites?|bit|bitten|sinks?|sank|sunk|tears?|tore|rips?|ripped|smash(?:es|ed)?|slam(?:s|med)?|wound(?:s|ed)?"
    r"|injure[sd]?|crack(?:s|ed)?|gash(?:es|ed)?|batter(?:s|ed)?|punch(?:es|ed)?|kick(?:s|ed)?|club(?:s|bed)?"
    r"|bloodie[sd]|bloody|rake[sd]?|clip(?:s|ped)?|skewer(?:s|ed)?|impale[sd]?|bash(?:es|ed)?|sever(?:s|ed)?"
    r"|carve[sd]?|lacerate[sd]?|shoot|shoots|shot|lands?|landed|scores?|scored|knock(?:s|ed)?"
)
#: What you do that lands a blow on someone named after it ("you slash the raider"); finding, catching or knocking
#: someone is also met, seen or pushed ("you find him", "you catch him off guard"), so those need a weapon as subject.
_YOU_LAND = (
    r"hit|hits|strikes?|struck|graze[sd]?|cuts?|slice[sd]?|slash(?:es|ed)?|stab(?:s|bed)?|pierce[sd]?|nick(?:s|ed)?"
    r"|wound(?:s|ed)?|injure[sd]?|gash(?:es|ed)?|batter(?:s|ed)?|punch(?:es|ed)?|kick(?:s|ed)?|club(?:s|bed)?"
    r"|bloodie[sd]|bloody|rake[sd]?|clip(?:s|ped)?|skewer(?:s|ed)?|impale[sd]?|bash(?:es|ed)?|shoot|shoots|shot"
)
#: The passive of a blow received ("is grazed", "was struck").
_RECEIVED = (
    r"hit|struck|grazed|cut|sliced|slashed|stabbed|pierced|nicked|wounded|injured|gashed|battered|punched|kicked"
    r"|clubbed|bloodied|raked|clipped|skewered|impaled|bashed|shot"
)
#: What a blow is dealt with, or the blow itself: "your blade", "your fist", "your first strike".
_WEAPON = (
    r"blades?|swords?|knife|knives|daggers?|axe|spear|vibroblade|weapons?|fists?|blows?|strikes?|shots?|bullets?|arrows?"
    r"|bolts?|hammer|mace|staff|club|boot|foot|knee|elbow|punch|kick|attack|swing|thrust|slash|edge|point|tip|rifle"
    r"|pistol|blaster|round|beam|hook|jab|uppercut|counter|counterattack|riposte|lunge"
)
_BLOW_NOUN = r"blow|hit|strike|cut|slash|wound|gash|punch|kick|stab|thrust|shot|jab|hook|uppercut|graze|nick"
_BODY = (
    r"shoulders?|arms?|chest|legs?|side|flank|face|jaw|cheek|ribs?|head|neck|back|hands?|stomach|gut|belly|thighs?"
    r"|knees?|throat|temple|skull|wrists?|forearms?|hips?|armou?r|torso|brow|nose|mouth|eye|ear|calf|ankle|spine"
    r"|flesh|skin"
)
_POSSESSOR = r"(?:his|her|their|its|the\s+[a-z]+'s)"
_PRONOUN = r"him|her|them"
_SUPPOSED = re.compile(r"\b(?:if|unless|should|would|could|might|may|once|when|whenever|whether)\b")
#: The player's words declaring a blow of their own ("I shoot the raider", "I stab him"); "I fight back" declares none.
_BLOW_DECLARED = re.compile(
    r"\b(?:shoot|shoots|shot|fire|fires|stab|stabs|strike|strikes|hit|hits|slash|slashes|cut|cuts|punch|punches|kick"
    r"|kicks|swing|swings|hack|hacks|lunge|lunges\s+at\s+(?!me\b)|attack|attacks|smash|bash|thrust)\b"
)
#: "you manage to hit him", "you are able to strike him": a blow achieved, not one tried.
_ACHIEVED = re.compile(r"\b(?:manage[sd]?|managing|(?:is|are|was|were)\s+able)\s+to\s+$")
#: The result deals harm or ends the fight (its text or one of its options).
_DECIDES = re.compile(r"\b(?:harm|damage|defeat|defeated|kill|dies|die|progress|end the fight|fight ends|wound|slay)")


@cache
def _patterns(foes: frozenset[str]) -> tuple[re.Pattern[str], ...]:
    foe = "|".join(sorted(re.escape(f) for f in foes)) or "(?!x)x"
    target = rf"(?:{_PRONOUN}|(?:the|a|an)\s+(?:[a-z]+\s+)?(?:{foe})(?:'s)?|{_POSSESSOR}\s+(?:[a-z]+\s+)?(?:{_BODY}))\b"
    lead = r"(?:[a-z]+ly\s+|then\s+|finally\s+|manage[sd]?\s+to\s+|(?:are|were)\s+able\s+to\s+|just\s+)*"
    prep = r"(?:(?:into|through|across|on|onto|against|along|in|at\s+(?=the\s+base))\s+)?(?:(?:deep|right|clean)\s+)?"
    return (
        # you (verb) him / the raider / his shoulder
        re.compile(rf"\byou\s+{lead}(?P<verb>{_YOU_LAND})\s+{prep}{target}"),
        re.compile(
            rf"\byou\s+{lead}(?P<verb>catch|catches|caught)\s+{target}\s+(?:across|on|in|with)\s+(?:the|his|her|their|your)\b"
        ),
        # your blade (verb) him / into his shoulder; your blow lands; your strike connects
        re.compile(
            rf"\byour\s+(?:[a-z'-]+\s+){{0,2}}?(?:{_WEAPON})\s+{lead}(?P<verb>{_LAND})\b"
            rf"(?:\s+{prep}{target}|\s+(?:home|true|deep|deeply|its\s+mark|their\s+mark|a\s+gap)\b|\s*(?=[,.;!?]|$|\s+and\b))"
        ),
        # you land / deal / score a blow
        re.compile(
            rf"\byou\s+{lead}(?P<verb>land|lands|landed|deliver|delivered|score|scored|deal|dealt|strike|struck)\s+"
            rf"(?:a|an|the|one|another|your)\s+(?:[a-z-]+\s+){{0,2}}?(?:{_BLOW_NOUN})\b(?!\s+at\b)"
        ),
        # you strike back, dealing a heavy blow
        re.compile(
            rf"\byou\s+{lead}(?:strike|strikes|struck|hit|hits|slash|slashes|slashed|stab|stabs|stabbed|lash|lashes|lashed)"
            rf"\s+(?:back|out|{_PRONOUN}|the\s+(?:{foe}))\b[^.;!?]*?\b(?P<verb>dealing|wounding|drawing\s+blood|hitting|striking"
            r"|cutting|catching|landing|tearing|ripping|slicing|piercing|gashing)\b"
        ),
        # a blow that tears his flesh; a strike which catches the raider
        re.compile(rf"\b(?:{_BLOW_NOUN}|{_WEAPON})\s+(?:that|which)\s+(?:[a-z]+ly\s+)?(?P<verb>{_LAND})\s+{prep}{target}"),
        # he is grazed; the raider takes a cut
        re.compile(
            rf"\b(?:he|she|they|{_PRONOUN}|the\s+(?:{foe}))\s+(?:is|was|gets|got|has\s+been)\s+(?:[a-z]+ly\s+)?"
            rf"(?P<verb>{_RECEIVED})\b(?!\s+(?:off|down|out)\b|\s+by\s+(?:a|an|the)\s+(?:sudden\s+)?(?:thought|reali[sz]ation"
            r"|idea|sense|feeling|memory|wave|doubt|fear|urge|sight|sound)\b)"
        ),
        re.compile(
            rf"\b(?:he|she|the\s+(?:{foe}))\s+(?:takes|took|suffers|suffered|receives|received)\s+(?:a|an|the|your)\s+"
            rf"(?:[a-z-]+\s+){{0,2}}?(?P<verb>{_BLOW_NOUN})\b"
        ),
        # the cut you opened on his cheek; drawing first blood
        re.compile(rf"\b(?:{_BLOW_NOUN})\s+you\s+(?P<verb>opened|gave|left|inflicted|dealt|landed)\b"),
        re.compile(r"\b(?P<verb>draw|draws|drew|drawing)\s+(?:first\s+)?blood\b"),
        # the foe bleeding from it: "blood sprays from the raider's arm"
        re.compile(
            rf"\bblood\s+(?P<verb>sprays|sprayed|spurts|spurted|flows|flowed|pours|poured|wells|welled|runs|ran|streams"
            rf"|streamed)\s+(?:down\s+|out\s+)?(?:from\s+)?(?:the\s+(?:{foe})'s|his|her|their)\s+(?:[a-z]+\s+)?(?:{_BODY})\b"
        ),
    )


def no_harm_decided(facts: Facts) -> bool:
    """A rolled tier whose result dealt no harm: no progress marked, and its text, move and options name no harm."""
    if not facts.results or not facts.tiered:
        return False
    if any(c.delta or c.marks for c in facts.changes.get("progress", [])):  # a track opened at 0 marks nothing
        return False
    told = " ".join(f"{r.text} {r.move} " + " ".join(o.label for c in r.choices for o in c.options) for r in facts.results)
    return not _DECIDES.search(told.lower())


def foes_of(facts: Facts, intent: str | None) -> frozenset[str]:
    """The foes a story may name: nouns the player put an article before, and the engine's tracks' names."""
    names = [intent or ""] + [str((r.track or {}).get("name", "")) for r in facts.results]
    found = set(re.findall(r"\b(?:the|a|an|your|my)\s+([a-z]{3,})\b", " ".join(names).lower()))
    return frozenset(found - {"way", "door", "fray", "fight", "shadows", "dark", "room", "floor", "ground"})


def check_blow_landed(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A blow told landing on someone on a roll whose result dealt no harm."""
    if not no_harm_decided(facts) or _BLOW_DECLARED.search((intent or "").lower()):
        return []  # "I shoot the raider": on a hit, the shot finding its mark is the declared deed working
    text = sentence.narr
    for pattern in _patterns(foes_of(facts, intent)):
        for m in pattern.finditer(text):
            at = m.start()
            if negated(text, at) or HYPOTHETICAL & set(words_before(text, at, 5)) or _SUPPOSED.search(text[:at]):
                continue  # "you do not hit him", "ready to strike him", "if you press on, your blade cuts into him"
            verb = m.start("verb")
            tried = re.search(r"\b(?:to|at)\s+$", text[:verb]) and not _ACHIEVED.search(text[:verb])
            if negated(text, verb, 2) or tried:
                continue  # "your blade fails to bite", "you try to strike him" ("you manage to hit him" lands)
            excerpt = " ".join(m.group(0).split())
            detail = f"'{excerpt}': the engine dealt no harm this turn; a blow landing is a roll still to come"
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
