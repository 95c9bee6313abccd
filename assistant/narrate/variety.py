"""Seeded variety: a deterministic pick among phrasings that avoids what recent turns already said.

The same inputs always give the same text (the seed is a hash of the turn's inputs), and a phrasing
found in one of the recent narrations is skipped while another is left, so a session does not read
the same stock sentence turn after turn.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

#: How many earlier narrations the template avoids repeating.
RECENT_TURNS = 10
_SPACE = re.compile(r"\s+")


def _key(text: str) -> str:
    return _SPACE.sub(" ", text).strip().lower()


def digest(*keys: object) -> int:
    raw = hashlib.sha256("\x1f".join(map(str, keys)).encode("utf-8")).digest()
    return int.from_bytes(raw[:4], "big")


def pick(options: Sequence[str], *keys: object) -> str:
    """A deterministic choice among ``options`` from a hash of ``keys``."""
    return options[digest(*keys) % len(options)]


def said_before(sentence: str, recent: Sequence[str]) -> bool:
    """Whether ``sentence`` appears in one of the recent narrations."""
    key = _key(sentence)
    return bool(key) and any(key in _key(text) for text in recent[-RECENT_TURNS:])


def choose(options: Sequence[str], seed: object, recent: Sequence[str] = ()) -> str:
    """A seeded pick among ``options`` not said in ``recent`` (the least recently said when all were)."""
    if not options:
        return ""
    start = digest(seed, len(options), options[0]) % len(options)
    ordered = [options[(start + i) % len(options)] for i in range(len(options))]
    fresh = [o for o in ordered if not said_before(o, recent)]
    if fresh:
        return fresh[0]
    window = [_key(t) for t in recent[-RECENT_TURNS:]]

    def last_said(option: str) -> int:
        key = _key(option)
        return max((i for i, text in enumerate(window) if key in text), default=-1)

    return min(ordered, key=last_said)
