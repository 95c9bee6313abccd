"""The authority guard: reads narration back against the engine's Result(s) before it is shown.

The engine decides; the narrator only tells. The guard flags five kinds of contradiction
(:class:`ViolationKind`): a number the engine did not produce, an outcome contrary to the engine's,
a meter/track/clock change it did not make, a roll it did not make, and a decision that is the
player's. It is pure and fast (no model, no embeddings): the chat loop runs it on every complete
sentence of a streamed narration and on the whole text at the end::

    from assistant.guard import check_narration, describe_violations
    violations = check_narration(text, result, odds=odds_table)
    if violations:
        retry_prompt = describe_violations(violations)

``results`` is one :class:`~assistant.engine.Result` (or its JSON dict), a list of them (a turn that
resolved several), or ``None``/``[]`` when the engine rolled nothing this turn. ``odds`` is the
:class:`~assistant.engine.odds.OddsTable` (or its ``to_dict()``) the player was shown, if any.
``intent`` is the player's own words, so "you decide to ..." restating them is not flagged.
For a stream, build the facts once with :func:`prepare` and pass them as ``facts=``.

Quoted text (or text after "The rules:") that restates the engine's own text is tolerated, so the
template narration that quotes the move's outcome text passes; other quoted text is dialogue and
only its explicit tier words ("strong hit") and mechanical numbers are checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from assistant.engine.model import Result
from assistant.guard.acts import check_decision, check_phantom
from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.numbers import check_numbers
from assistant.guard.outcomes import check_outcome
from assistant.guard.state import check_state, patterns
from assistant.guard.text import sentences
from assistant.guard.vocab import meter_words

__all__ = ["Facts", "Violation", "ViolationKind", "check_narration", "describe_violations", "prepare"]

Results = Result | Mapping[str, Any] | Sequence[Result | Mapping[str, Any]] | None


def prepare(results: Results, *, system: str | None = None, odds: Any = None) -> Facts:
    """Read the Result(s) once; reuse the facts for every sentence of a streamed narration."""
    return Facts.build(results, system=system, odds=odds)


def check_narration(
    text: str,
    results: Results = None,
    *,
    system: str | None = None,
    odds: Any = None,
    intent: str | None = None,
    facts: Facts | None = None,
) -> list[Violation]:
    """Every contradiction between ``text`` and the engine's Result(s), in reading order (empty: the
    narration may be shown). ``system`` defaults to the Results' system (needed when there are none)."""
    facts = facts if facts is not None else prepare(results, system=system, odds=odds)
    pats = patterns(facts.system)
    meters = meter_words(facts.system)
    found: list[Violation] = []
    for sentence in sentences(text, facts.engine_text, facts.engine_bigrams):
        state, covered = check_state(sentence, facts)
        found += check_outcome(sentence, facts)
        found += state
        found += check_numbers(sentence, facts, pats.meter_re, meters, pats.stat_re, covered)
        found += check_phantom(sentence, facts)
        found += check_decision(sentence, facts, intent)
    unique: dict[tuple[ViolationKind, str], Violation] = {}
    for v in found:
        unique.setdefault((v.kind, v.excerpt), v)
    return list(unique.values())


_HINTS = {
    ViolationKind.NUMBER: "use only the engine's numbers (dice, score, totals, odds), or none",
    ViolationKind.OUTCOME: "tell the outcome the engine gave",
    ViolationKind.STATE: "claim only the meter, track and clock changes the engine made",
    ViolationKind.PHANTOM_ROLL: "narrate no roll the engine did not make; follow-ups are only offered",
    ViolationKind.DECISION: "leave open choices and the character's decisions to the player",
}


def describe_violations(violations: Sequence[Violation]) -> str:
    """The violations as an instruction for a retry (names each one and what the engine said)."""
    if not violations:
        return ""
    lines = ["Your narration contradicts the engine's result:"]
    lines += [f"- {v.kind.value}: {v.detail}" for v in violations]
    kinds = list(dict.fromkeys(v.kind for v in violations))
    lines.append("Rewrite it: " + "; ".join(_HINTS[k] for k in kinds) + ".")
    return "\n".join(lines)
