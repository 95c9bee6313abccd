"""The character's name said in words ("my name is Vesper, a vampire…", "call me Ash", "i'm Arden, a fighter"): the
``/set name`` the player means, not an action to suggest moves for. Pure: words in, a name (or None) out."""

from __future__ import annotations

import re

_SAYS_NAME = re.compile(
    r"^\W*(?:(?:hi|hello|hey|greetings)\W+)?(?:my\s+(?:character'?s?\s+|vampire'?s?\s+|hero'?s?\s+)?name\s+is|"
    r"(?:you\s+can\s+)?call\s+me|i'?m\s+called|i\s+am\s+called|i\s+go\s+by|"
    r"my\s+character\s+is\s+(?:called|named))\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
#: An introduction: "i'm Arden, a fighter with a greatsword", "I am Vesper Crane, the last of my line": a name as typed
#: (capitalised), then a comma and what the character is. "i'm hungry, a little" names no one (not capitalised).
_INTRODUCES = re.compile(
    r"^\W*(?i:(?:hi|hello|hey|greetings)\W+)?(?i:i'?m|i’m|i\s+am)\s+"
    r"(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})\s*,\s*(?i:a|an|the)\s+\w"
)
#: Words that are no name: "my name is not important", "call me when…".
_NOT_A_NAME = frozenset({"not", "unknown", "nobody", "no", "none", "when", "if", "later", "a", "an", "the", "what"})
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


def name_said(text: str) -> str | None:
    """The name ``text`` gives the player's character, up to three words as typed ("Vesper", "Ilsa Voss"), the first
    capitalised; None when the words name no one."""
    m = _SAYS_NAME.match(" ".join(text.split()))
    if not m:
        intro = _INTRODUCES.match(" ".join(text.split()))
        return intro.group("name") if intro and intro.group("name").lower() not in _NOT_A_NAME else None
    rest = re.split(r"[,.;:!?(]|\s+-+\s+|\s+(?:and|but|who|a|an|the)\s+", m.group("rest"), maxsplit=1)[0]
    words = _WORD.findall(rest)
    if not words or words[0].lower() in _NOT_A_NAME:
        return None
    kept = [words[0]]  # "vesper" typed in lower case is one word; "Ilsa Voss" typed capitalised keeps its other names
    for w in words[1:3]:
        if not w[:1].isupper():
            break
        kept.append(w)
    said = " ".join(kept)
    return said[:1].upper() + said[1:]
