"""The words of a model's narration and of its prompt, as the echo checks read them (:mod:`assistant.narrate.echo`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_WORD = re.compile(r"[a-z0-9']+")
_QUOTED_LINE = re.compile(r"^\s*>\s?")

RETOLD_MIN_WORDS = 3
RETOLD_SHARE = 0.8
"""A sentence of at least ``RETOLD_MIN_WORDS`` content words, ``RETOLD_SHARE`` of them in one earlier sentence, is that
sentence retold."""
FUNCTION_WORDS = frozenset(
    re.findall(
        r"\S+",
        "a an the and or but so as at by for from in into of on onto to with your you you're yours it its it's this that "
        "these those is are was were be been being has have had do does did not no his her him he she they them their "
        "there then than up down out over off all any some very just now still again more most",
    )
)


def _content_words(words: Iterable[str]) -> set[str]:
    return {w.removesuffix("'s").rstrip("s") for w in words if w not in FUNCTION_WORDS and len(w) > 2}


def _role(message: Any) -> str:
    if isinstance(message, tuple) and len(message) == 2:
        return str(message[0])
    return str(getattr(message, "type", ""))


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _content(message: Any) -> str:
    if isinstance(message, tuple) and len(message) == 2:
        return str(message[1])
    content = getattr(message, "content", message)
    if isinstance(content, list):
        return " ".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content)
    return str(content)
