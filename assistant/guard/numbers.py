"""Numbers: a number in a mechanical context must be one the engine produced.

A number is mechanical when its neighbours say so: after a roll word ("rolled a 4", "the challenge
dice show 3 and 8", "a score of 6"), before or after a meter or stat ("two momentum", "edge 2"),
before ticks, boxes or segments, with a percent sign or near "odds"/"chance", or with an explicit
sign ("+2"). Story numbers ("two guards", "three days", "deck 4", "the 1920s") have none of these
neighbours and are never checked. Each context has its own allowed set (see :class:`Facts`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.guard.facts import Facts
from assistant.guard.model import Violation, ViolationKind
from assistant.guard.outcomes import PBTA_TIERS
from assistant.guard.text import Sentence
from assistant.guard.vocab import FACE_PLURALS, NUMBER_WORDS, parse_number

_TOKEN = re.compile(r"[a-z]+(?:-[a-z]+)*|\d+(?:\.\d+)?|[%+=/&,:;.!?()−\-]")
_SKIP = re.compile(r"\b\d*d\d+(?:[+\-]\d+)?\b|\b\d+/\d+\b|\b\d{1,2}:\d{2}\b|\b(?:1[0-9]|20)\d0s\b|\b\d+(?:st|nd|rd|th)\b")
_ON_DIE = re.compile(r"\s*(?:on|from)\s+(?:the|your|a)\s+(?:\w+\s+)?(?:\d*d\d+|die|dice)\b")
ROLL_WORDS = frozenset(
    {
        "roll",
        "rolls",
        "rolled",
        "rolling",
        "dice",
        "die",
        "d6",
        "d10",
        "d100",
        "score",
        "total",
        "totals",
        "totaling",
        "totalling",
        "challenge",
        "showing",
        "shows",
        "showed",
        "faces",
        "face",
        "result",
        "sum",
        "vs",
        "versus",
        "beats",
        "beat",
        "beating",
        "against",
        "equals",
        "makes",
    }
)
FILL = frozenset(
    {
        "a",
        "an",
        "of",
        "is",
        "was",
        "were",
        "just",
        "only",
        "up",
        "on",
        "the",
        "your",
        "their",
        "its",
        "it",
        "at",
        "with",
        "to",
        "for",
        "and",
        "comes",
        "came",
        "come",
        "out",
        "in",
        "as",
        "show",
        "reads",
        "read",
        "lands",
        "landed",
        "land",
        "s",
        "by",
        "plus",
        "score",
        "final",
        "natural",
        "high",
        "low",
        "mere",
        "whopping",
        "solid",
        "paltry",
        "modest",
        "measly",
        "action",
        "challenge",
        "are",
        "be",
        "been",
        "over",
        "under",
        "that",
        "which",
        "gives",
        "giving",
        "making",
        "total",
        "respectively",
        "then",
        "first",
        "second",
        "other",
        "both",
        "dice",
        "die",
        "d6",
        "d10",
        "d100",
        "rolled",
        "roll",
        "rolls",
        "shows",
        "showing",
        "showed",
        "versus",
        "vs",
        "against",
        "beats",
        "beating",
        "beat",
        "equals",
        "makes",
        "turn",
        "turned",
        "turns",
        "fall",
        "fell",
        "settle",
        "settled",
        "settles",
        "into",
    }
)
JOIN = frozenset(
    {
        ",",
        "and",
        "vs",
        "versus",
        "against",
        "+",
        "=",
        "plus",
        "then",
        "or",
        "over",
        "beats",
        "beat",
        "beating",
        "/",
        "&",
        "a",
        "an",
        "makes",
        "gives",
        "equals",
        "total",
        "for",
        "to",
        "of",
        "the",
        "on",
        "with",
        "is",
        "was",
        "but",
        "while",
        ":",
        "(",
        ")",
        "challenge",
        "dice",
        "die",
        "both",
        "score",
        "your",
    }
)
AFTER_FILL = frozenset(
    {
        "points",
        "point",
        "of",
        "your",
        "more",
        "extra",
        "additional",
        "full",
        "whole",
        "the",
        "a",
        "an",
        "levels",
        "level",
        "marked",
        "filled",
        "progress",
    }
)
ODDS_WORDS = frozenset({"odds", "chance", "chances", "probability", "likelihood", "likely"})
NOT_COUNTED = frozenset(
    {
        "is",
        "was",
        "beats",
        "misses",
        "fails",
        "versus",
        "falls",
        "lands",
        "this",
        "thus",
        "plus",
        "hits",
        "yes",
        "always",
        "less",
        "unless",
        "as",
        "its",
        "his",
        "has",
        "does",
    }
)


@dataclass
class _Tok:
    text: str
    start: int
    end: int
    value: float | None = None
    signed: bool = False
    slot: str | None = None


def _tokens(text: str) -> list[_Tok]:
    toks = [_Tok(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out: list[_Tok] = []
    for tok in toks:
        if (
            tok.text[0].isdigit()
            or tok.text in NUMBER_WORDS
            or re.fullmatch(r"(?:[a-z]+-)?[a-z]+", tok.text)
            and parse_number(tok.text) is not None
        ):
            tok.value = parse_number(tok.text)
            prev = out[-1] if out else None
            if prev and prev.text in "+-−" and tok.text[0].isdigit() and prev.end >= tok.start - 1:
                before = out[-2] if len(out) > 1 else None
                if before is None or before.text in ("(", ",", ":", ";") or before.text.isalpha() and before.end < prev.start:
                    tok.signed = True
                    tok.value = -tok.value if prev.text != "+" and tok.value is not None else tok.value
                    tok.start = prev.start
        out.append(tok)
    return out


def _spans(pattern: re.Pattern[str] | None, text: str) -> list[tuple[int, int, str]]:
    if pattern is None:
        return []
    return [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


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
    toks = _tokens(text)
    if not any(t.value is not None for t in toks):
        return []
    meter_at = {s: meters[w][0] for s, _, w in _spans(meter_re, text)}
    meter_end = {e: meters[w][0] for _, e, w in _spans(meter_re, text)}
    stat_at = {s for s, _, _ in _spans(stat_re, text)}
    stat_end = {e for _, e, _ in _spans(stat_re, text)}
    out: list[Violation] = []
    for i, tok in enumerate(toks):
        if tok.value is None:
            continue
        tok.slot = _slot(toks, i, meter_at, meter_end, stat_at, stat_end)
        if tok.slot is None and _ON_DIE.match(sentence.text, tok.end):
            tok.slot = "roll"
        if tok.slot is None:
            continue
        problem = _allowed(tok, facts) or _left(tok, sentence.text, facts)
        if problem:
            excerpt = _excerpt(sentence.text, tok.start, tok.end)
            out.append(Violation(ViolationKind.NUMBER, f"'{excerpt}': {problem}", excerpt))
    return out


def _slot(
    toks: list[_Tok], i: int, meter_at: dict[int, str], meter_end: dict[int, str], stat_at: set[int], stat_end: set[int]
) -> str | None:
    tok = toks[i]
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    # forward: "2 momentum", "3 boxes", "two sixes", "4 on the action die", "40%"
    j = i + 1
    while j < len(toks) and j - i <= 3 and toks[j].text in AFTER_FILL and tok.text[0].isdigit():
        j += 1
    if j < len(toks):
        ahead = toks[j]
        if ahead.start in meter_at:
            return f"meter:{meter_at[ahead.start]}"
        if ahead.start in stat_at:
            return "stat"
        if ahead.text in ("ticks", "tick", "boxes", "box"):
            return "track"
        if ahead.text in ("segment", "segments"):
            return "clock"
    if nxt is not None:
        if nxt.text in ("%", "percent") or nxt.text == "per" and i + 2 < len(toks) and toks[i + 2].text == "cent":
            return "odds"
        if nxt.text in FACE_PLURALS:
            return "count"
        if nxt.text in ("dice", "die", "d6s", "d10s"):
            return "count"
        if nxt.text in ("on", "from") and any(t.text in ("die", "dice", "d6", "d10") for t in toks[i + 2 : i + 6]):
            return "roll"
        if (
            nxt.text.isalpha()
            and nxt.text.endswith("s")
            and len(nxt.text) > 3
            and nxt.text not in NOT_COUNTED
            and nxt.text not in ROLL_WORDS
            and nxt.start not in meter_at
        ):
            return None  # "three guards", "a total of four ships"
    if tok.text in FACE_PLURALS:
        return "roll"
    # backward: "rolled a 4", "momentum of 3", "edge +2", "4 and a 2", "odds of 40"
    j = i - 1
    steps = 0
    while j >= 0 and steps < 6:
        back = toks[j]
        if back.end in meter_end:
            return f"meter:{meter_end[back.end]}"
        if back.end in stat_end:
            return "stat"
        if back.text in ODDS_WORDS:
            return "odds"
        if back.text in ("progress", "ticks", "boxes"):
            return "track"
        if back.text in ("clock", "segments"):
            return "clock"
        if back.value is not None:
            if back.slot in ("roll", "count") and all(t.text in JOIN for t in toks[j + 1 : i]):
                return "roll"
            break
        if back.text in ROLL_WORDS:
            return "roll"
        if back.text not in FILL and back.text not in ",:=+()":
            break
        j -= 1
        steps += 1
    if tok.signed:
        return "signed"
    return None


_LEFT = re.compile(r"\s*(?:[a-z]+\s+){0,3}?(?:left|remaining)\b")


def _left(tok: _Tok, text: str, facts: Facts) -> str | None:
    """What is wrong with a meter told as what is left ("You have 1 ammunition left"): only its value now will do."""
    target = (tok.slot or "").removeprefix("meter:")
    now = facts.current.get(target)
    if not (tok.slot or "").startswith("meter:") or now is None or tok.value is None or not _LEFT.match(text, tok.end):
        return None
    return None if abs(tok.value) == now else f"{target.replace('_', ' ')} is {now:g} now"


def _close(value: float, allowed: set[float] | list[float], tolerance: float = 0.0) -> bool:
    return any(abs(value - a) <= tolerance for a in allowed)


def _allowed(tok: _Tok, facts: Facts) -> str | None:
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
