"""The rules' own advice on reading an answer (an oracle's yes/no, a Pay the Price row), quoted, never invented.

Sentences come from the move's text in the ruleset (always there, offline) and then from the retrieved
passages. Only advice sentences are kept (interpret, envision, "if it doesn't fit"...), and never one
with a digit in it or one about rolling: odds, ranges and rolls belong to the engine, not to the narration.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from assistant.engine.errors import AssistantError
from assistant.engine.model import Result
from assistant.engine.registry import get_ruleset

if TYPE_CHECKING:
    from rules_index.search import Hit

ADVICE_WORDS = ("interpret", "envision", "doesn't fit", "doesn’t fit", "fits the fiction", "make it happen", "not sure")
MAX_SENTENCES = 2
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_MARKUP = re.compile(r"\*\*|__|\[([^\]]+)\]\([^)]*\)|\[\[[^\]|]*\|?([^\]]*)\]\]")


def _clean(text: str) -> str:
    return _MARKUP.sub(lambda m: m.group(1) or m.group(2) or "", text)


def sentences(text: str) -> list[str]:
    """Sentences of a rules text, bullets and markup removed."""
    out: list[str] = []
    for line in _clean(text).splitlines():
        line = re.sub(r"^\s*[-*•]\s+", "", line).strip()
        if line and not line.startswith(("|", "#")):
            out += [s.strip() for s in _SENTENCE.split(line) if s.strip()]
    return out


def is_advice(sentence: str, matched: bool) -> bool:
    lowered = sentence.lower()
    if re.search(r"\d", sentence) or re.search(r"\b(re)?roll", lowered) or "table below" in lowered or "to the right" in lowered:
        return False  # numbers and rolling belong to the engine: the narration never asks for another roll
    if lowered.startswith("when you") or re.match(r"^[\w /'’-]{1,40}:", sentence):  # a trigger or a list label
        return False
    if "match" in lowered and not matched:
        return False
    return any(word in lowered for word in ADVICE_WORDS)


def move_texts(results: Sequence[Result]) -> list[str]:
    """The full rules text of each result's move (a table's move when the table belongs to one)."""
    texts: list[str] = []
    for result in results:
        try:
            ruleset = get_ruleset(result.system)
            move_id = result.move_id
            if move_id.startswith("table:"):
                table = ruleset.tables.get(move_id[6:])
                if table is None or not table.move:
                    continue
                move_id = table.move
            texts.append(ruleset.move_by_id(move_id).text)
        except AssistantError:  # a system or move the engine no longer knows: use the passages only
            continue
    return texts


def rules_guidance(results: Sequence[Result], hits: Iterable[Hit] = ()) -> list[str]:
    """Up to two advice sentences from the rules, not already said by the results' own text."""
    said = " ".join(r.text for r in results).lower()
    matched = any(r.match for r in results)
    asked = any(r.roll == "oracle" for r in results)
    picked: list[str] = []
    for text in [*move_texts(results), *(h.text for h in hits)]:
        for sentence in sentences(text):
            if not asked and "the answer" in sentence.lower():
                continue  # how to read an oracle's answer, said beside a table's row (Pay the Price) that is no answer
            if is_advice(sentence, matched) and sentence.lower() not in said and sentence not in picked:
                picked.append(sentence)
                if len(picked) == MAX_SENTENCES:
                    return picked
    return picked
