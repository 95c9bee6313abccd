"""Harm that reaches you or what is yours, told on a turn whose Result hurt no one, read by the sentence's shape rather
than by the blows it was shown: "You fall through and break your leg", "hitting the forward cannons of your corvette",
"the shot is deflected by your ship's shields".

The checks written from one labelled set's misses listed the blows and the body parts those misses used ("striking
you in the chest", "piercing your armor") and caught none of the next set's, which were told with other verbs and
other things of yours. This reads any verb of physical harm, taken whole from a general classification of English
verbs (contact by impact, poking, cutting, breaking, destroying, bodily harm; Levin's verb classes 18, 19, 21, 40.8.3,
44 and 45.1), whose object is you or anything of yours (your leg, your ship's hull, the cannons of your corvette), a
thing of yours told broken or damaged, and an attack met and stopped by something of yours; "you" as the one who
harms only when the harm is to a part of your own body ("you twist your ankle").

Not harm: the same verbs in their other senses (a thought that strikes you, a scent that hits you, the wind that
whips your cloak, breaking your silence or your fall, cutting you off), an aim that has not landed ("fires at you":
the world pressing, as the labelling standard lets a swing at you pass), and anything negated, supposed or nearly
so. On a turn whose Result dealt a wound, took health or names an attack in its own text, harm told is the engine's.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.harm_told import _PART, _engine_harms
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

#: Verbs of physical harm by class, base form and irregular forms (the regular ones are made below).
_HARM_VERBS = {
    # contact by impact (hit, swat and spank verbs)
    "bash", "batter", "beat", "beaten", "hammer", "hit", "kick", "lash", "pound", "slap", "smack", "smash", "strike",
    "struck", "stricken", "thump", "whack", "slam", "bite", "bit", "bitten", "claw", "punch", "shoot", "shot", "stab",
    "swipe", "bludgeon", "club", "clobber", "pummel", "thrash", "whip", "cuff",
    # poking and cutting (poke and carve verbs)
    "dig", "dug", "jab", "pierce", "prick", "gouge", "slash", "slice", "dent", "gash", "nick", "cut", "carve",
    # breaking and destroying (break and destroy verbs)
    "break", "broke", "broken", "crack", "crush", "fracture", "rip", "shatter", "splinter", "split", "tear", "tore",
    "torn", "demolish", "destroy", "devastate", "wreck", "breach", "damage",
    # bodily harm (hurt verbs)
    "bruise", "burn", "burnt", "hurt", "injure", "wound", "scald", "sprain", "twist", "wrench", "rupture", "maim",
}  # fmt: skip
#: Verbs whose subject may be the one harmed ("you break your leg", "you twist your ankle").
_SELF_HARM = {"break", "broke", "broken", "bruise", "burn", "burnt", "cut", "fracture", "hurt", "injure", "nick",
              "scald", "sprain", "twist", "wrench", "rupture", "gash", "wound", "split", "crack"}  # fmt: skip


def _forms(verb: str) -> set[str]:
    """The regular forms of a verb: strike, strikes, striking, struck (irregular ones are listed)."""
    forms = {verb}
    if verb.endswith(("en", "ck", "sh", "ch", "ss", "x", "z")) or not verb.endswith("e"):
        forms |= {verb + ("es" if verb.endswith(("sh", "ch", "ss", "x", "z")) else "s"), verb + "ed", verb + "ing"}
    else:
        forms |= {verb + "s", verb + "d", verb[:-1] + "ing"}
    if re.fullmatch(r"[a-z]*[^aeiou][aeiou][bdgmnpt]", verb) and not verb.endswith(("en", "on")):
        forms |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}  # stab -> stabbed, dig -> digging, hit -> hitting
    return forms


_ALL = {f: v for v in _HARM_VERBS for f in _forms(v)}
_SELF = {f for v in _SELF_HARM for f in _forms(v)}
_VERB = "|".join(sorted(_ALL, key=len, reverse=True))
#: Things of yours that harm cannot reach as a wound: the mind and its states, a course or a plan, a cover or a fall.
_ABSTRACT = frozenset({
    "mind", "thoughts", "thought", "attention", "concentration", "focus", "resolve", "will", "plan", "plans", "name",
    "voice", "words", "word", "way", "path", "spirit", "spirits", "heart", "pride", "confidence", "trust", "hope",
    "hopes", "cover", "silence", "reverie", "trance", "patience", "nerve", "nerves", "fall", "grip", "hold", "mood",
    "composure", "train", "sleep", "dreams", "dream", "luck", "chances", "chance", "reputation", "story", "view",
    "sight", "line", "ears", "ear", "nose", "nostrils", "senses", "eyes", "gaze", "hair", "cloak", "coat", "tongue",
    "throat", "lips"
})  # fmt: skip
#: Subjects of those verbs' other senses: a thought that strikes you, the wind that whips your face, a scent, a look.
_NOT_A_BLOW = re.compile(
    r"\b(?:thought|thoughts|idea|realization|realisation|memory|memories|truth|fear|feeling|sense|doubt|guilt|pang|"
    r"wave|wind|winds|breeze|gust|air|cold|chill|rain|snow|sleet|light|sun|sunlight|glare|smell|scent|stench|odor|"
    r"odour|sound|noise|voice|scream|cry|music|smoke|heat|spray|gaze|stare|look|glance|eyes|words|question|it)\b"
)
#: The verb, then you or a thing of yours (possibly "the cannons of your corvette", "into your side").
_REACHES = re.compile(
    rf"\b(?P<verb>{_VERB})\s+(?:(?:into|through|across|against)\s+)?"
    r"(?:(?P<you>you)\b(?!\s+(?:that|like|as|how|off|up|a|an|one|with|deal|dealt|do|did|inflict|cause|caused)\b)"
    r"|(?:(?:the|a|an|one|some|both)\s+(?:[a-z'-]+\s+){0,3}?of\s+)?your\s+(?P<what>(?:[a-z'-]+\s+){0,3}?[a-z'-]+))"
)
#: A thing of yours told broken: "your leg is broken", "your hull was breached".
_YOURS_BROKEN = re.compile(
    rf"\byour\s+(?P<what>(?:[a-z'-]+\s+){{0,3}}?[a-z'-]+)\s+(?:is|was|are|were|has been|have been|gets|got|had been)\s+"
    rf"(?:\w+ly\s+)?(?P<verb>{_VERB})\b"
)
#: An attack met and stopped by something of yours: "the shot is deflected by your ship's shields".
_ATTACK = r"(?:shot|shots|blow|blows|attack|attacks|strike|bolt|bolts|arrow|arrows|blast|blasts|volley|round|rounds|swing)"
_STOPPED = re.compile(
    rf"\b{_ATTACK}\s+(?:is|was|are|were|gets|got)?\s*(?:\w+ly\s+)?(?:deflected|blocked|parried|absorbed|stopped|"
    r"turned\s+aside|caught)\s+by\s+your\b"
    rf"|\byour\s+(?:(?!and\b)[a-z'-]+\s+){{0,2}}?(?:deflects?|deflected|blocks?|blocked|absorbs?|absorbed|stops?|stopped)\s+"
    rf"(?:the|a|an|his|her|their|its)\s+(?:\w+\s+)?{_ATTACK}\b"
)
#: Words just before the harm that make it missed, aimed or supposed ("barely misses", "tries to hit you").
_NEARLY = frozenset(
    {"almost", "nearly", "barely", "would", "could", "might", "about", "try", "tries", "trying", "to", "like"}
)  # "like a knife slicing through your skin": a simile for a pain, not a blow
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "his", "her", "their", "its", "my", "our", "each", "every"})
_BODY = re.compile(rf"^(?:\w+\s+)*?{_PART}$")


def _harm_at(sentence: Sentence) -> re.Match[str] | None:
    narr = sentence.narr
    for pattern in (_REACHES, _YOURS_BROKEN, _STOPPED):
        for m in pattern.finditer(narr):
            start = m.start("verb") if "verb" in pattern.groupindex and m.group("verb") else m.start()
            if negated(narr, start) or hypothetical(narr, start, m.end()):
                continue
            before = narr[max(0, start - 40) : start]
            words = re.findall(r"[a-z']+", before)
            if set(words[-3:]) & _NEARLY:
                continue
            if pattern is _REACHES and words and words[-1] in _DETERMINERS:
                continue  # the word as a noun: "the cut you opened on his cheek", "the wound you opened"
            what = (m.group("what") or "") if "what" in pattern.groupindex else ""
            head = what.split()[-1] if what else ""
            if head in _ABSTRACT or what.startswith("own ") and head in _ABSTRACT:
                continue
            if pattern is _REACHES:
                if re.search(r"\byour\s+(?:[a-z'-]+\s+){0,2}$", before):
                    continue  # a thing of yours that does it: "your heart pounding in your chest"
                clause_subject = re.split(r"[,;:]|\band\b(?!\s+(?:you|your))", before)[-1]
                if _NOT_A_BLOW.search(clause_subject):
                    continue
                by_you = bool(re.search(r"\byou(?:\s+\w+ly)?(?:\s+\w+){0,1}\s*$", before)) or (
                    bool(words) and words[-1] in ("and", "then") and "you" in words[-8:]
                )
                if by_you and not (m.group("verb") in _SELF and not m.group("you") and _BODY.match(what)):
                    continue  # your own deed ("you slam your fist on the table"), unless a wound to your own body
                if m.group("you") and by_you:
                    continue
            return m
    return None


#: The player's own words setting up a blow at them ("A raider lunges at me with a vibroblade; I fight back"): the story
#: may tell it met, as the labelling standard lets it.
_SET_UP = re.compile(r"\b(?:at|on|toward|towards)\s+(?:me|us)\b|\b(?:attacks?|hits?|strikes?|shoots?)\s+(?:me|us)\b")


def check_harm_reaches(sentence: Sentence, facts: Facts, intent: str | None = None) -> list[Violation]:
    """Harm told reaching you or what is yours (a wound, a thing of yours broken, an attack your shields stop) on a
    turn whose Result hurt no one and whose player did not set up a blow at themselves."""
    if not facts.results or sentence.question or _SET_UP.search((intent or "").lower()):
        return []
    m = _harm_at(sentence)
    if m is None or _engine_harms(facts, means=False):
        return []
    excerpt = sentence.original.strip()
    detail = (
        f"'{excerpt}' tells harm reaching you or what is yours, but the engine dealt none this turn; "
        "tell the world pressing, and leave what you lose to the engine and the player"
    )
    return [Violation(ViolationKind.STATE, detail, excerpt)]
