"""A milestone told as a beat of the story: "You are one step closer to finding your sister.", from the vow's own
words, not in the rules' terms ("You reach a Milestone on your vow, marking progress per the rank of the vow")."""

from __future__ import annotations

import re

from assistant.engine.model import EffectKind, Result
from assistant.narrate.line_grammar import second_person
from assistant.narrate.verbs import is_verb

#: Words of the rules a player uses to name the move ("I reach a milestone on my vow"): the beat is told instead.
RULES_WORDS = re.compile(r"\b(?:milestones?|mark(?:s|ed|ing)?\s+progress|progress\s+track|per\s+the\s+rank)\b", re.I)
_IRREGULAR = {"be": "being", "see": "seeing", "flee": "fleeing", "lie": "lying", "die": "dying"}


#: The player's own words beside the rules' ("I reach a milestone: we found the sealed mine shaft", "... — we found
#: it", "we found the shaft, a milestone"): the deed the milestone is for.
_DEED_AFTER = re.compile(
    r"^\s*(?:(?:i|we)\s+)?(?:reach(?:ed|es)?|hit|mark(?:ed|s)?|make|made|got|get)?\s*(?:a|another|the|my|our|one)?\s*"
    r"milestones?\b[^:—–,-]{0,40}?\s*(?:[:—–]|\s-\s|,)\s*(?P<deed>\S.*?)[.!]*\s*$",
    re.I,
)
_DEED_BEFORE = re.compile(
    r"^\s*(?P<deed>\S.*?)\s*(?:[:—–,;]|\s-\s)\s*(?:that'?s\s+|that\s+is\s+|which\s+is\s+|it'?s\s+|it\s+is\s+)?(?:a|another|one)\s+milestones?\b.*$",
    re.I,
)


def milestone_deed(player_text: str) -> str:
    """The deed the player's words give a milestone, told as a sentence ("I reach a milestone: we found the sealed mine
    shaft" -> "You found the sealed mine shaft."), or "" when the words only name the move."""
    found = _DEED_AFTER.match(player_text) or _DEED_BEFORE.match(player_text)
    deed = " ".join(found.group("deed").split()).rstrip(".!,;") if found else ""
    if not deed or RULES_WORDS.search(deed) or len(deed.split()) < 2:
        return ""
    told = second_person(deed)
    return told[:1].upper() + told[1:] + "."


def _gerund(verb: str) -> str:
    """``find`` -> ``finding``, ``destroy`` -> ``destroying``, ``save`` -> ``saving``, ``stop`` -> ``stopping``."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low.endswith("e") and not low.endswith(("ee", "ye", "oe")):
        return low[:-1] + "ing"
    if len(low) <= 4 and re.search(r"[^aeiou][aeiou][bdgmnpt]$", low):
        return low + low[-1] + "ing"
    return low + "ing"


def step_closer(result: Result) -> str:
    """The beat of a milestone on a vow ("You are one step closer to finding your sister."), or "" for any other move
    (one with a roll, or one that marks no progress)."""
    if result.roll != "none" or "milestone" not in result.move.lower():
        return ""
    track = next((e.target for e in result.effects if e.kind == EffectKind.PROGRESS and e.target), "")
    words = second_person(" ".join(track.split()).rstrip(".!")) if track else ""
    if not words or re.search(r"\d", words):
        return "You are one step closer to what you swore."
    first, _, rest = words.partition(" ")
    if is_verb(first):
        return f"You are one step closer to {_gerund(first)}{' ' + rest if rest else ''}."
    return f"You are one step closer to what you swore: {words[:1].lower() + words[1:]}."


def progress_opening(result: Result) -> str:
    """The opening of a progress roll asked for by its name only ("I fulfill my vow"): the moment the move names, on
    the track in its own words ("The time has come to fulfill your vow: find your sister."), or "" for any other
    move. It tells no outcome: the roll that follows does."""
    if result.roll != "progress" or not result.track:
        return ""
    name = " ".join(str(result.track.get("name") or "").split()).rstrip(".!")
    move = result.move.split(" (")[0]
    if not name or not move or not is_verb(move.split()[0].lower()):
        return ""
    deed = second_person(move.lower())
    told = second_person(name)
    words = told.split()
    if len(words) > 1 and not any(w[:1].isupper() for w in words[1:]):  # "The hunter", "Deliver the medicine":
        told = told[:1].lower() + told[1:]  # mid-sentence, not a name ("Captain Voss")
    return f"The time has come to {deed}: {told}."
