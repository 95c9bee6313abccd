"""A yes that someone is there, undone in the same story: "Are there survivors aboard?" answered yes, told as "The
survivors were taken to a secure shelter" or "they managed to escape and return home". Where the answer leaves them
is where the player finds them; the story may tell them afraid, hiding or begging to leave ("they beg you to take them
off the ship"), not gone.

The question names who (its last noun before the place: "survivors", "the relic") and where ("aboard", "here",
"inside", "still in the vault"); a sentence that names them, or opens with "they" right after one that does, and tells
them leaving (a departure told done, not wished, feared or offered) takes the yes back.
"""

from __future__ import annotations

import re

from assistant.guard.agency import IF_WORDS
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical

#: "Are there any survivors aboard?", "Are there guards in the vault?", "Is the relic still here?": who, then where (a
#: named one only with "still" or a place word of its own: "Are the guards on patrol?" asks what they do, not where).
_PRESENCE = re.compile(
    r"^\s*(?:(?:is|are)\s+there\s+(?:any\s+|some\s+|still\s+)?(?:[a-z]+\s+){0,2}?(?P<who>[a-z]+)\s+(?:still\s+|left\s+)?"
    r"(?:aboard|onboard|on\s+board|here|inside|within|alive|in|on|at)"
    r"|(?:is|are)\s+(?:the\s+|my\s+|our\s+)?(?:[a-z]+\s+){0,2}?(?P<named>[a-z]+)\s+"
    r"(?:still\s+(?:aboard|onboard|on\s+board|here|there|inside|within|in|on|at)|aboard|onboard|on\s+board|here|inside|within))\b"
)
#: Gone from where the answer put them, told as done: "escaped", "were taken to", "returned home", "made it out" (a
#: move within the place, "fled to the engine room", is not gone; a wish, "want to go home", is not done).
_GONE = re.compile(
    r"\b(?:evacuated|evacuate|evacuates"
    # an escape told out of the place, not out of a trap within it ("had managed to escape" the reactor's room)
    r"|escap\w*\s+(?:(?:off|from)\s+(?:the\s+)?(?:ship|station|wreck|derelict|vessel|base|hulk)"
    r"|in\s+(?:a|an|the)\s+(?:lifepod|escape\s+pod|pod|shuttle|lifeboat)"
    r"|(?:and|to)\s+(?:[a-z]+\s+){0,3}?(?:shelter|safety|home|the\s+surface|outside|a\s+nearby))"
    r"|(?:were|was|are|is|get|got|gets|have\s+been|had\s+been)\s+(?:all\s+|safely\s+|quickly\s+)?(?:taken|led|carried"
    r"|transferred|rescued|evacuated|airlifted|shipped|sent)\s+(?:away|off|out|to|home|from)"
    r"|(?:returned|returns|went|goes|headed|heads|sent)\s+(?:back\s+)?home"
    r"|made\s+it\s+out|got\s+away|gets\s+away|got\s+out|gets\s+out"
    r"|(?:were|was|are|is)\s+able\s+to\s+(?:flee|leave|get\s+away|get\s+out)"
    r"|managed\s+to\s+(?:flee|leave|get\s+away|get\s+out)|(?:are|were|is|was)\s+(?:long\s+)?gone)\b"
)
_PRONOUN = re.compile(r"^\W*(?:they|he|she|it|their|his|her|its)\b")
_NOT = re.compile(r"\b(?:not|never|no|none|nothing|nobody|cannot)\b|n't\b")


def check_presence_undone(sentence: Sentence, facts: Facts, question: str | None, before: str = "") -> list[Violation]:
    """After a yes to whether someone or something is at a place, ``sentence`` telling them gone from it (see the
    module docstring); ``before`` is the sentence its opening pronoun may stand for."""
    if "yes" not in facts.outcomes or not question or sentence.question:
        return []
    asked = _PRESENCE.match(question.lower())
    if asked is None:
        return []
    who = asked.group("who") or asked.group("named") or ""
    if not who or who in {"anyone", "anybody", "someone", "somebody", "one", "it"}:
        return []
    text = sentence.narr.lower()
    stem = who[:-1] if who.endswith("s") and len(who) > 4 else who  # "survivors" names "survivor" too
    named = re.compile(rf"\b{re.escape(stem)}\w*\b")
    if not named.search(text) and not (_PRONOUN.match(text) and named.search(before.lower())):
        return []
    for m in _GONE.finditer(text):
        clause_start = max(text.rfind(c, 0, m.start()) for c in ",;:")
        if _NOT.search(text[clause_start + 1 : m.start()]) or hypothetical(text, m.start(), m.end(), IF_WORDS):
            continue  # "none of them got away", "if they escaped": not told gone
        inside = re.search(r"\bstill\s+(?:in|inside|within)\s+the\s+[a-z]+", text[: m.start()])
        if inside and m.group(0).startswith("evacuat") and not re.match(r"\s+(?:the|to|off|from|in)\b", text[m.end() :]):
            continue  # "The survivors, still in the reactor, were forced to evacuate": out of the reactor, still aboard
        excerpt = " ".join(sentence.narr[max(0, clause_start + 1) : m.end()].split())
        detail = f"'{excerpt}' tells the {who} gone, but the oracle answered yes: they are {_where(asked, question)}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


def _where(asked: re.Match[str], question: str) -> str:
    """The place the question asks about, in its own words after whom it asks about ("aboard", "still in the vault")."""
    end = asked.end("who") if asked.group("who") else asked.end("named")
    return question.lower()[end:].strip().rstrip("?. ") or "there"
