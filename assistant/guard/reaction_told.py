"""The reaction on the panel told as picked: "The apprentice, wary of the risk, reluctantly carries the message." after
"I order the apprentice to carry a message to the Brass Circle" rolled a weak hit of Direct Someone to Act, whose
weak reaction (they comply and pick a consequence, ask for pay, for safety, comply in a lesser way…) is still a choice
on the panel beside the story.

The one directed doing what they were asked (the asked verb with its object, "carries the message") is one of those
reactions taken for the player. Once the player has chosen (no reaction left open) the deed may be told; a supposition
("he may carry it"), a denial and the player's own words pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated

#: "order the apprentice to carry a message", "bribe a dockhand to show me the warehouse": the asked deed's verb.
_ASKED = re.compile(
    r"\b(?:order|orders|tell|tells|ask|asks|bribe|bribes|convince|convinces|persuade|persuades|get|gets|threaten"
    r"|threatens|direct|directs|command|commands|pay|pays|urge|urges|send|sends)\s+(?:[a-z'-]+\s+){1,4}?to\s+"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^.;!?]*)"
)
_FILLER = frozenset({"a", "an", "the", "me", "us", "my", "our", "him", "her", "them", "his", "their", "it", "its", "some"})
_IRREGULAR = {
    "show": "shown", "bring": "brought", "take": "took|taken", "give": "gave|given", "lead": "led", "tell": "told",
    "send": "sent", "find": "found", "leave": "left", "keep": "kept", "run": "ran", "go": "went|goes", "get": "got",
    "open": "opened", "do": "did|does",
}  # fmt: skip


def _told_forms(verb: str) -> str:
    """The asked verb as someone else does it ("carries", "carried", "is carrying"), never its bare form."""
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        forms = [f"{verb[:-1]}ies", f"{verb[:-1]}ied"]
    elif verb.endswith("e"):
        forms = [f"{verb}s", f"{verb}d"]
    else:
        es = "es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s"
        forms = [f"{verb}{es}", f"{verb}ed"]
    stem = verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb
    forms += [rf"(?:is|are|was|were)\s+{stem}ing"]
    return "|".join([*forms, _IRREGULAR.get(verb, "")]).strip("|")


def check_reaction_told(sentence: Sentence, facts: Facts, intent: str | None) -> list[Violation]:
    """The one directed told doing the asked deed while their reaction is still a choice on the panel."""
    if sentence.question or not any("reaction" in c.id for r in facts.results for c in r.choices):
        return []
    m = _ASKED.search((intent or "").lower())
    if not m or len(m.group("verb")) < 3:
        return []
    what = [w for w in re.findall(r"[a-z]+", m.group("rest")) if w not in _FILLER]
    if not what:
        return []
    thing = re.escape(what[0][:5])  # the asked deed's object: "carry a message" -> messa, "look the other way" -> other
    text = sentence.narr
    for found in re.finditer(rf"\b(?:{_told_forms(m.group('verb'))})\b", text):
        if not re.search(rf"\b{thing}", text[found.end() : found.end() + 40]):
            continue  # "the captain looks at you" after "bribe him to look the other way": not the asked deed
        if re.search(r"\b(?:you|i|we)\s+(?:\w+ly\s+)?$", text[: found.start()]):
            continue  # "you carry the message": the player's deed, not the reaction
        if negated(text, found.start(), 3) or hypothetical(text, found.start(), found.end(), OUTCOME_HYPOTHETICAL):
            continue
        excerpt = " ".join((sentence.raw or sentence.original).split())
        detail = (
            f"'{excerpt}' tells how they react ('{found.group(0)}'), but their reaction is the player's pick on the panel "
            "beside the story; end before it"
        )
        return [Violation(ViolationKind.DECISION, detail, excerpt)]
    return []
