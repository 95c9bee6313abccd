"""A vow told as already pursued: "You set out to find your sister on the Wayfarer station." after "I swear an iron
vow to find my sister".

Swearing the vow is the player's deed this turn; going after what it promises is the next deed, and the player's to
declare (as "You start your journey to find your sister" is, :mod:`assistant.guard.declared`). The engine's opening
names the oath itself ("You go all in to swear an iron vow to find your sister"); a story that has the character set
out or head off *to do what the vow promises* somewhere the player never named ("to find your sister on the Wayfarer
station") takes that next deed for the player: a journey begun. Set 4 and 5 labels let "You set out to find your
sister." and "You go all in to find her." stand as the vow's resolve, so with no place named it is left alone. The vow's
words told again ("you swear to find her", "your vow to find her burns in you"), resolve ("you are determined to find
her") and a supposition ("you will set out to find her") pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, negated, words_before

#: The player's words that make the deed a vow, and what it promises after them: "swear an iron vow to find my sister".
_VOW = re.compile(
    r"\b(?:swear|swears|vow|vows|pledge|pledges|promise|promises|oath)\b[^.;!?]*?\bto\s+(?P<verb>[a-z]+)(?P<rest>[^.;!?]*)"
)
#: Setting off to do something: "you set out to", "you go all in to", "you head off to".
_SETTING_OFF = (
    r"\byou\s+(?:[a-z]+ly\s+|now\s+|then\s+|immediately\s+)?(?:set\s+out|set\s+off|go\s+all\s+in|went\s+all\s+in|head\s+out"
    r"|head\s+off|headed\s+out|headed\s+off|leave|left|depart|departed|rush\s+off|hurry\s+off|hurried\s+off"
    r"|race\s+off|raced\s+off)\s+(?:at\s+once\s+)?(?:in\s+order\s+)?to\s+"
)
#: The vow's own words in the clause before: "you swear that you will set out to find her".
#: A place named after it, in the story's own capitals: "on the Wayfarer station", "to Gloomhaven".
_PLACE = re.compile(r"^[^,;:.!?]*?\b(?:on|at|in|to|toward|towards|into|aboard|for)\s+(?:the\s+)?(?P<place>[A-Z][a-z]+)")
_SWEARING = re.compile(r"\b(?:swear|swore|sworn|vow|vowed|pledge|pledged|promise|promised|oath)\b[^,;.!?]*$")


def _promised(intent: str | None) -> str:
    """The verb of what the player's vow promises ("find"), or "" when the declared deed is no vow."""
    m = _VOW.search((intent or "").lower())
    return m.group("verb") if m and len(m.group("verb")) > 2 else ""


def check_vow_pursued(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """A sentence that sets the character off to do what the sworn vow promises (see the module's docstring)."""
    verb = _promised(intent)
    if not verb or not facts.results or sentence.question:
        return []
    raw = sentence.raw or sentence.original
    text = raw.lower()
    for m in re.finditer(rf"{_SETTING_OFF}{re.escape(verb)}\b", text):
        if negated(text, m.start(), 4) or HYPOTHETICAL & set(words_before(text, m.start(), 4)):
            continue  # "you will set out to find her", "you do not yet set out"
        if _SWEARING.search(text[: m.start()]):
            continue  # "you swear that you will set out to find her": the vow's words
        place = _PLACE.match(raw[m.end() :])
        if place is None or place.group("place").lower() in (intent or "").lower():
            continue  # "you set out to find her": the vow's resolve; the place the player named is the vow's own
        excerpt = " ".join(raw[m.start() : m.end() + place.end()].split())
        detail = (
            f"'{excerpt}': the player swore the vow ('{intent}'); going after what it promises is their next deed to "
            "declare, not this turn's"
        )
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []


#: The past forms of verbs a vow promises that do not take -ed ("find" -> "found").
_PAST = {
    "find": "found",
    "bring": "brought",
    "catch": "caught",
    "seek": "sought",
    "win": "won",
    "make": "made",
    "take": "took|taken",
    "get": "got|gotten",
    "keep": "kept",
    "hold": "held",
    "build": "built",
    "lead": "led",
    "pay": "paid",
    "slay": "slew|slain",
    "break": "broke|broken",
    "tell": "told",
    "give": "gave|given",
    "see": "saw|seen",
    "drive": "drove|driven",
    "beat": "beaten",
    "bear": "bore|borne",
    "steal": "stole|stolen",
    "fight": "fought",
    "teach": "taught",
    "buy": "bought",
    "sell": "sold",
    "send": "sent",
    "meet": "met",
    "hunt": "hunted",
}
#: What makes the promised verb no deed done: the vow's own words, an aim, a modal, a condition, a denial.
_NOT_DONE = frozenset(
    re.findall(
        r"\S+",
        "to will would must shall should can could may might until unless if when once before whenever not never no "
        "n't cannot can't won't yet vow vows swear swears sworn promise promises pledge oath determined",
    )
)


#: Verbs that promise the same thing got: a vow to recover the flight recorder is kept when it is found.
_GETTING = frozenset({"find", "recover", "retrieve", "reclaim", "locate", "regain", "salvage"})


#: A clause that pictures the thing rather than tells it got: "you picture the relic's weight in your hand".
_IMAGINED = re.compile(
    r"\b(?:picture|pictures|pictured|imagine|imagines|imagined|dream|dreams|dreamed|envision|envisions|think\s+of"
    r"|thinks\s+of|already\s+feel|can\s+almost)\b[^.;!?]*$"
)


def _held(head: str) -> str:
    """What a vow to get something seeks told as held: "the relic's weight heavy in your hand", "the relic in your grip",
    "you clutch the relic" (groups ``held`` and ``holding``)."""
    thing = rf"{re.escape(head)}s?(?:'s)?"
    return (
        rf"(?P<held>\b{thing}\s+(?:[a-z]+\s+){{0,3}}?(?:in|into|within)\s+your\s+(?:\w+\s+)?"
        r"(?:hand|hands|grip|grasp|palm|palms|arms|fingers|possession)\b)"
        rf"|(?P<holding>\byou\s+(?:now\s+|finally\s+)?(?:hold|holds|clutch|clutches|grip|grips|grasp|grasps|carry|carries)"
        rf"\s+(?:the|your)\s+(?:[a-z'-]+\s+)?{thing}\b)"
    )


def _forms(verb: str) -> str:
    """The promised verb in any tense ("find|finds|found"), as a regex alternation; a vow to get something back is
    kept by any of :data:`_GETTING` ("The Halcyon's flight recorder is found" keeps a vow to recover it)."""
    if verb in _GETTING:
        return "|".join(_one_forms(v) for v in sorted(_GETTING))
    return _one_forms(verb)


def _one_forms(verb: str) -> str:
    stem = verb[:-1] if verb.endswith("e") else verb
    es = "es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s"
    regular = f"{verb}|{verb}{es}|{stem}ed"
    return f"{regular}|{_PAST[verb]}" if verb in _PAST else regular


def _vowed_to_whom(intent: str | None) -> tuple[str, str]:
    """The verb the vow promises and the head of what it is done to: ("find", "sister"), or ("", "")."""
    m = _VOW.search((intent or "").lower())
    if not m or len(m.group("verb")) < 3:
        return "", ""
    # "the miners of Bleakhold" -> miners: the last word before a preposition or the end
    phrase = re.split(r"\b(?:of|on|at|in|from|to|for|with|before|after|aboard|across|by|and|who|that)\b", m.group("rest"))[0]
    words = [w for w in re.findall(r"[a-z'-]+", phrase) if w not in ("my", "our", "the", "a", "an", "his", "her", "their")]
    return m.group("verb"), (words[-1].removesuffix("'s") if words else "")


def check_vow_kept(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The vow just sworn told as already kept: "You find your sister on the Wayfarer station", "Your sister is found",
    "you free them at last" after "I swear an iron vow to find my sister" (or to free the miners). Swearing is the deed
    of this turn; what the vow promises is the story still ahead, the player's deeds and rolls to come. The promised verb
    in the vow's own words, an aim ("to find her"), a modal or condition ("you will find her", "until you find her") and
    a denial pass."""
    verb, head = _vowed_to_whom(intent)
    if not verb or not head or not facts.results or sentence.question:
        return []
    raw = sentence.raw or sentence.original
    text = raw.lower()
    forms = _forms(verb)
    obj = rf"(?:(?:your|the|my|our|his|her|their|a|an)\s+)?(?:[a-z'-]+\s+)?{re.escape(head)}s?\b|\b(?:her|him|them)\b"
    kept = re.compile(
        rf"\b(?P<verb>{forms})\s+(?:{obj})"  # "you find your sister", "you found her"
        rf"|\b{re.escape(head)}s?\s+(?:is|was|are|were|has\s+been|have\s+been|had\s+been)\s+(?:finally\s+|at\s+last\s+)?"
        rf"(?P<passive>{forms})\b"  # "your sister is found"
        + (rf"|{_held(head)}" if verb in _GETTING else "")  # "the relic's weight heavy in your hand"
    )
    for m in kept.finditer(text):
        if m.groupdict().get("held") or m.groupdict().get("holding"):  # the groups exist only for a vow to get
            at = m.start()
            if negated(text, at, 4) or set(words_before(text, at, 4)) & (_NOT_DONE | HYPOTHETICAL):
                continue  # "not yet in your hand", "until the relic is in your hand"
            if _IMAGINED.search(text[:at]) or re.search(r"\b(?:not|never|no\s+longer)\b|n't\b", m.group(0)):
                continue  # "you picture the relic's weight in your hand", "the relic is not yet in your hands"
            excerpt = " ".join(raw[m.start() : m.end()].split())
            detail = (
                f"'{excerpt}' tells what the vow just sworn ('{intent}') seeks as already in your hands; getting it is "
                "the story ahead, the player's deeds and rolls to come"
            )
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
        at = m.start("verb") if m.group("verb") else m.start("passive")
        promised = (verb, *(_GETTING if verb in _GETTING else ()))
        if m.group("verb") in promised and not re.search(r"\byou\s+(?:[a-z]+ly\s+|then\s+|at\s+last\s+)?$", text[:at]):
            continue  # "what you must do next: find your sister", the track "Find my sister": the task named, not done
        before = set(words_before(text, at if m.group("verb") else m.start(), 4))
        if before & (_NOT_DONE | HYPOTHETICAL) or negated(text, m.start(), 4) or _SWEARING.search(text[: m.start()]):
            continue
        excerpt = " ".join(raw[m.start() : m.end()].split())
        detail = (
            f"'{excerpt}' tells the vow just sworn ('{intent}') as already kept; what it promises is the story ahead, "
            "the player's deeds and rolls to come"
        )
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
