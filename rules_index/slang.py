"""Table slang in a question, followed by the words the rules texts use for it.

"paladin jumps in front of the bard" asks about Defend, "wrapping up tonight" about End a Session, "leaning
on the dockmaster" about a demand offering peril; none of those passages print the slang. The lexicon
(``rules_index/slang.yaml``, data) lists general table slang and the rules words it means; :func:`with_rules_words`
adds those words after the slang a question uses, so both the vector and the lexical rankers meet the
passage on its own words, and the coverage judgement counts them as words the texts use. The slang itself
stays in the question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

SLANG_FILE = Path(__file__).parent / "slang.yaml"
_SUFFIX = r"(?:s|es|ed|d|ing)?"


@dataclass(frozen=True)
class SlangEntry:
    """Slang phrases and the rules words they mean."""

    said: tuple[str, ...]
    rules: str


def _phrase_pattern(phrase: str) -> str:
    words = [re.escape(w) for w in phrase.lower().split()]
    return r"\s+".join(f"{w}{_SUFFIX}" for w in words)


@cache
def entries() -> tuple[SlangEntry, ...]:
    """The lexicon's entries, from ``slang.yaml``."""
    data = yaml.safe_load(SLANG_FILE.read_text(encoding="utf-8")) or {}
    return tuple(SlangEntry(tuple(str(s) for s in e["said"]), str(e["rules"])) for e in data.get("entries", []))


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    out = []
    for entry in entries():
        body = "|".join(_phrase_pattern(p) for p in sorted(entry.said, key=len, reverse=True))
        out.append((re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.I), entry.rules))
    return tuple(out)


def _matches(text: str) -> list[tuple[int, int, str]]:
    """The slang phrases of ``text`` as (start, end, rules words), left to right; where two overlap ("trading
    shots" and "shots") the longer is kept. A phrase inside rules words added before is not slang."""
    found = []
    for pattern, rules in _patterns():
        added = [m.span() for m in re.finditer(re.escape(rules), text, re.I)]
        for m in pattern.finditer(text):
            if not any(start <= m.start() and m.end() <= end for start, end in added):
                found.append((m.start(), m.end(), rules))
    kept: list[tuple[int, int, str]] = []
    for start, end, rules in sorted(found, key=lambda f: (f[0] - f[1], f[0])):
        if all(end <= s or start >= e for s, e, _ in kept):
            kept.append((start, end, rules))
    return sorted(kept)


def with_rules_words(question: str) -> str:
    """``question`` with the rules words of each slang phrase it uses added after the phrase ("jumps in front
    of the bard" -> "jumps in front defend intercept of the bard"). Applying it twice changes nothing more."""
    pieces: list[str] = []
    at = 0
    for _, end, rules in _matches(question):
        pieces.append(question[at:end])
        at = end
        if not question[at:].lstrip().lower().startswith(rules):
            pieces.append(f" {rules}")
    pieces.append(question[at:])
    return "".join(pieces)


def in_rules_words(text: str) -> str:
    """``text`` with each slang phrase replaced by the rules words it means ("starting another racket" -> "starting
    another scheme"): the words a name is looked up by in the texts."""
    pieces: list[str] = []
    at = 0
    for start, end, rules in _matches(text):
        pieces.append(f"{text[at:start]}{rules}")
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def used_slang(question: str) -> list[str]:
    """The slang phrases ``question`` uses (for explaining a ranking)."""
    return [question[start:end] for start, end, _ in _matches(question)]
