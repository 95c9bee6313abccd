"""Two outcomes told the other way in plain nouns, read once per sentence:

- on a hit, the attempt itself told failing: "the sabotage attempt fails", "your plan falls apart", "the bribe is
  foiled" (the player's effort named by a noun, so :func:`assistant.guard.contrary.check_hit_failed`, which reads the
  player's verbs, does not see it);
- on Pay the Price, a loss the table rolled for you told as another's: "Something of value is lost or destroyed, the
  cult's treasure chest collapses", "the raider's ship, its hull cracked". The price is yours to pay; a loss put on
  the foe turns it into a gain.

- on a miss or a price, the trouble told away: "nothing stands out as threatening or dangerous", "everything seems
  calm" right after "The situation sours".

A supposition ("if the plan fails"), a denial ("the plan does not fail") and a turn after it ("fails at first, but then
holds"; "all seems quiet, until…") pass.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.outcomes import HIT
from assistant.guard.text import OUTCOME_HYPOTHETICAL, Sentence, hypothetical, negated

#: The player's effort named by a noun, and that noun told failing.
_EFFORT = r"(?:attempt|attempts|effort|efforts|plan|plans|scheme|gambit|ploy|bid|try|sabotage|bribe|ruse|trick|deception)"
_FAILS = (
    r"(?:fails|failed|falls\s+apart|fell\s+apart|is\s+foiled|was\s+foiled|comes\s+to\s+nothing|came\s+to\s+nothing"
    r"|goes\s+awry|went\s+awry|backfires|backfired|is\s+thwarted|was\s+thwarted|collapses|collapsed|falls\s+flat|fell\s+flat)"
)
_ATTEMPT_FAILS = re.compile(rf"\b(?:the|your|this|our)\s+(?:[a-z'-]+\s+){{0,2}}?{_EFFORT}\s+(?:\w+ly\s+)?{_FAILS}\b")
_TURNS = re.compile(r"\b(?:but|until|then|yet|at first|eventually|instead)\b")

#: A Pay the Price row that takes something from you.
_LOSS_ROW = re.compile(r"\b(?:lost|destroyed|lose|loses|broken|damaged|ruined)\b")
#: Someone else's thing, and it ruined: "the cult's treasure chest collapses", "their ship, its hull cracked".
_THEIRS_RUINED = re.compile(
    r"\b(?:the\s+)?(?P<owner>[a-z]+'s|his|her|their)\s+(?:[a-z-]+\s+){0,2}?(?P<thing>[a-z]+)\b[^.;!?]{0,60}?"
    r"\b(?:collapses|collapsed|is\s+lost|was\s+lost|is\s+destroyed|was\s+destroyed|breaks|broke|broken|shatters|shattered"
    r"|torn|cracked|cracks|sinks|sank|burns|burned|smashed|ruined|crumbles|crumbled|explodes|exploded|destroyed)\b"
)
_YOURS = frozenset({"your", "you", "yours"})


def check_attempt_fails(sentence: Sentence, facts: Facts) -> list[Violation]:
    """On a hit, the player's effort named by a noun and told failing ("the sabotage attempt fails")."""
    tiers = {o for o in facts.outcomes if o not in ("none", "yes", "no")}
    if not tiers or not tiers <= HIT or sentence.question:
        return []
    text = sentence.narr
    for m in _ATTEMPT_FAILS.finditer(text):
        if negated(text, m.start(), 3) or re.search(r"\b(?:not|never)\b|n't\b", m.group(0)):
            continue
        if re.search(r"[a-z](?:'s|s')\s", m.group(0)):
            continue  # "the smugglers' plan falls apart": a foe's effort failing is the hit told
        if hypothetical(text, m.start(), m.end(), OUTCOME_HYPOTHETICAL) or _TURNS.search(text[m.end() :]):
            continue
        excerpt = " ".join(m.group(0).split())
        tier = " and ".join(sorted(t.replace("_", " ") for t in tiers))
        detail = f"'{excerpt}' tells the attempt failing, but the engine's outcome is a {tier}"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


def check_price_on_another(sentence: Sentence, facts: Facts) -> list[Violation]:
    """On Pay the Price with a loss rolled for you, the loss told as someone else's thing ruined."""
    if "pay the price" not in facts.moves or sentence.question:
        return []
    rows = [str(row.get("text", "")) for r in facts.results for row in (r.table or {}).get("rows", [])]
    if not any(_LOSS_ROW.search(row.lower()) for row in rows):
        return []
    text = sentence.narr
    for m in _THEIRS_RUINED.finditer(text):
        if m.group("owner") in _YOURS or negated(text, m.start(), 3) or hypothetical(text, m.start(), m.end()):
            continue
        excerpt = " ".join((sentence.raw or sentence.original)[m.start() : m.end()].split()) or m.group(0)
        detail = f"'{excerpt}' tells the price as another's loss, but the price is yours to pay: what you lose is the story"
        return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


#: The scene told untroubled: "nothing stands out as threatening", "everything seems calm", "all is quiet".
_CALM = re.compile(
    r"\bnothing\s+(?:\w+\s+){0,2}?(?:stands\s+out|seems|appears|looks)\s+(?:\w+\s+){0,2}?"
    r"(?:threatening|dangerous|amiss|wrong|out\s+of\s+place|unusual|suspicious)"
    r"|\beverything\s+(?:seems|appears|looks|is)\s+(?:\w+\s+)?(?:normal|calm|quiet|peaceful|safe|in\s+order)\b"
    r"|\ball\s+(?:is|seems|looks)\s+(?:calm|quiet|well|safe)\b"
)
_THEN = re.compile(r"\b(?:but|until|then|suddenly|yet|at\s+first|for\s+now|for\s+a\s+moment)\b")


def check_trouble_told_away(sentence: Sentence, facts: Facts) -> list[Violation]:
    """On a miss or a price, the scene told untroubled (see the module's docstring)."""
    if not ({"miss"} & set(facts.outcomes) or "pay the price" in facts.moves) or sentence.question:
        return []
    text = sentence.narr
    m = _CALM.search(text)
    if m is None or _THEN.search(text[m.end() :]):
        return []
    if re.search(r"\b(?:if|would|could|might|may|unless|whether)\b[^,;]*$", text[: m.start()]):
        return []  # "if everything seems calm": a supposition
    if re.search(r"\b(?:at\s+first|for\s+now|for\s+a\s+moment)\b", text[: m.start()]):
        return []
    excerpt = " ".join(m.group(0).split())
    detail = f"'{excerpt}' tells the scene untroubled, but the engine's outcome makes the situation worse"
    return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
