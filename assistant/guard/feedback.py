"""The retry message: what a small model reads after its draft was rejected.

One imperative line per violation, quoting the words to change and saying why in the engine's terms
("Remove \"the heat rises\": the engine made no change to heat."), between a heading and a closing instruction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from assistant.guard.model import Violation, ViolationKind

#: What each kind asks of the retry when the violation's own detail gives no better reason.
_REASONS = {
    ViolationKind.NUMBER: "write no numbers at all",
    ViolationKind.OUTCOME: "tell the result as the facts give it",
    ViolationKind.STATE: "nothing on the sheet changed that way",
    ViolationKind.PHANTOM_ROLL: "nothing else is rolled or played this turn",
    ViolationKind.DECISION: "what the character does, says and chooses is the player's call",
    ViolationKind.ECHO: "write only the story",
}
_DECISION_REASONS = (
    ("only a question to the oracle", "the player only asked the oracle, so tell the answer, not a new deed"),
    ("declared no action", "the player only rolled, so tell what the roll did, not a new deed"),
    ("not going there", "the character goes only where the player said; tell the declared deed and how it turns out"),
    ("a deed after the one", "tell only the deed the player declared and how it turns out, not what comes after"),
    ("not this", "tell only the deed the player declared and how it turns out, not a new one"),
    ("words in the character's mouth", "what the character says is the player's call"),
    ("plays a move", "only the player makes moves"),
    ("invents choices", "the engine offered no choice"),
    ("open", "that choice is still the player's to make"),
    ("burning", "burning is the player's choice"),
    ("words decide", "only the engine decides what happens to the character"),
)
_DETAIL = re.compile(r"^'.*?'(?::\s*|\s+)(?P<rest>.*)$", re.S)
_TRUTH = re.compile(r"\bbut (?P<truth>the (?:engine's outcome|oracle's answer) is .+|the oracle answered \w+)$")
_ESTABLISHED = re.compile(r"\bcontradicts what an earlier turn established: '(?P<fact>.+)'$")


def fix_sentence(v: Violation) -> str:
    """One short imperative sentence a small model can follow: what to remove or change, quoted, and why."""
    words = (v.excerpt or v.detail).split()
    quoted = (" ".join(words[:8]) + (" …" if len(words) > 8 else "")).replace('"', "'")
    rest = (m.group("rest") if (m := _DETAIL.match(v.detail)) else "").strip().rstrip(".")
    reason = _REASONS[v.kind]
    if v.kind is ViolationKind.OUTCOME:
        if v.detail.startswith("the story never tells"):
            return f'Tell "{quoted}" failing: the result is a miss.'
        if v.detail.startswith("the story only tells"):
            tier = m.group(1) if (m := re.search(r"outcome \(([^)]+)\)", v.detail)) else "the outcome"
            return f'Go on after "{quoted}": tell how it turns out ({tier}).'
        if "a blow landing is a roll still to come" in rest:
            return f'Change "{quoted}": no blow lands on anyone this turn; tell the clash without a wound.'
        if "no one is there to talk with" in rest:
            stood = re.search(r"answers stand \((.+)\)", rest)
            stand = stood.group(1) if stood else "the oracle's answers"
            return f'Change "{quoted}": the oracle\'s answers stand ({stand}), so no one talks with anyone; tell the quiet scene.'
        fact = _ESTABLISHED.search(rest)
        if fact:
            return f'Change "{quoted}": an earlier answer stands: {fact.group("fact")}'
        truth = _TRUTH.search(rest)
        if truth:
            reason = truth.group("truth").replace("the engine's outcome is", "the result is")
        return f'Change "{quoted}": {reason}.'
    if v.kind is ViolationKind.STATE and rest.startswith("denies a change the engine made: "):
        return f'Change "{quoted}": the engine made this change: {rest.removeprefix("denies a change the engine made: ")}.'
    if v.kind is ViolationKind.STATE and rest.endswith("tell it as yours"):
        return f'Change "{quoted}": {rest.removesuffix("; tell it as yours")}; it happened to you.'
    if v.kind in (ViolationKind.STATE, ViolationKind.PHANTOM_ROLL) and rest.startswith(("the engine", "burning")):
        reason = rest
    if "an order to" in v.detail:
        reason = "do not tell the player what to roll or choose; the player decides that next, so tell only the story"
    if v.kind is ViolationKind.ECHO and "first person" in v.detail:
        reason = "tell only this turn, and call the character 'you'"
    if v.kind is ViolationKind.ECHO and ("reads out" in v.detail or "rules' terms" in v.detail):
        reason = "that reads the facts you were given out in the rules' words; tell what happens, as story"
    if v.kind is ViolationKind.ECHO and "progress track" in v.detail:
        reason = "the card beside the story shows the track; tell what happens instead"
    if v.kind is ViolationKind.ECHO and "narrator's instructions" in v.detail:
        reason = "those are your instructions, not story; write only what happens"
    if v.kind is ViolationKind.ECHO and "offered follow-up" in v.detail:
        reason = "the player sees that offer beside the story; tell only what happens now"
    if v.kind is ViolationKind.ECHO and "talks about the rules" in v.detail:
        reason = "do not talk about the rules; tell what happens as story"
    if v.kind is ViolationKind.NUMBER and "no bonus on a later roll" in v.detail:
        reason = "the engine gave no bonus on a later roll; leave bonuses and advantages out"
    if v.kind is ViolationKind.ECHO and ("earlier turn" in v.detail):
        reason = "that was an earlier turn; tell what happens this turn"
    if v.kind is ViolationKind.DECISION:
        # the guard's own words, not the quoted draft's or player's ("open" in "I press the clerk to open the archive")
        said = re.sub(r"\bdeclared '.*?', not\b", "declared '', not", v.detail.replace(f"'{v.excerpt}'", "''"))
        reason = next((r for key, r in _DECISION_REASONS if key in said), reason)
    return f'Remove "{quoted}": {reason}.'


RETRY_CLOSING = "Rewrite it: write the narration again from the start in new words, keep the scene, and fix every problem above."
"""Told only to fix it, a small model mostly wrote its rejected draft again, opening words and all."""


def describe_violations(violations: Sequence[Violation]) -> str:
    """The violations as a retry instruction: one imperative line per problem, quoting the words to fix."""
    if not violations:
        return ""
    lines = ["Your narration broke these rules:"]
    lines += [f"{n}. {fix_sentence(v)}" for n, v in enumerate(violations[:5], start=1)]
    lines.append(RETRY_CLOSING)
    return "\n".join(lines)
