"""Picking a move's open choices the way a player says them: by number (``/choose 2``), by label (``/choose Pay 1
rep``, or plain "pay 1 rep" while a choice is open), several at once ("1, 3" or "Pay 1 rep and Lose status").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: Words a player may put before the option: "I choose ...", "pick ...".
LEAD = re.compile(r"^\s*(?:i\s+)?(?:choose|chose|pick|picked|take|took|go with|'ll take|will take)\s+", re.I)


#: A player leaving an open choice ("no thanks", "none", "skip"): taken only while a choice is open.
DECLINE = re.compile(
    r"\s*(?:no(?:pe|ne)?|no,? thanks?(?: you)?|no thank you|none(?: of (?:them|those|these))?|neither|nothing|skip(?: it)?|"
    r"pass|i'?ll pass|not now|leave it|i'?ll leave it|no need|don'?t|i don'?t)\s*[.!]*\s*",
    re.IGNORECASE,
)


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9+\-]+", " ", text.lower().replace("_", " ")).split())


def open_options(choices: Sequence[Any]) -> list[Any]:
    """The open options of ``choices`` (``Choice`` models), in the order the card shows them."""
    return [o for c in choices for o in c.options]


def _one(pick: str, options: list[Any]) -> str | None:
    key = _norm(pick)
    if not key:
        return None
    if key.isdigit():
        n = int(key)
        return str(options[n - 1].id) if 1 <= n <= len(options) else None
    for option in options:
        if pick.strip() == option.id or key in (_norm(option.id), _norm(option.label)):
            return str(option.id)
    starts = [o for o in options if _norm(o.label).startswith(key) and len(key) >= 4]
    return str(starts[0].id) if len(starts) == 1 else None


def resolve_picks(picks: Sequence[str], options: list[Any]) -> list[str] | None:
    """The option ids ``picks`` name (ids, numbers or labels), or None when any of them names none."""
    joined = LEAD.sub("", ", ".join(p.strip() for p in picks)).strip()
    whole = _one(joined, options) or _named_by_words(joined, options)  # "deal your combat damage": its telling words
    if whole is not None:
        return [whole]
    parts = [p for p in re.split(r"\s*(?:,|;|\band\b|\bthen\b)\s*", joined) if p.strip()]
    if len(parts) > 1:
        found = [_one(p, options) or _named_by_words(p, options) for p in parts]
        if all(found):
            return [f for f in found if f]
    tokens = [p for p in joined.replace(",", " ").split() if p]
    found = [_one(t, options) for t in tokens]
    if tokens and all(found):
        return [f for f in found if f]
    closest = _closest_by_words(joined, options)  # "/choose redirect an attack from the thing I defend to myself"
    return [closest] if closest else None


def _closest_by_words(body: str, options: list[Any]) -> str | None:
    """The option a /choose put in the player's own words names: the one sharing the most telling words with them, at
    least two and the first among them ("redirect ... defend" for "Redirect damage meant for the person you defend onto
    yourself"), when no other shares as many; None otherwise."""
    said = [w for w in _norm(body).split() if w not in _FILLER and len(w) >= 3]
    if len(said) < 2:
        return None

    def alike(w: str, s: str) -> bool:  # "leave" and "leaves", "defend" and "defending"
        return w == s or len(s) >= 4 and len(w) >= 4 and (w.startswith(s) or s.startswith(w))

    def shared(label: str) -> int:
        words = _norm(label).split()
        return sum(any(alike(w, s) for w in words) for s in said)

    def first_shared(label: str) -> bool:
        return any(w == said[0] or (len(said[0]) >= 4 and w.startswith(said[0])) for w in _norm(label).split())

    counts = sorted(((shared(str(o.label)), str(o.id)) for o in options if first_shared(str(o.label))), reverse=True)
    if not counts or counts[0][0] < 2 or (len(counts) > 1 and counts[1][0] == counts[0][0]):
        return None
    return counts[0][1]


def said_choice(text: str, options: list[Any]) -> list[str] | None:
    """The options a plain message picks while a choice is open ("pay 1 rep", "I choose 2"), or None when the
    message is something else (a number alone counts; a longer action does not)."""
    body = LEAD.sub("", text).strip(" .!")
    if not body or len(body) > 80:
        return None
    whole = _one(body, options) or _numbered(body, options)
    if whole is not None:
        return [whole]
    if LEAD.match(text):  # "I choose X and Y": the player says they pick
        return resolve_picks([body], options)
    by_words = _named_by_words(body, options)
    return [by_words] if by_words else None


#: An option's number after a word of its own ("i mark 2" for "2. Mark permanently harmed") or "option 2", "#2".
_NUMBERED = re.compile(r"^(?:i\s+(?:will\s+|'ll\s+)?)?(?:(?P<verb>[a-z]+)\s+|#\s*)(?:number\s+|option\s+|#\s*)?(?P<n>\d+)$", re.I)


def _numbered(body: str, options: list[Any]) -> str | None:
    """The option a number names after the first word of that option's label, or after "option", "number" or "#"
    ("mark 2" while "1. Mark wounded 2. Mark permanently harmed" are open); None for anything else ("take 2" where
    the option is no taking: the number may be an amount)."""
    found = _NUMBERED.match(body.strip())
    if not found or not 1 <= int(found.group("n")) <= len(options):
        return None
    option = options[int(found.group("n")) - 1]
    verb = (found.group("verb") or "").lower()
    first = (_norm(str(option.label)).split() or [""])[0]
    return str(option.id) if verb in ("", "option", "number", first) else None


#: Words that say nothing about which option ("kill him": only "kill" names one).
_FILLER = frozenset(
    {
        "i",
        "ll",
        "me",
        "my",
        "we",
        "us",
        "our",
        "you",
        "your",
        "he",
        "him",
        "his",
        "she",
        "her",
        "they",
        "them",
        "their",
        "it",
        "its",
        "the",
        "a",
        "an",
        "to",
        "and",
        "or",
        "of",
        "on",
        "in",
        "at",
        "with",
        "for",
        "then",
        "so",
        "ok",
        "okay",
        "just",
        "please",
        "let",
        "lets",
        "s",
        "go",
        "do",
        "will",
        "would",
        "want",
        "that",
        "this",
        "one",
    }
)


def _named_by_words(body: str, options: list[Any]) -> str | None:
    """The one option whose label holds every telling word of a short message ("kill him" while Feed offers "Gain 4
    blood and kill the victim"), or None: a longer message, or words in no option or in several, is no pick."""
    said = [w for w in _norm(body).split() if w not in _FILLER]
    if not said or len(_norm(body).split()) > 6:
        return None

    def holds(label: str) -> bool:
        words = _norm(label).split()
        return all(any(w == s or (len(s) >= 4 and w.startswith(s)) for w in words) for s in said)

    found = [o for o in options if holds(str(o.label))]
    return str(found[0].id) if len(found) == 1 else None


def options_in_words(options: list[Any]) -> str:
    """``1. Pay 1 rep; 2. Lose status`` for an error or a prompt."""
    return "; ".join(f"{i}. {o.label.rstrip('.')}" for i, o in enumerate(options, 1))
