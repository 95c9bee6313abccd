"""A dice expression told as what happened: "you take 1d6 damage from it" on a Volley.

The engine rolls; the card shows what it rolled. A rules text names dice ("take what you can get: -1d6 damage", "deal
your damage (1dGrit)") for a roll that is still to come or an option still open, so the same expression told in the
narrator's voice as harm done ("you take 1d6 damage", "dealing d8 harm") is a number no roll produced, even though
the rules text holds it. A turn whose own roll is that damage (Deal Damage) tells it with the dice rolled; a
quotation, an offer or a supposition ("you may deal 1d6") is not a claim.
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.text import HYPOTHETICAL, Sentence, hypothetical, negated

#: "1d6", "d8", "2d4+1", "1dGrit" (a stat named as the die), then what it is an amount of.
_DICE_AMOUNT = re.compile(
    r"(?<![\w-])[+\-−]?\d*d(?:\d+|[a-z]{3,8})(?:\s*[+\-−]\s*\d+)?\s+(?:points?\s+of\s+)?"
    r"(?P<what>damage|harm|hp|hit\s+points?|wounds?|stress|health)\b"
)
#: Said as done to or by the character: "you take", "dealing", "suffer", "inflicts".
_HAPPENED = re.compile(
    r"\b(?:take|takes|took|taking|deal|deals|dealt|dealing|suffer|suffers|suffered|suffering|inflict|inflicts|inflicted"
    r"|inflicting|lose|loses|lost|losing|cause|causes|caused|causing|do|does|did|doing)\b"
)


def check_dice_told(sentence: Sentence, facts: Facts) -> list[Violation]:
    """A dice amount of harm told as done, on a turn that rolled no such damage."""
    if sentence.bullet or not facts.results or any("damage" in r.move.lower() and r.dice for r in facts.results):
        return []
    text = sentence.narr  # the narrator's voice: a quotation is set aside
    for m in _DICE_AMOUNT.finditer(text):
        verbs = list(_HAPPENED.finditer(text[: m.start()]))
        verb = verbs[-1] if verbs else None  # the last verb before the amount
        if verb is None or m.start() - verb.end() > 20:
            continue
        if hypothetical(text, verb.start(), m.end(), HYPOTHETICAL) or negated(text, verb.start(), 3):
            continue
        excerpt = " ".join(text[verb.start() : m.end()].split())
        detail = f"'{excerpt}': the engine rolled no such {m.group('what')}; a dice expression is a roll, not what happened"
        return [Violation(ViolationKind.NUMBER, detail, excerpt)]
    return []
