"""The engine's decisions told to a language model as meaning, not numbers.

A small model copies whatever numbers it is shown, and adds its own arithmetic. The dice card already
shows the player every die, total and change, so the model gets none: the outcome as what it means
("a weak hit: it works, but at a cost"), the oracle's answer as the statement to tell, the changes as
directions ("momentum goes up"), the move's outcome text as story, the open choices and the follow-ups
it must leave to the player, and where to stop.
"""

from __future__ import annotations

from collections.abc import Sequence

from assistant.engine.kinds import EffectKind
from assistant.engine.model import Effect, Result
from assistant.narrate import facts
from assistant.narrate.answers import answer_statement
from assistant.narrate.outcome_prose import story_sentences

HEADER = "What happened this turn (decided by the rules engine; tell it, add nothing):"

#: What each outcome means, in words a model can tell as story.
MEANINGS: dict[str, str] = {
    "strong_hit": "a strong hit: the character does what they set out to do.",
    "weak_hit": "a weak hit: it works, but at a cost or with a complication.",
    "miss": "a miss: it fails, and the situation gets worse.",
    "critical": "a critical success: it goes even better than hoped.",
    "full_success": "a full success: it goes as planned.",
    "partial_success": "a partial success: it works, but with a consequence.",
    "bad_outcome": "a bad outcome: it goes badly.",
}


def _direction(effect: Effect) -> str:
    target = facts.humanize(effect.target)
    if effect.kind is EffectKind.BURN:
        return f"the player burned their {target} to change the result"
    if effect.kind in (EffectKind.PROGRESS, EffectKind.LEGACY):
        return f"progress is marked on {target}"
    if effect.kind is EffectKind.CLOCK:
        return f"the {target} clock moves on"
    if effect.kind is EffectKind.IMPACT:
        return f"{target} is now {'marked' if effect.after else 'cleared'}"
    if isinstance(effect.delta, int) and effect.delta:
        return f"{target}: {'up' if effect.delta > 0 else 'down'}"
    return effect.reason.rstrip(".") if effect.reason else ""


def _result_lines(result: Result, question: str) -> list[str]:
    lines = [f"Move: {result.move}."]
    if result.outcome in ("yes", "no"):
        lines.append(
            f"The oracle's answer: {result.outcome.upper()}"
            + (" (a match: make it extreme or add a twist)." if result.match else ".")
        )
        statement = answer_statement(question, result.outcome) if question else ""
        if statement:
            lines.append(f"Tell this as true: {statement.split(':', 1)[1].strip()}")
    elif result.outcome in MEANINGS:
        lines.append("Outcome: " + MEANINGS[result.outcome] + (" The challenge dice match: add a twist." if result.match else ""))
    rows = facts.table_rows(result)
    if rows:
        lines.append("Rolled on the table: " + "; ".join(r.rstrip(".") for r in rows) + ".")
    story = [s for s in story_sentences(result) if not s.startswith(("-", "*", "•")) and "roll" not in s.lower()]
    if story:
        lines.append("What the rules say happens: " + " ".join(story))
    changes = [d for d in (_direction(e) for e in result.effects) if d]
    if changes:
        lines.append("Already changed on the sheet (the dice card shows the numbers): " + "; ".join(changes) + ".")
    for choice in result.choices:
        options = " / ".join(o.label.rstrip(".") for o in choice.options)
        lines.append(
            f"Left to the player (do not pick; end by asking which they choose): {choice.prompt.rstrip(':. ')}: {options}."
        )
    offer = facts.burn_offer(result)
    if offer:
        lines.append(
            f"Left to the player (do not do it): they may burn their {result.burn.meter if result.burn else 'momentum'}."
        )
    return lines


def story_facts(results: Sequence[Result], *, question: str = "", player_text: str = "") -> str:
    """The turn for a language model, in words: what was decided, what is left to the player, where to stop."""
    if not results:
        return f"{HEADER}\nNo move was made: nothing was rolled and nothing on the sheet changed."
    blocks = [HEADER]
    for result in results:
        blocks.append("\n".join(_result_lines(result, question)))
    follow = facts.follow_up_line(results)
    if follow:
        blocks.append(f"Offered next, not played out: {follow.removeprefix('Next: ')}")
    return "\n\n".join(blocks)
