"""Where a number stands: the mechanical context its neighbours give it (a roll, a meter, a stat, a track, a clock,
odds, a count of dice, an explicit sign), or none for a story number ("two guards", "three days", "deck 4").

:func:`slot_numbers` tokenizes a sentence and names each number's context; :mod:`assistant.guard.numbers` checks
the number against the engine's values for that context.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from assistant.guard.vocab import FACE_PLURALS, NUMBER_WORDS, parse_number

_TOKEN = re.compile(r"[a-z]+(?:-[a-z]+)*|\d+(?:\.\d+)?|[%+=/&,:;.!?()−\-]")
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
class NumberToken:
    """A word or number of a sentence, with its value and context once read."""

    text: str
    start: int
    end: int
    value: float | None = None
    signed: bool = False
    slot: str | None = None


def tokens(text: str) -> list[NumberToken]:
    toks = [NumberToken(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out: list[NumberToken] = []
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


def spans(pattern: re.Pattern[str] | None, text: str) -> list[tuple[int, int, str]]:
    if pattern is None:
        return []
    return [(m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


def slot(
    toks: list[NumberToken], i: int, meter_at: dict[int, str], meter_end: dict[int, str], stat_at: set[int], stat_end: set[int]
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
