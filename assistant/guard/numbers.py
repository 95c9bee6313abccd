"""Numbers: a number in a mechanical context must be one the engine produced.

A number is mechanical when its neighbours say so: after a roll word ("rolled a 4", "the challenge
dice show 3 and 8", "a score of 6"), before or after a meter or stat ("two momentum", "edge 2"),
before ticks, boxes or segments, with a percent sign or near "odds"/"chance", or with an explicit
sign ("+2"). Story numbers ("two guards", "three days", "deck 4", "the 1920s") have none of these
neighbours and are never checked. Each context has its own allowed set (see :class:`Facts`).
"""

from __future__ import annotations

import re

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.number_context import NumberToken, slot, spans, tokens
from assistant.guard.outcomes import PBTA_TIERS
from assistant.guard.text import Sentence

_SKIP = re.compile(r"\b\d*d\d+(?:[+\-]\d+)?\b|\b\d+/\d+\b|\b\d{1,2}:\d{2}\b|\b(?:1[0-9]|20)\d0s\b|\b\d+(?:st|nd|rd|th)\b")
_ON_DIE = re.compile(r"\s*(?:on|from)\s+(?:the|your|a)\s+(?:\w+\s+)?(?:\d*d\d+|die|dice)\b")


def check_numbers(
    sentence: Sentence,
    facts: Facts,
    meter_re: re.Pattern[str] | None,
    meters: dict[str, tuple[str, int]],
    stat_re: re.Pattern[str] | None,
    covered: list[tuple[int, int]],
) -> list[Violation]:
    text = sentence.text
    for pattern in (_SKIP, PBTA_TIERS):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    for a, b in covered:
        text = text[:a] + " " * (b - a) + text[b:]
    toks = tokens(text)
    if not any(t.value is not None for t in toks):
        return []
    meter_at = {s: meters[w][0] for s, _, w in spans(meter_re, text)}
    meter_end = {e: meters[w][0] for _, e, w in spans(meter_re, text)}
    stat_at = {s for s, _, _ in spans(stat_re, text)}
    stat_end = {e for _, e, _ in spans(stat_re, text)}
    out: list[Violation] = []
    for i, tok in enumerate(toks):
        if tok.value is None:
            continue
        tok.slot = slot(toks, i, meter_at, meter_end, stat_at, stat_end)
        if tok.slot is None and _ON_DIE.match(sentence.text, tok.end):
            tok.slot = "roll"
        if tok.slot is None:
            continue
        problem = _allowed(tok, facts) or _left(tok, sentence.text, facts)
        if problem:
            excerpt = _excerpt(sentence.text, tok.start, tok.end)
            out.append(Violation(ViolationKind.NUMBER, f"'{excerpt}': {problem}", excerpt))
    return out


_LEFT = re.compile(r"\s*(?:[a-z]+\s+){0,3}?(?:left|remaining)\b")


def _left(tok: NumberToken, text: str, facts: Facts) -> str | None:
    """What is wrong with a meter told as what is left ("You have 1 ammunition left"): only its value now will do."""
    target = (tok.slot or "").removeprefix("meter:")
    now = facts.current.get(target)
    if not (tok.slot or "").startswith("meter:") or now is None or tok.value is None or not _LEFT.match(text, tok.end):
        return None
    return None if abs(tok.value) == now else f"{target.replace('_', ' ')} is {now:g} now"


def _close(value: float, allowed: set[float] | list[float], tolerance: float = 0.0) -> bool:
    return any(abs(value - a) <= tolerance for a in allowed)


def _allowed(tok: NumberToken, facts: Facts) -> str | None:
    """None when the number is the engine's; else what is wrong with it."""
    assert tok.value is not None
    value = abs(tok.value) if tok.slot != "signed" else tok.value
    slot = tok.slot or ""
    if slot == "odds":
        if facts.odds_numbers is None:
            return "the narration quotes odds, but the engine gave none"
        if _close(value, facts.odds_numbers, 0.999):
            return None
        shown = ", ".join(f"{v:g}%" for v in sorted(set(round(v, 1) for v in facts.odds_numbers))[:6])
        return f"{value:g}% is not the engine's odds ({shown})"
    if not facts.results:
        return None  # no Result: a roll narrated at all is a phantom roll, reported as such
    if slot in ("roll", "count"):
        if not facts.rolled:
            return None
        if slot == "count" and value <= max(facts.dice_count, 2):
            return None
        if value in facts.roll_numbers:
            return None
        return f"{value:g} is not one of the engine's numbers for this roll ({_roll_summary(facts)})"
    if slot.startswith("meter:"):
        target = slot[6:]
        allowed = set(facts.meter_numbers.get(target, set()))
        allowed |= {abs(v) for v in facts.offered.get(target, set())}
        if target not in facts.meter_numbers and target not in facts.offered:
            return None  # nothing known about this meter
        if value in allowed:
            return None
        return f"{value:g} is not the engine's {target.replace('_', ' ')} ({', '.join(f'{v:g}' for v in sorted(allowed))})"
    if slot == "stat":
        if not facts.stat_numbers or value in facts.stat_numbers or value in facts.signed_numbers or value in facts.roll_numbers:
            return None
        return f"{value:g} is not the stat or add the engine used"
    if slot == "track":
        if not facts.track_numbers or value in facts.track_numbers:
            return None
        return f"{value:g} is not the engine's progress ({', '.join(f'{v:g}' for v in sorted(facts.track_numbers))})"
    if slot == "clock":
        if not facts.clock_numbers or value in facts.clock_numbers:
            return None
        return f"{value:g} is not the engine's clock ({', '.join(f'{v:g}' for v in sorted(facts.clock_numbers))})"
    if slot == "signed":
        if abs(value) in facts.signed_numbers or any(value in numbers for numbers in facts.meter_numbers.values()):
            return None  # a change the engine applied, or a meter's own value below 0 ("no change (still -6)")
        return f"{value:+g} is not a bonus or change the engine applied"
    return None


def _roll_summary(facts: Facts) -> str:
    parts = []
    for r in facts.results:
        if r.dice:
            bit = f"{r.move}: dice {', '.join(map(str, r.dice))}"
            if r.score is not None:
                bit += f", score {r.score}"
            parts.append(bit)
    return "; ".join(parts)


def _excerpt(text: str, start: int, end: int, width: int = 30) -> str:
    left = text.rfind(" ", 0, max(0, start - width))
    right = text.find(" ", end + width // 2)
    return " ".join(text[left + 1 if left >= 0 else 0 : right if right >= 0 else len(text)].split())
