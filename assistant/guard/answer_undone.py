"""An oracle's answer, told by the engine as the story's first sentence, taken back by the sentence the model adds.

Two families, read from the engine's own sentence of this turn (its opening), not from the question:

- **Nobody there, then someone there.** "Nothing is watching you from the canopy." is followed by "you notice the
  shadow of a figure moving across the canopy": an unnamed presence (a figure, a shape, someone moving, a pair of eyes)
  shown right after the answer that there is none. Only answers about being there or watching (watching, following,
  hiding, lurking, waiting, there, nearby…) are read: "No one is awake." says nothing of a figure asleep in a chair.
- **Yes, then stopped.** "The flower girl runs to the watch." is followed by "The flower girl stops running as she
  hears someone approaching": the one the answer is about told stopping, halting, turning back or changing their mind,
  which turns the yes into a no. A later turn may tell it (the world moves on); the turn of the answer may not.

Negated or supposed tellings pass ("nothing moves", "as if something were there", "she does not stop").
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import Sentence, hypothetical, negated

#: "Nothing is watching you from the canopy.", "No one is following you.", "Nobody is hiding in the hold."
_NOBODY = re.compile(
    r"^\s*(?:nothing|no one|no-one|nobody|no living thing|no creature)\s+(?:else\s+)?(?:is|was|are|were)\s+(?:still\s+)?"
    r"(?P<what>watching|following|tracking|stalking|hunting|hiding|lurking|waiting|listening|observing|spying|moving"
    r"|there|here|nearby|around|inside|aboard|near|close|coming|approaching|in)\b"
)
#: An unnamed presence: "the shadow of a figure", "a dark shape", "someone moving", "a pair of eyes".
_PRESENCE = re.compile(
    r"\b(?:a|an|the|some)\s+(?:[a-z'-]+\s+){0,2}?(?:figure|figures|shape|shapes|silhouette|silhouettes|outline|presence"
    r"|stranger|watcher|intruder|lurker|stalker)\b"
    r"|\b(?:someone|somebody|something|someone's|somebody's)\s+(?:[a-z]+\s+)?(?:moves|moved|moving|stirs|stirred|stirring"
    r"|shifts|shifted|shifting|watches|watched|watching|lurks|lurking|follows|following|hides|hiding|creeps|creeping"
    r"|crouches|crouching|breathing|breathes|is\s+there|was\s+there|is\s+watching|is\s+out\s+there)\b"
    r"|\b(?:a\s+pair\s+of|two|glowing|yellow|red|green|unblinking|hungry)\s+(?:[a-z]+\s+)?eyes\b"
    r"|\beyes\s+(?:watch|watching|watches|peer|peering|peers|stare|staring|stares|glint|glinting|gleam|gleaming|glow"
    r"|glowing)\b"
)
#: "The flower girl runs to the watch.": who the yes is about and what they do.
_DOES = re.compile(
    r"^\s*(?:the|a|an|his|her|their|your|its)\s+(?P<who>(?:[a-z'-]+\s+){0,3}?[a-z'-]+)\s+"
    r"(?:(?:is|are|was|were)\s+(?P<doing>[a-z]+ing)|(?P<does>[a-z]+(?<!ss)s))\b"
)
_NOT_DOING = frozenset({"is", "was", "has", "does", "this", "its", "his", "as", "us", "yours", "always", "thus", "perhaps"})
#: Told stopping what the yes says they do: "stops running", "halts", "turns back", "changes her mind".
_STOPS = re.compile(
    r"\b(?:stops|stopped|stop|halts|halted|ceases|ceased|freezes|froze|quits|abandons|abandoned|gives\s+up|gave\s+up"
    r"|turns\s+back|turned\s+back|thinks\s+better\s+of|thought\s+better\s+of|decides\s+against|decided\s+against"
    r"|changes\s+(?:his|her|their|its)\s+mind|changed\s+(?:his|her|their|its)\s+mind|never\s+(?:reaches|reached|makes\s+it"
    r"|made\s+it|gets\s+there|got\s+there))\b"
)
_PRONOUN = re.compile(r"^\W*(?:he|she|they|it)\b")


def _answers(facts: Facts, outcome: str) -> list[str]:
    """This turn's engine sentences (its opening) when the oracle answered ``outcome``, lower-case."""
    if outcome not in facts.outcomes:
        return []
    return [" ".join(t.split()).lower() for t in facts.told if t.strip()]


def check_answer_undone(sentence: Sentence, facts: Facts) -> list[Violation]:
    """The sentence the model added taking back the oracle's answer the engine told first (module docstring)."""
    if sentence.question:
        return []
    return _someone_there(sentence, facts) or _stopped(sentence, facts)


def _someone_there(sentence: Sentence, facts: Facts) -> list[Violation]:
    for answer in _answers(facts, "no"):
        if not _NOBODY.match(answer):
            continue
        text = sentence.narr
        for m in _PRESENCE.finditer(text):
            if negated(text, m.start()) or hypothetical(text, m.start(), m.end()):
                continue
            if re.search(r"\b(?:as\s+if|as\s+though|like)\s+(?:[a-z]+\s+){0,3}$", text[: m.start()]):
                continue  # "a stillness, as if the whole canopy were holding its breath"
            clause_start = max(text.rfind(c, 0, m.start()) for c in ",;:")
            excerpt = " ".join(text[clause_start + 1 : m.end()].split())
            detail = f"'{excerpt}' shows someone there, but the oracle answered no: {answer.rstrip('.')}"
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []


def _stopped(sentence: Sentence, facts: Facts) -> list[Violation]:
    for answer in _answers(facts, "yes"):
        m = _DOES.match(answer)
        if m is None or (m.group("does") or "") in _NOT_DOING:
            continue
        head = m.group("who").split()[-1].removesuffix("'s")
        text = sentence.narr
        for stop in _STOPS.finditer(text):
            clause_start = max(text.rfind(c, 0, stop.start()) for c in ",;:")
            lead = text[max(0, clause_start + 1) : stop.start()]
            about = re.search(rf"\b{re.escape(head)}(?:'s)?\b", lead) or (_PRONOUN.match(text) and clause_start < 0)
            if not about or negated(text, stop.start()) or hypothetical(text, stop.start(), stop.end()):
                continue
            if re.search(r"\b(?:to|only|briefly|just)\s+$", lead) or re.search(
                r"^\s+(?:only\s+)?(?:to|for)\s+(?:a\s+moment|breath|catch|look|listen|glance)", text[stop.end() :]
            ):
                continue  # "stops only to catch her breath", "halts for a moment": a pause on the way, not a no
            excerpt = " ".join(text[max(0, clause_start + 1) : stop.end()].split())
            detail = f"'{excerpt}' takes back what the oracle answered yes to: {answer.rstrip('.')}"
            return [Violation(ViolationKind.OUTCOME, detail, excerpt)]
    return []
